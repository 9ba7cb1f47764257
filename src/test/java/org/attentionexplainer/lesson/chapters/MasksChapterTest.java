package org.attentionexplainer.lesson.chapters;

import static org.attentionexplainer.lesson.chapters.Golden.assertClose;
import static org.attentionexplainer.lesson.chapters.Golden.chapter;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.MaskedRow;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class MasksChapterTest {
    private static AttentionEngine engine;
    private static MasksChapter m;

    @BeforeAll
    static void compute() {
        engine = new AttentionEngine();
        m = MasksChapter.compute(engine);
    }

    @Test
    void masksMatchPyTorch() {
        assertClose("causal", chapter("masks/mask_causal.npy"), m.causal(), 0);
        assertClose("window", chapter("masks/mask_window.npy"), m.window(), 0);
        assertClose("padding", chapter("masks/mask_padding.npy"), m.paddingMask(), 0);
        assertClose("combined", chapter("masks/mask_combined.npy"), m.combined(), 0);
        assertClose("weights", chapter("masks/weights_combined.npy"), m.trace().weights(), 1e-6);
        assertTrue(m.combinationIsLogicalOr());
    }

    @Test
    void masksByHand() {
        // causal, query 2: keys 3..5 hidden; window 2, query 0: keys 3..5 hidden; padding of "Hello shiny sun"
        assertArrayEquals(new float[] {0, 0, 0, 1, 1, 1}, m.causal().row(0, 2));
        assertArrayEquals(new float[] {0, 0, 0, 1, 1, 1}, m.window().row(0, 0));
        assertArrayEquals(new float[] {1, 0, 0, 0, 0, 0}, m.window().row(1, 3));
        assertArrayEquals(new float[] {0, 0, 0, 1, 1, 1}, m.paddingMask().row(0, 4));
        assertArrayEquals(new float[] {0, 0, 0, 0, 0, 0}, m.paddingMask().row(1, 4));
        // "with" (position 3) of the second sentence, causal + window 2: sees journey, starts, with
        assertEquals(3, m.visibleKeys(1, 3));
        assertEquals(List.of("Hello", "shiny", "sun", "<pad>", "<pad>", "<pad>"), m.tokens().get(0));
    }

    @Test
    void aRowWithEveryKeyHiddenGetsZeros() {
        // the last <pad> of sentence 1: the window leaves keys 3..5, padding hides all three
        assertEquals(List.of(new MaskedRow(0, 5)), m.fullyMaskedRows());
        assertArrayEquals(new float[6], m.trace().weights().row(0, 0, 5));
    }

    @Test
    void eachMaskAloneIsItsPart() {
        MasksChapter causalOnly = MasksChapter.compute(engine, true, false, 2, false);
        assertEquals(causalOnly.causal(), causalOnly.combined());
        MasksChapter paddingOnly = MasksChapter.compute(engine, false, false, 2, true);
        assertEquals(paddingOnly.paddingMask(), paddingOnly.combined());
        MasksChapter windowOnly = MasksChapter.compute(engine, false, true, 1, false);
        assertEquals(windowOnly.window(), windowOnly.combined());
        assertTrue(windowOnly.combinationIsLogicalOr());
        assertEquals(List.of(), paddingOnly.fullyMaskedRows());
    }
}
