package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The course example "Hello shiny sun!" against its published figures: query "shiny",
 * unscaled dot products, softmax, weighted sum.
 */
class WorkedExampleTest {
    private static final Tensor X = Tensor.matrix(new float[][] {
        {0.34f, 0.22f, 0.54f}, {0.53f, 0.34f, 0.98f}, {0.29f, 0.54f, 0.93f}});

    private final AttentionTrace trace = new AttentionEngine().compute(AttentionSpec.builder(X)
            .tokens(List.of("Hello", "shiny", "sun")).scale(Scale.none()).build());

    @Test
    void scoresOfShinyAreThePublishedDotProducts() {
        // 0.34*0.53 + 0.22*0.34 + 0.54*0.98 = 0.7842, and likewise for shiny and sun.
        assertArrayEquals(new float[] {0.7842f, 1.3569f, 1.2487f}, trace.scores().row(0, 0, 1), 5e-5f);
    }

    @Test
    void weightsOfShinyArePublishedAndSumToOne() {
        float[] w = trace.weights().row(0, 0, 1);
        assertArrayEquals(new float[] {0.2291f, 0.4063f, 0.3646f}, w, 5e-5f);
        assertEquals(1.0, w[0] + w[1] + w[2], 1e-6);
    }

    @Test
    void contextOfShinyIsTheExactWeightedSum() {
        // The course notes print [0.3992, 0.3858, 0.8610] because they round intermediates;
        // with exact intermediates (PyTorch) it is [0.3990, 0.3854, 0.8610].
        float[] c = trace.output().row(0, 1);
        assertArrayEquals(new float[] {0.3990f, 0.3854f, 0.8610f}, c, 5e-5f);
        assertArrayEquals(new float[] {0.3992f, 0.3858f, 0.8610f}, c, 5e-4f);
    }

    @Test
    void identityProjectionKeepsTheTokenLabels() {
        assertEquals(List.of("Hello", "shiny", "sun"), trace.tokens());
        assertEquals(List.of("Hello", "shiny", "sun"), trace.sourceTokens());
    }
}
