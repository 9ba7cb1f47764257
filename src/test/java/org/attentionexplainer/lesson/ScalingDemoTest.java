package org.attentionexplainer.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.attentionexplainer.engine.AttentionEngine;
import org.junit.jupiter.api.Test;

/**
 * q · k of vectors with independent N(0, 1) components has variance d_k (a sum of d_k products
 * of variance 1); divided by √d_k the variance is 1, whatever d_k.
 */
class ScalingDemoTest {
    private final AttentionEngine engine = new AttentionEngine();

    @Test
    void unscaledSpreadGrowsLikeDkScaledStaysNearOne() {
        for (int dk : new int[] {16, 256, 1024}) {
            ScalingDemo demo = ScalingDemo.compute(engine, dk, ScalingDemo.DEFAULT_SEED);
            assertEquals(dk, demo.unscaled().variance(), 0.12 * dk, "d_k " + dk);
            assertEquals(1.0, demo.scaled().variance(), 0.12, "d_k " + dk);
            assertEquals(demo.unscaled().variance() / dk, demo.scaled().variance(), 1e-9);
        }
        ScalingDemo one = ScalingDemo.compute(engine, 1, ScalingDemo.DEFAULT_SEED);
        assertEquals(1.0, one.unscaled().variance(), 0.2);
        assertEquals(one.unscaled().variance(), one.scaled().variance(), 1e-12);
    }

    @Test
    void unscaledSoftmaxSaturatesAtLargeDk() {
        ScalingDemo demo = ScalingDemo.compute(engine, 1024, ScalingDemo.DEFAULT_SEED);
        assertTrue(demo.maxWeightUnscaled() > 0.9, "unscaled: one weight near 1, got " + demo.maxWeightUnscaled());
        assertTrue(demo.maxWeightScaled() < 0.6, "scaled: spread out, got " + demo.maxWeightScaled());
        assertEquals(1.0, Arrays.stream(demo.exampleUnscaled()).sum(), 1e-5);
        assertEquals(1.0, Arrays.stream(demo.exampleScaled()).sum(), 1e-5);
        assertEquals(ScalingDemo.KEYS, demo.exampleScaled().length);
    }

    @Test
    void histogramsCountEveryScoreOnTheSameAxis() {
        ScalingDemo demo = ScalingDemo.compute(engine, 64, 7);
        assertEquals(ScalingDemo.PAIRS, Arrays.stream(demo.unscaled().counts()).sum());
        assertEquals(ScalingDemo.PAIRS, Arrays.stream(demo.scaled().counts()).sum());
        assertEquals(32.0, demo.unscaled().range(), 1e-12);
        assertEquals(demo.unscaled().range(), demo.scaled().range(), 1e-12);
        // Scaled scores lie within ±4 of 0, i.e. the middle bins of an axis of ±32.
        int[] scaled = demo.scaled().counts();
        int outside = 0;
        for (int b = 0; b < scaled.length; b++) {
            if (Math.abs(b - scaled.length / 2) > 2) {
                outside += scaled[b];
            }
        }
        assertEquals(0, outside);
    }

    @Test
    void sameSeedSameNumbers() {
        ScalingDemo a = ScalingDemo.compute(engine, 100, 5);
        ScalingDemo b = ScalingDemo.compute(engine, 100, 5);
        assertEquals(a.unscaled().variance(), b.unscaled().variance());
        assertThrows(IllegalArgumentException.class, () -> ScalingDemo.compute(engine, 0, 5));
        assertThrows(IllegalArgumentException.class, () -> ScalingDemo.compute(engine, 1025, 5));
    }
}
