package org.attentionexplainer.lesson.chapters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Rotations and scores from PyTorch (Hugging Face Llama's rotate_half); the angles by hand. */
class RopeChapterTest {
    private static AttentionEngine engine;

    @BeforeAll
    static void start() {
        engine = new AttentionEngine();
    }

    @Test
    void rotationsAndScoresMatchPyTorchForSeveralBases() {
        for (int base : new int[] {10_000, 100, 10}) {
            RopeChapter r = RopeChapter.compute(engine, base);
            Golden.assertClose("q base " + base, ModernGolden.read("rope/q_base" + base + ".npy"), r.rotatedQ(), 1e-6);
            Golden.assertClose("scores base " + base, ModernGolden.read("rope/scores_base" + base + ".npy"),
                    r.rope(), 1e-6);
            Golden.assertClose("sinusoidal", ModernGolden.read("rope/scores_sinusoidal.npy"), r.sinusoidal(), 1e-6);
        }
    }

    @Test
    void ropeDiagonalsAreConstantAndTheSinusoidalOnesAreNot() {
        RopeChapter r = RopeChapter.compute(engine);
        // float64 PyTorch: spread 3e-16; float32 rounding leaves a few 1e-7
        assertTrue(r.ropeSpread() < 1e-5, "RoPE spread " + r.ropeSpread());
        // PyTorch: the largest spread along a diagonal with the sinusoidal encoding is 0.9759
        assertEquals(0.9759215, r.sinusoidalSpread(), 1e-5);
        // q_5 . k_3 = q_7 . k_5 = q_2 . k_0 (distance 2): PyTorch's scores_base10000[2][0] = -0.4849
        assertEquals(-0.4849, r.rope().get(5, 3), 1e-4);
        assertEquals(-0.4849, r.rope().get(7, 5), 1e-4);
    }

    @Test
    void anglesByHand() {
        RopeChapter r = RopeChapter.compute(engine);
        // hd 8, base 10000: pair 0 turns 1 radian per position, pair 1 10000^(-2/8) = 0.1, pair 3 10000^(-6/8) = 0.001
        assertEquals(1.0, r.angle(0), 0);
        assertEquals(0.1, r.angle(1), 1e-15);
        assertEquals(0.001, r.angle(3), 1e-15);
        assertEquals(2 * Math.PI, r.wavelength(0), 1e-12);
        // position 0 is not rotated: q_0 pair 1 is (q[1], q[5]) of the plain q; position 1 turns pair 0 by 1 rad
        float[] p0 = RopeChapter.pair(r.rotatedQ(), 0, 0);
        float[] p1 = RopeChapter.pair(r.rotatedQ(), 1, 0);
        assertEquals(p0[0] * Math.cos(1) - p0[1] * Math.sin(1), p1[0], 1e-6);
        assertEquals(p0[1] * Math.cos(1) + p0[0] * Math.sin(1), p1[1], 1e-6);
        assertEquals(Math.hypot(p0[0], p0[1]), Math.hypot(p1[0], p1[1]), 1e-6, "a rotation keeps the length");
        assertThrows(IllegalArgumentException.class, () -> RopeChapter.compute(engine, 1));
        assertThrows(IllegalArgumentException.class, () -> RopeChapter.compute(engine, Double.NaN));
    }

    @Test
    void quizAnswersByHand() {
        Quiz quiz = RopeChapter.compute(engine, 100).quiz();
        assertEquals("rope", quiz.chapter());
        // base 100, hd 8: 100^(-2/8) = 10^(-1/2) = 0.3162
        assertEquals(0.31623, ((NumericQuestion) quiz.questions().get(0)).answer(), 1e-5);
        // q = k = (1, 0) at positions 3 and 1: cos(2) = -0.4161
        assertEquals(-0.41615, ((NumericQuestion) quiz.questions().get(2)).answer(), 1e-5);
    }
}
