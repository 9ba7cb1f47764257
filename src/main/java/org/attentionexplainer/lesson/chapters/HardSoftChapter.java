package org.attentionexplainer.lesson.chapters;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Normalization;
import org.attentionexplainer.engine.Scale;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.lesson.Text;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;

/**
 * Chapter 4, hard and soft attention, on the course example "Hello shiny sun" with unscaled dot
 * products as in the notes. Soft: w = softmax(beta s); hard: a one-hot on the largest score, the
 * limit of beta to infinity. beta is the inverse temperature; the engine divides by T = 1/beta.
 *
 * @param query       index of the query token
 * @param beta        the inverse temperature
 * @param scores      (t, t) X X^T
 * @param soft        (t, t) softmax(beta scores)
 * @param hard        (t, t) one-hot argmax
 * @param softContext (d,) the query's context under soft attention
 * @param hardContext (d,) the same under hard attention: exactly one token's vector
 * @param betaSeries  the query's weights for a range of beta, for a plot
 * @param store       the key-value store analogy at the same beta
 */
public record HardSoftChapter(List<String> tokens, Tensor embeddings, int query, double beta, Tensor scores,
                              Tensor soft, Tensor hard, Tensor softContext, Tensor hardContext,
                              List<BetaPoint> betaSeries, RecipeStore store) implements Chapter {
    /** The chapter's title, headline and narrative. */
    public static final ChapterText TEXT = new ChapterText("hard-soft", "chapter.hardsoft.title",
            "chapter.hardsoft.headline", List.of(
                    new Section("chapter.hardsoft.hard.title", "chapter.hardsoft.hard.text",
                            "chapter.hardsoft.hard.formula"),
                    new Section("chapter.hardsoft.beta.title", "chapter.hardsoft.beta.text",
                            "chapter.hardsoft.beta.formula"),
                    new Section("chapter.hardsoft.store.title", "chapter.hardsoft.store.text",
                            "chapter.hardsoft.store.formula")));


    public static final double DEFAULT_BETA = 1.0;
    public static final int DEFAULT_QUERY = 1;
    /** The range of the beta slider. */
    public static final double MIN_BETA = 0.1;
    public static final double MAX_BETA = 20;
    private static final double[] SERIES = {0.1, 0.25, 0.5, 1, 2, 4, 8, 16};

    /** The query's weights at one beta. */
    public record BetaPoint(double beta, Tensor weights) {
    }

    public HardSoftChapter {
        tokens = List.copyOf(tokens);
        betaSeries = List.copyOf(betaSeries);
    }

    public static HardSoftChapter compute(AttentionEngine engine) {
        return compute(engine, DEFAULT_QUERY, DEFAULT_BETA);
    }

    public static HardSoftChapter compute(AttentionEngine engine, int query, double beta) {
        Tensor x = CourseExamples.hello();
        if (query < 0 || query >= x.dim(0)) {
            throw new IllegalArgumentException("query " + query + " outside 0.." + (x.dim(0) - 1));
        }
        AttentionSpec base = AttentionSpec.builder(x).tokens(CourseExamples.HELLO_TOKENS).scale(Scale.none()).build();
        AttentionTrace soft = engine.compute(withBeta(base, beta));
        AttentionTrace hard = engine.compute(base.toBuilder().normalization(Normalization.HARDMAX).build());
        List<BetaPoint> series = new ArrayList<>();
        for (double b : SERIES) {
            series.add(new BetaPoint(b, Tensor.vector(engine.compute(withBeta(base, b)).weights().row(0, 0, query))));
        }
        return new HardSoftChapter(CourseExamples.HELLO_TOKENS, x, query, beta,
                Tensor.matrix(Matrices.first(soft.scores())), Tensor.matrix(Matrices.first(soft.weights())),
                Tensor.matrix(Matrices.first(hard.weights())), Tensor.vector(soft.context().row(0, query)),
                Tensor.vector(hard.context().row(0, query)), series, RecipeStore.compute(engine, beta));
    }

    static AttentionSpec withBeta(AttentionSpec base, double beta) {
        if (!(beta > 0 && Double.isFinite(beta))) {
            throw new IllegalArgumentException("beta must be a positive number, got " + beta);
        }
        return base.toBuilder().temperature(1 / beta).build();
    }

    /** The key the query attends to most under soft attention (hard attention picks the same). */
    public int strongestKey() {
        return Matrices.argmax(soft.row(query));
    }

    /** "0.53 × 0.29 + 0.34 × 0.54 + 0.98 × 0.93 = 1.2487": the terms of one score. */
    public Text dotProductText(int key) {
        float[] q = embeddings.row(query);
        float[] k = embeddings.row(key);
        return Text.of("chapter.hardsoft.dot", tokens.get(query), tokens.get(key), (double) q[0], (double) k[0],
                (double) q[1], (double) k[1], (double) q[2], (double) k[2], (double) scores.get(query, key));
    }

    @Override
    public Quiz quiz() {
        return AttentionQuizzes.hardSoft(this);
    }
}
