package org.attentionexplainer.lesson.chapters;

import static org.attentionexplainer.lesson.chapters.Golden.shared;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.Tensor;
import org.junit.jupiter.api.Test;

/** Against PyTorch's values in golden/shared/softmax_stability (float16 via exp in float32, rounded). */
class StabilityChapterTest {
    private final StabilityChapter s = StabilityChapter.compute(new AttentionEngine());

    private static void assertSameBits(String what, Tensor want, Tensor got) {
        assertArrayEquals(want.toArray(), got.toArray(), what);
    }

    @Test
    void naiveSoftmaxOfLargeLogitsOverflows() {
        StabilityChapter.Run r = s.large();
        assertSameBits("x", shared("softmax_stability/x.npy"), r.x());
        assertSameBits("exp f32", shared("softmax_stability/exp_naive_f32.npy"), r.naiveExp32());
        assertSameBits("naive f32", shared("softmax_stability/softmax_naive_f32.npy"), r.naiveSoftmax32());
        assertSameBits("exp f16", shared("softmax_stability/exp_naive_f16.npy"), r.naiveExp16());
        assertSameBits("naive f16", shared("softmax_stability/softmax_naive_f16.npy"), r.naiveSoftmax16());
        assertTrue(r.naive32Fails());
        assertTrue(Float.isNaN(r.naiveSoftmax32().get(0)), "inf / inf");
    }

    @Test
    void subtractingTheMaximumFixesIt() {
        StabilityChapter.Run r = s.large();
        Golden.assertClose("stable f32", shared("softmax_stability/softmax_stable_f32.npy"), r.stable32(), 1e-7);
        assertSameBits("stable f16", shared("softmax_stability/softmax_manual_maxsub_f16.npy"), r.stable16());
        assertArrayEquals(new float[] {-2, -1, 0}, r.shifted().toArray());
        assertArrayEquals(new float[] {0.0900f, 0.2447f, 0.6652f}, r.stable32().toArray(), 5e-5f);
    }

    @Test
    void float16BreaksAlreadyAtTenElevenTwelve() {
        StabilityChapter.Run r = s.small();
        assertSameBits("exp f16", shared("softmax_stability/exp_naive_f16_small.npy"), r.naiveExp16());
        assertArrayEquals(new float[] {22032f, 59872f, Float.POSITIVE_INFINITY}, r.naiveExp16().toArray());
        assertSameBits("naive f16", shared("softmax_stability/softmax_naive_f16_small.npy"), r.naiveSoftmax16());
        Golden.assertClose("naive f32", shared("softmax_stability/softmax_naive_f32_small.npy"), r.naiveSoftmax32(),
                1e-7);
        assertTrue(r.naive16Fails());
        assertFalse(r.naive32Fails());
    }

    @Test
    void float16RoundingByHand() {
        assertEquals(65504f, Float16.round(65504));
        assertEquals(65504f, Float16.round(65519.99));
        assertEquals(Float.POSITIVE_INFINITY, Float16.round(65520), "the tie goes to 2^16, beyond float16");
        assertEquals(Float.NEGATIVE_INFINITY, Float16.round(-70000));
        assertEquals(2048f, Float16.round(2049), "tie to even: 2048 and 2050 are neighbours");
        assertEquals(2052f, Float16.round(2051));
        assertEquals(0.333251953125f, Float16.round(1.0 / 3), "0x3555");
        assertEquals(0x1p-24f, Float16.round(0x1p-24), "smallest subnormal");
        assertEquals(0f, Float16.round(0x1p-25), "tie to even: 0");
        assertEquals(0x1p-23f, Float16.round(3 * 0x1p-25));
        assertTrue(Float.isNaN(Float16.round(Double.NaN)));
        assertEquals(11.0898, StabilityChapter.FLOAT16_EXP_LIMIT, 1e-4, "ln 65504");
        assertEquals(88.7228, StabilityChapter.FLOAT32_EXP_LIMIT, 1e-4, "ln 3.4028235e38");
    }
}
