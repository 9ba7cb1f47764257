package org.attentionexplainer.lesson.chapters;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.lesson.chapters.quiz.ChoiceQuestion;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Weights from PyTorch (tools/golden/make_modern_chapters.py, window); reach and memory by hand. */
class WindowChapterTest {
    private static AttentionEngine engine;

    @BeforeAll
    static void start() {
        engine = new AttentionEngine();
    }

    @Test
    void everyWindowMatchesPyTorch() {
        for (int w = 1; w <= 5; w++) {
            WindowChapter c = WindowChapter.compute(engine, w);
            Golden.assertClose("window " + w, ModernGolden.read("window/weights_w" + w + ".npy"), c.windowed(), 1e-6);
            Golden.assertClose("causal", ModernGolden.read("window/weights_causal.npy"), c.causal(), 1e-6);
        }
        // w = 5 on six tokens hides nothing the causal mask does not: the same weights
        WindowChapter all = WindowChapter.compute(engine, 5);
        Golden.assertClose("w 5 = causal", ModernGolden.read("window/weights_causal.npy"), all.windowed(), 1e-6);
    }

    @Test
    void theLostWeightIsWhatCausalAttentionPutBeyondTheWindow() {
        WindowChapter c = WindowChapter.compute(engine, 2);
        // rasbt ch. 3's causal row of "step": 0.1935 0.1663 0.1666 on Your, journey, starts
        assertEquals(0.1935 + 0.1663 + 0.1666, c.lostWeight().get(5), 3e-4);
        assertEquals(0f, c.lostWeight().get(2), "“starts” sees back to the first token with w = 2");
        assertEquals(List.of("step", 0.5264, 3, 3), List.of(c.lostText().args().get(0),
                Math.round((double) c.lostText().args().get(1) * 1e4) / 1e4, c.lostText().args().get(2),
                c.lostText().args().get(3)));
    }

    @Test
    void reachGrowsByTheWindowWithEveryLayer() {
        WindowChapter c = WindowChapter.compute(engine, 2);
        // by hand: the last token reads keys 3..5; through them 1..5; then everything
        assertArrayEquals(new float[] {0, 0, 0, 1, 1, 1}, c.reach().get(0)[5]);
        assertArrayEquals(new float[] {0, 1, 1, 1, 1, 1}, c.reach().get(1)[5]);
        float[][] three = WindowChapter.reach(6, 2, 3).get(2);
        assertArrayEquals(new float[] {1, 1, 1, 1, 1, 1}, three[5], "the sentence ends before 3 · 2 = 6");
        assertArrayEquals(new float[] {1, 1, 1, 0, 0, 0}, three[2], "never the future");
        assertEquals(2, c.reach().size(), "the page draws two layers");
        assertEquals(2, c.reachBack(1));
        assertEquals(4, c.reachBack(2));
        assertEquals(2, WindowChapter.compute(engine, 1).reachBack(2));
        WindowChapter wide = WindowChapter.compute(engine, 3);
        assertEquals(5, wide.reachBack(2), "2 · 3 = 6 is past the first token");
        assertEquals("chapter.window.reachAll", wide.reachText(2).key(), "so the page does not print 2 · 3 = 5");
        assertEquals(List.of(2, "step", 4, 2), c.reachText(2).args());
    }

    @Test
    void mistralsCacheStopsAtTheWindow() {
        // by hand: 2 (K, V) * 32 layers * 8 heads * 128 * 2 bytes = 131 072 = 128 KiB
        assertEquals(131_072L, WindowChapter.mistralBytesPerToken());
        assertEquals(4L << 30, WindowChapter.mistralCacheBytes(32_768, false), "4 GiB at 32K");
        assertEquals(16L << 30, WindowChapter.mistralCacheBytes(131_072, false), "16 GiB at 128K");
        assertEquals(4_097L * 131_072, WindowChapter.mistralCacheBytes(131_072, true), "w + 1 positions");
        assertEquals(1_000L * 131_072, WindowChapter.mistralCacheBytes(1_000, true), "shorter than the window");
    }

    @Test
    void theQuizHasHandWorkedAnswers() {
        Quiz q = WindowChapter.compute(engine).quiz();
        assertEquals("window", q.chapter());
        NumericQuestion reach = (NumericQuestion) q.questions().get(0);
        assertTrue(reach.isCorrect(6), "3 layers of w = 2");
        assertFalse(reach.isCorrect(5));
        NumericQuestion cache = (NumericQuestion) q.questions().get(1);
        assertTrue(cache.isCorrect(512), "4 097 × 128 KiB = 512.1 MiB");
        assertFalse(cache.isCorrect(4096), "that is the cache without the window");
        ChoiceQuestion far = (ChoiceQuestion) q.questions().get(2);
        assertTrue(far.isCorrect(0));
    }

    @Test
    void aWindowOutsideTheSentenceIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> WindowChapter.compute(engine, 0));
        assertThrows(IllegalArgumentException.class, () -> WindowChapter.compute(engine, 6));
    }
}
