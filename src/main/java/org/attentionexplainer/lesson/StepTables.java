package org.attentionexplainer.lesson;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The matrices a walkthrough step shows, as data, for its picture: left to right as the step
 * lays them out, each with its labels and whether it is coloured by value (a heatmap) or a
 * plain table of numbers. Steps 1–3 follow one query, so their matrices are that query's
 * rows; step 8 draws histograms and bars and has no matrix. Texts are message keys; the
 * picture puts them in the reader's language.
 *
 * @param step        the step
 * @param tables      its matrices
 * @param captionKey  the caption's message key (the example and its settings)
 * @param captionArgs the caption's arguments
 */
public record StepTables(Step step, List<Table> tables, String captionKey, List<Object> captionArgs) {
    /**
     * One matrix.
     *
     * @param titleKey  message key of its title
     * @param titleArgs its arguments: labels, or numbers (written with the walkthrough's 4 decimals)
     * @param legendKey message key of its colour bar's title; null for a plain table
     * @param rows      row labels
     * @param cols      column labels
     * @param values    (rows, cols)
     * @param queryRow  the row of the query the lesson follows, outlined as on screen; -1 for none
     * @param scale     the range its colours span (see {@link HeatScale}); null for a plain table
     */
    public record Table(String titleKey, List<Object> titleArgs, String legendKey, List<String> rows,
                        List<String> cols, Matrix values, int queryRow, HeatScale scale) {
        /** A plain table (no colours) with no row outlined. */
        public Table(String titleKey, List<Object> titleArgs, List<String> rows, List<String> cols, Matrix values) {
            this(titleKey, titleArgs, null, rows, cols, values, -1, null);
        }

        /** A heatmap on {@code scale} with no row outlined. */
        public Table(String titleKey, List<Object> titleArgs, String legendKey, List<String> rows, List<String> cols,
                     Matrix values, HeatScale scale) {
            this(titleKey, titleArgs, legendKey, rows, cols, values, -1, scale);
        }

        public Table {
            if (queryRow < -1 || queryRow >= rows.size()) {
                throw new IllegalArgumentException("query row " + queryRow + " of " + rows.size());
            }
            titleArgs = List.copyOf(titleArgs);
            rows = List.copyOf(rows);
            cols = List.copyOf(cols);
            if ((legendKey == null) != (scale == null)) {
                throw new IllegalArgumentException("a heatmap has a legend and a scale, a plain table neither");
            }
            if (rows.size() != values.rows() || cols.size() != values.cols()) {
                throw new IllegalArgumentException(rows.size() + " x " + cols.size() + " labels for a "
                        + values.rows() + " x " + values.cols() + " matrix");
            }
        }

        /** Coloured by value, with a colour bar. */
        public boolean heat() {
            return legendKey != null;
        }
    }

    static final String SCORE = "walk.export.legend.score";
    static final String WEIGHT = "walk.export.legend.weight";

    public StepTables {
        tables = List.copyOf(tables);
        captionArgs = List.copyOf(captionArgs);
    }

    /**
     * The matrices of {@code step}; empty for a step without one (step 8) or while its numbers
     * are not computed yet.
     *
     * @param hello    steps 1–4: "Hello shiny sun!" (null until computed)
     * @param query    the query of steps 1–3
     * @param trained  steps 5–7: the trainable-weights example (null until computed)
     * @param seed     the seed its weights were drawn from
     */
    public static Optional<StepTables> of(Step step, SimpleAttention hello, int query, TrainableAttention trained,
                                          long seed) {
        if (step.usesHelloExample()) {
            return hello == null ? Optional.empty() : Optional.of(hello(step, hello,
                    Math.max(0, Math.min(query, hello.size() - 1))));
        }
        if (step.usesSentence()) {
            return trained == null ? Optional.empty() : Optional.of(trained(step, trained, seed));
        }
        return Optional.empty();
    }

    /** Whether {@code step} shows matrices at all. */
    public static boolean hasMatrices(Step step) {
        return step.usesHelloExample() || step.usesSentence();
    }

    private static StepTables hello(Step step, SimpleAttention r, int q) {
        List<String> labels = labels(r.tokens());
        List<String> query = List.of(labels.get(q));
        String name = labels.get(q);
        Matrix scores = row(r.scores(), q);
        Matrix weights = row(r.weights(), q);
        // one query's scores are coloured on the range of every query's, as step 4 shows them
        HeatScale scoreScale = scoreScale(r);
        List<Table> t = new ArrayList<>();
        switch (step) {
            case SCORES -> t.add(new Table("walk.export.scoresOf", List.of(name), SCORE, query, labels, scores,
                    scoreScale));
            case SOFTMAX -> {
                t.add(new Table("walk.export.scoresOf", List.of(name), SCORE, query, labels, scores, scoreScale));
                t.add(new Table("walk.export.weightsOf", List.of(name), WEIGHT, query, labels, weights,
                        HeatScale.WEIGHTS));
            }
            case CONTEXT -> {
                t.add(new Table("walk.export.weightsOf", List.of(name), WEIGHT, query, labels, weights,
                        HeatScale.WEIGHTS));
                t.add(new Table("walk.export.embeddings", List.of(), labels,
                        subscripted("x", r.context().cols()), embeddings(r.tokens())));
                t.add(new Table("walk.export.contextOf", List.of(name), query,
                        subscripted("z", r.context().cols()), row(r.context(), q)));
            }
            default -> {
                // every query's row, the one steps 1-3 followed outlined as the screen outlines it
                t.add(new Table("walk.all.scores", List.of(), SCORE, labels, labels, r.scores(), q, scoreScale));
                t.add(new Table("walk.all.weights", List.of(), WEIGHT, labels, labels, r.weights(), q,
                        HeatScale.WEIGHTS));
                t.add(new Table("walk.all.context", List.of(), null, labels, subscripted("z", r.context().cols()),
                        r.context(), q, null));
            }
        }
        return new StepTables(step, t, "walk.export.caption.hello",
                List.of(String.join(" ", labels), r.context().cols(), name));
    }

    private static StepTables trained(Step step, TrainableAttention r, long seed) {
        List<String> labels = labels(r.tokens());
        int dk = r.dk();
        List<Table> t = new ArrayList<>();
        switch (step) {
            case PROJECTIONS -> {
                t.add(new Table("walk.projections.q", List.of(), labels, subscripted("q", dk), r.queries()));
                t.add(new Table("walk.projections.k", List.of(), labels, subscripted("k", dk), r.keys()));
                t.add(new Table("walk.projections.v", List.of(), labels, subscripted("v", dk), r.values()));
            }
            case SCALED_SCORES -> {
                HeatScale scale = scoreScale(r);
                t.add(new Table("walk.scaled.scores", List.of(), SCORE, labels, labels, r.scores(), scale));
                t.add(new Table("walk.scaled.divided", List.of(Math.sqrt(dk)), "walk.export.legend.scaled", labels,
                        labels, r.scaled(), scale));
            }
            default -> {
                t.add(new Table("walk.trained.weights", List.of(), WEIGHT, labels, labels, r.attention(),
                        HeatScale.WEIGHTS));
                t.add(new Table("walk.projections.v", List.of(), labels, subscripted("v", dk), r.values()));
                t.add(new Table("walk.trained.context", List.of(), labels, subscripted("z", dk), r.context()));
            }
        }
        boolean asDrawn = r.weights().equals(ProjectionWeights.fromSeed(seed, r.weights().dIn(), r.weights().dOut()));
        return new StepTables(step, t, asDrawn ? "walk.export.caption.seeded" : "walk.export.caption.edited",
                List.of(String.join(" ", labels), r.weights().dIn(), dk, String.valueOf(seed)));
    }

    /** The colour range of the scores of "Hello shiny sun" (steps 1, 2 and 4). */
    public static HeatScale scoreScale(SimpleAttention r) {
        return HeatScale.spanning(r.scores());
    }

    /** The colour range of step 6: the scores and the scaled scores on one range. */
    public static HeatScale scoreScale(TrainableAttention r) {
        return HeatScale.spanning(r.scores(), r.scaled());
    }

    private static List<String> labels(List<Token> tokens) {
        return tokens.stream().map(Token::label).toList();
    }

    private static Matrix row(Matrix m, int r) {
        return new Matrix(1, m.cols(), m.row(r));
    }

    private static Matrix embeddings(List<Token> tokens) {
        double[][] rows = new double[tokens.size()][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = tokens.get(i).values();
        }
        return Matrix.of(rows);
    }

    /** x₁, x₂, … : a symbol with subscript indices from 1. */
    static List<String> subscripted(String symbol, int n) {
        List<String> out = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
            StringBuilder sb = new StringBuilder(symbol);
            for (char c : Integer.toString(i).toCharArray()) {
                sb.append((char) ('₀' + (c - '0')));
            }
            out.add(sb.toString());
        }
        return out;
    }
}
