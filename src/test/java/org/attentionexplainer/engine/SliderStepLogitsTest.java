package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A slider step on the ND4J path writes no logits: they are made when first read. Read after
 * later steps, a trace's logits are still scores x scale / T with -inf where masked (worked out
 * here from its scores), and its weights are unchanged: a view or an export that holds an older
 * trace sees its own numbers.
 */
class SliderStepLogitsTest {
    @Test
    void logitsReadAfterLaterStepsAreThoseOfTheirOwnTemperature() {
        Random rng = new Random(3);
        int t = 96;
        int d = 16;
        float[] x = new float[t * d];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) rng.nextGaussian();
        }
        float[] w = new float[d * 3 * d];
        for (int i = 0; i < w.length; i++) {
            w[i] = (float) (rng.nextGaussian() * 0.3);
        }
        AttentionSpec spec = AttentionSpec.builder(Tensor.of(x, t, d))
                .projection(new Projection.Fused(Tensor.of(w, d, 3 * d), null))
                .heads(4)
                .causal(true)
                .temperature(0.5)
                .build();
        AttentionEngine engine = new AttentionEngine(false);
        AttentionTrace first = engine.compute(spec);
        float[] firstWeights = first.weights().toArray();
        AttentionTrace second = engine.compute(spec.toBuilder().temperature(2).build(), first);
        AttentionTrace third = engine.compute(spec.toBuilder().temperature(0.1).build(), second);
        assertSame(first.scores(), third.scores(), "the steps take the scores over");

        for (AttentionTrace trace : new AttentionTrace[] {third, first, second}) {
            float factor = (float) (1 / Math.sqrt(d / 4.0) / trace.spec().temperature());
            float[] scores = trace.scores().toArray();
            float[] want = new float[scores.length];
            for (int i = 0; i < want.length; i++) {
                int query = i / t % t;
                int key = i % t;
                want[i] = key > query ? Float.NEGATIVE_INFINITY : scores[i] * factor;
            }
            assertArrayEquals(want, trace.logits().toArray(), "T = " + trace.spec().temperature());
        }
        assertArrayEquals(firstWeights, first.weights().toArray(), "an older trace's weights stay its own");
        assertEquals(0f, first.weights().get(0, 0, 0, 1), "a masked key has weight 0");
    }
}
