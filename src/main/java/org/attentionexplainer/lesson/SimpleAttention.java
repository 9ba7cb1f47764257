package org.attentionexplainer.lesson;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Scale;
import org.attentionexplainer.engine.Tensor;

/**
 * Self-attention without trainable weights, as the course's first section computes it: the
 * embeddings are queries, keys and values at once and the scores are not scaled.
 *
 * <p>Symbols: t tokens, d embedding width.
 *
 * @param tokens  the t tokens
 * @param scores  (t, t) s_ij = x_i · x_j from the engine
 * @param weights (t, t) softmax over each row
 * @param context (t, d) z_i = Σ_j α_ij x_j
 */
public record SimpleAttention(List<Token> tokens, Matrix scores, Matrix weights, Matrix context) {
    /** Above this, e^s is shown after subtracting the largest score so the numbers stay readable. */
    static final double SHIFT_ABOVE = 20;

    public SimpleAttention {
        tokens = List.copyOf(tokens);
    }

    /** Runs the engine on {@code tokens} (all of the same width, finite values). */
    public static SimpleAttention compute(AttentionEngine engine, List<Token> tokens) {
        if (tokens.isEmpty()) {
            throw new IllegalArgumentException("at least one token is needed");
        }
        float[][] x = new float[tokens.size()][];
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            double[] v = tokens.get(i).values();
            x[i] = new float[v.length];
            for (int c = 0; c < v.length; c++) {
                x[i][c] = (float) v[c];
            }
            labels.add(tokens.get(i).label());
        }
        AttentionTrace trace = engine.compute(AttentionSpec.builder(Tensor.matrix(x))
                .tokens(labels).scale(Scale.none()).build());
        return new SimpleAttention(tokens,
                Matrix.of(trace.scores().matrix(0, 0)),   // (t, t)
                Matrix.of(trace.weights().matrix(0, 0)),  // (t, t)
                Matrix.of(trace.context().matrix(0)));    // (t, d)
    }

    public int size() {
        return tokens.size();
    }

    /** Whether these are the course's tokens unchanged (the notes' rounded figures then apply). */
    public boolean isCourseExample() {
        return tokens.equals(CourseExample.helloShinySun());
    }

    /** Steps 1–3 for query {@code i}. */
    public QueryBreakdown query(int i) {
        int t = tokens.size();
        double[] q = tokens.get(i).values();
        List<DotProduct> dots = new ArrayList<>(t);
        double max = Double.NEGATIVE_INFINITY;
        for (int j = 0; j < t; j++) {
            double s = scores.get(i, j);
            dots.add(DotProduct.of(tokens.get(j).values(), q, s));
            max = Math.max(max, s);
        }
        double shift = max > SHIFT_ABOVE ? max : 0;
        double[] exps = new double[t];
        for (int j = 0; j < t; j++) {
            exps[j] = Math.exp(scores.get(i, j) - shift);
        }
        return new QueryBreakdown(i, tokens, dots, shift, exps, weights.row(i), context.row(i));
    }
}
