package org.attentionexplainer.lesson.chapters;

import static org.attentionexplainer.lesson.chapters.Golden.assertClose;
import static org.attentionexplainer.lesson.chapters.Golden.chapter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.Scale;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** FlashAttention step by step: a 2 × 4 case by hand, the seeded toy against PyTorch's block loop. */
class FlashChapterTest {
    private static AttentionEngine engine;

    @BeforeAll
    static void start() {
        engine = new AttentionEngine();
    }

    /**
     * Queries [1], [2] against keys (and values) [0], [1], [2], [3], unscaled, blocks of 2 keys:
     * logits row 1 = [0, 1, 2, 3], row 2 = [0, 2, 4, 6].
     */
    private static FlashChapter handCase(int blockQ) {
        AttentionSpec spec = AttentionSpec.builder(Tensor.of(new float[] {1, 2}, 2, 1))
                .source(Tensor.of(new float[] {0, 1, 2, 3}, 4, 1)).scale(Scale.none()).build();
        return FlashChapter.compute(engine, spec, blockQ, 2);
    }

    @Test
    void mAndLAfterEveryBlockByHand() {
        FlashChapter f = handCase(2);
        assertEquals(2, f.stepCount());
        // step 1, keys 0 and 1: row 1 m = 1, l = e^-1 + 1; row 2 m = 2, l = e^-2 + 1
        FlashChapter.State s1 = f.state(1);
        assertEquals(1, s1.m()[0], 1e-6);
        assertEquals(Math.exp(-1) + 1, s1.l()[0], 1e-6);
        assertEquals(2, s1.m()[1], 1e-6);
        assertEquals(Math.exp(-2) + 1, s1.l()[1], 1e-6);
        assertEquals(0, s1.rescale()[0], "the first block: m was -inf, nothing to rescale");
        assertEquals(Double.NEGATIVE_INFINITY, s1.mBefore()[0]);
        // O / l after keys 0, 1: row 1 = (0 e^-1 + 1) / (e^-1 + 1)
        assertEquals(1 / (Math.exp(-1) + 1), s1.output()[0][0], 1e-6);
        // step 2, keys 2 and 3: row 1 m 1 -> 3, rescale e^-2, l = (e^-1 + 1) e^-2 + e^-1 + 1
        FlashChapter.State s2 = f.state(2);
        assertEquals(3, s2.m()[0], 1e-6);
        assertEquals(Math.exp(-2), s2.rescale()[0], 1e-6);
        assertEquals((Math.exp(-1) + 1) * Math.exp(-2) + Math.exp(-1) + 1, s2.l()[0], 1e-5);
        // row 2: m 2 -> 6, rescale e^-4, l = (e^-2 + 1) e^-4 + e^-2 + 1
        assertEquals(6, s2.m()[1], 1e-6);
        assertEquals(Math.exp(-4), s2.rescale()[1], 1e-6);
        assertEquals((Math.exp(-2) + 1) * Math.exp(-4) + Math.exp(-2) + 1, s2.l()[1], 1e-5);
        // row 1's output: Σ j e^j / Σ e^j over j = 0..3
        double num = 0;
        double den = 0;
        for (int j = 0; j < 4; j++) {
            num += j * Math.exp(j);
            den += Math.exp(j);
        }
        assertEquals(num / den, s2.output()[0][0], 1e-5);
        assertEquals(num / den, f.direct().get(0, 0), 1e-5);
        assertTrue(f.maxDifference() < 1e-6, "tiled = direct: " + f.maxDifference());
    }

    @Test
    void rowBlocksOneAtATime() {
        FlashChapter f = handCase(1);
        assertEquals(4, f.stepCount(), "2 row blocks × 2 key blocks");
        FlashChapter.Tile t3 = f.tile(3);
        assertEquals(1, t3.rowFrom());
        assertEquals(2, t3.rowTo());
        assertEquals(0, t3.colFrom());
        assertEquals(2, t3.colTo());
        FlashChapter.State s2 = f.state(2);
        assertTrue(Double.isNaN(s2.m()[1]), "row 2 has not started");
        assertTrue(Double.isNaN(s2.rescale()[1]));
        FlashChapter.State s3 = f.state(3);
        assertEquals(3, s3.m()[0], 1e-6, "row 1 is done: its final m");
        assertTrue(Double.isNaN(s3.rescale()[0]), "row 1 is not in the tile");
        assertEquals(2, s3.m()[1], 1e-6);
        assertThrows(IllegalArgumentException.class, () -> f.tile(5));
        assertThrows(IllegalArgumentException.class, () -> f.tile(0));
    }

    @Test
    void theSeededToyMatchesPyTorchsBlockLoop() {
        for (int bk : new int[] {2, 3}) {
            FlashChapter f = FlashChapter.compute(engine, 4, bk);
            assertClose("logits", chapter("flash/logits.npy"), f.logits(), 1e-6);
            assertClose("m", chapter("flash/m_bk" + bk + ".npy"), f.onlineMax(), 1e-6);
            assertClose("l", chapter("flash/l_bk" + bk + ".npy"), f.onlineSum(), 1e-5);
            assertClose("direct", chapter("flash/direct_output.npy"), f.direct(), 1e-6);
            assertClose("tiled", chapter("flash/direct_output.npy"), f.tiled(), 1e-6);
            Tensor out = chapter("flash/out_bk" + bk + ".npy");          // (t, blocks, hd)
            int blocks = out.dim(1);
            assertEquals(blocks, f.keyBlocks());
            for (int step = 1; step <= f.stepCount(); step++) {
                FlashChapter.State s = f.state(step);
                for (int i = s.tile().rowFrom(); i < s.tile().rowTo(); i++) {
                    float[] want = out.row(i, s.tile().keyBlock());
                    for (int c = 0; c < want.length; c++) {
                        assertEquals(want[c], s.output()[i][c], 1e-5, "step " + step + " row " + i);
                    }
                }
            }
        }
    }

    @Test
    void memoryHeldByHand() {
        // 8 queries of width 4, tiles of 4 × 2: O 32 + m, l 16 + tile 8 = 56; direct: 64 weights + O 32 = 96
        assertEquals(56, FlashChapter.heldTiled(8, 4, 4, 2));
        assertEquals(96, FlashChapter.heldDirect(8, 8, 4));
        // 128K tokens, width 128, tiles 128 × 128: 131072 · 130 + 16384
        assertEquals(131072L * 130 + 16384, FlashChapter.heldTiled(131072, 128, 128, 128));
        assertEquals(131072L * 131072 + 131072L * 128, FlashChapter.heldDirect(131072, 131072, 128));
    }

    @Test
    void quizAnswersComeFromTheNumbers() {
        FlashChapter f = FlashChapter.compute(engine, 4, 2);
        Quiz quiz = f.quiz();
        assertEquals("flash", quiz.chapter());
        assertTrue(((NumericQuestion) quiz.questions().get(0)).isCorrect(8), "2 row blocks × 4 key blocks");
        NumericQuestion rescale = (NumericQuestion) quiz.questions().get(1);
        // PyTorch's m of q1 (m_bk2.npy row 0): -0.2151 after keys 1-2, 0.0841 after keys 3-4
        assertTrue(rescale.isCorrect(Math.exp(-0.2151 - 0.0841)), "e^(m_old - m_new)");
    }
}
