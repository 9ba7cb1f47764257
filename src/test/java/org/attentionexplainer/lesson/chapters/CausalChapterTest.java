package org.attentionexplainer.lesson.chapters;

import static org.attentionexplainer.lesson.chapters.Golden.assertClose;
import static org.attentionexplainer.lesson.chapters.Golden.chapter;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.InvalidSpecException;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.i18n.PowerOfTen;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CausalChapterTest {
    private static AttentionEngine engine;
    private static CausalChapter c;

    @BeforeAll
    static void compute() {
        engine = new AttentionEngine();
        c = CausalChapter.compute(engine);
    }

    @Test
    void maskThenSoftmaxMatchesPyTorchAndTheBook() {
        assertClose("scores", chapter("causal/scores.npy"), c.scores(), 1e-6);
        assertClose("weights", chapter("causal/weights_masked.npy"), c.maskThenSoftmax(), 1e-6);
        assertClose("context", chapter("causal/context.npy"), c.context(), 1e-6);
        // rasbt ch. 3, the printed causal weights (rows 1 and 5)
        assertArrayEquals(new float[] {0.5517f, 0.4483f, 0, 0, 0, 0}, c.maskThenSoftmax().row(1), 5e-5f);
        assertArrayEquals(new float[] {0.1935f, 0.1663f, 0.1666f, 0.1542f, 0.1666f, 0.1529f},
                c.maskThenSoftmax().row(5), 5e-5f);
        assertEquals(Float.NEGATIVE_INFINITY, c.maskedLogits().get(0, 1));
    }

    @Test
    void bothWaysGiveTheSameWeights() {
        assertClose("renormalised", chapter("causal/weights_renormalized.npy"), c.softmaxThenRenormalize(), 1e-6);
        assertClose("unmasked", chapter("causal/weights_full.npy"), c.unmaskedWeights(), 1e-6);
        assertTrue(c.maxDifference() < 1e-6, "difference " + c.maxDifference());
        assertEquals(new PowerOfTen(c.maxDifference()), c.differenceText().args().get(0));
    }

    @Test
    void maskingWithZeroLeaksWeightToTheFuture() {
        Tensor reference = chapter("causal/weights_zero_masked.npy");
        assertClose("zero-masked", reference, c.zeroMaskedWeights(), 1e-6);
        float[] row0 = reference.toArray();
        double leak = 0;
        for (int j = 1; j < 6; j++) {
            leak += row0[j];
        }
        assertEquals(leak, c.futureWeight().get(0), 1e-6);
        assertEquals(0f, c.futureWeight().get(5), "the last token has no future");
        assertEquals(0f, c.zeroMaskedLogits().get(0, 5));
    }

    @Test
    void dropoutKeepsTheRuleButNotPyTorchsDraws() {
        DropoutDemo d = c.dropout();
        assertEquals(0.0, d.maxRuleError(), "kept weights are exactly doubled, dropped ones 0");
        assertEquals(2.0, d.rescale());
        assertEquals(36, d.kept() + d.dropped());
        // PyTorch's own pattern for seed 123, p 0.5 on a (6, 6) tensor: its output is 2 where kept
        float[] torch = Golden.shared("dropout/output.npy").toArray();
        float[] pattern = d.torchKeptPattern().toArray();
        for (int i = 0; i < torch.length; i++) {
            assertEquals(torch[i] / 2f, pattern[i]);
        }
        assertTrue(d.differencesFromTorch() > 0, "same seed, other draws");
        float[] keep = d.keptPattern().toArray();
        int differences = 0;
        for (int i = 0; i < keep.length; i++) {
            differences += keep[i] != pattern[i] ? 1 : 0;
        }
        assertEquals(differences, d.differencesFromTorch());
        assertNotEquals(1f, d.rowSumsAfter().get(5), 1e-3f);
    }

    @Test
    void noDropoutLeavesTheWeightsAndOtherSeedsHaveNoTorchPattern() {
        CausalChapter none = CausalChapter.compute(engine, 0, 1);
        assertEquals(none.maskThenSoftmax(), none.dropout().after());
        assertEquals(36, none.dropout().kept());
        assertNull(none.dropout().torchKeptPattern());
        assertEquals(-1, none.dropout().differencesFromTorch());
        assertThrows(InvalidSpecException.class, () -> CausalChapter.compute(engine, 1.0, 1));
    }
}
