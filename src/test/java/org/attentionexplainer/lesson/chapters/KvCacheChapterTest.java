package org.attentionexplainer.lesson.chapters;

import static org.attentionexplainer.lesson.chapters.Golden.assertClose;
import static org.attentionexplainer.lesson.chapters.Golden.chapter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.lesson.chapters.quiz.ChoiceQuestion;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Token-by-token decoding of the causal chapter's model against PyTorch's loop over a growing
 * list of keys and values; FLOPs by the formula d_in·3d + 2n·hd (with) and n·d_in·3d + 2n²·hd
 * (without) multiply-adds, d_in 3, d 2, one head.
 */
class KvCacheChapterTest {
    private static KvCacheChapter c;

    @BeforeAll
    static void compute() {
        c = KvCacheChapter.compute(new AttentionEngine());
    }

    @Test
    void eachStepsRowIsPyTorchsAndTheFullCausalOne() {
        assertClose("stepped", chapter("kv_cache/weights_stepped.npy"), c.stepped(), 1e-6);
        assertClose("full", chapter("kv_cache/weights_full.npy"), c.full(), 1e-6);
        assertClose("K", chapter("kv_cache/keys.npy"), c.keys(), 1e-6);
        assertClose("V", chapter("kv_cache/values.npy"), c.values(), 1e-6);
        Tensor contexts = chapter("kv_cache/contexts.npy");
        for (int n = 1; n <= 6; n++) {
            KvCacheChapter.Step s = c.step(n);
            assertEquals(n, s.weights().length, "step n has n keys");
            assertClose("context " + n, Tensor.vector(contexts.row(n - 1)), Tensor.vector(s.context()), 1e-6);
        }
        // rasbt ch. 3: the second row of the causal weights
        assertEquals(0.5517, c.step(2).weights()[0], 5e-5);
        assertTrue(c.maxDifferenceUpTo(6) < 1e-6, "difference " + c.maxDifferenceUpTo(6));
    }

    @Test
    void flopsFollowTheFormula() {
        // with: 2(3·6 + 4n) = 36 + 8n;  without: 2(18n + 4n²) = 36n + 8n²
        long[] with = {44, 52, 60, 68, 76, 84};
        long[] without = {44, 104, 180, 272, 380, 504};
        for (int n = 1; n <= 6; n++) {
            assertEquals(with[n - 1], c.step(n).flops(), "with, n = " + n);
            assertEquals(without[n - 1], c.step(n).flopsWithout(), "without, n = " + n);
            assertEquals(with[n - 1], KvCacheChapter.flopsWithCache(n));
            assertEquals(without[n - 1], KvCacheChapter.flopsWithoutCache(n));
        }
        assertEquals(384, c.flopsUpTo(6));
        assertEquals(1484, c.flopsWithoutUpTo(6));
        // the 1000th token: 36 + 8000 against 36 000 + 8 000 000
        assertEquals(8036, KvCacheChapter.flopsWithCache(1000));
        assertEquals(8036000, KvCacheChapter.flopsWithoutCache(1000));
    }

    @Test
    void memoryPerToken() {
        // 2 (K and V) · 1 layer · 1 head · 2 numbers · 4 bytes
        assertEquals(16, KvCacheChapter.bytesPerToken());
        // Llama-3-8B, bf16: 2 · 32 layers · 8 K/V heads · 128 · 2 bytes = 128 KiB; 128K tokens: 16 GiB
        assertEquals(131072, KvCacheChapter.llama().kvCacheBytesPerToken());
        assertEquals(16L << 30, (long) KvCacheChapter.llama().kvCacheBytes());
    }

    @Test
    void quizAnswersComeFromTheNumbers() {
        Quiz quiz = c.quiz();
        assertEquals("kv-cache", quiz.chapter());
        assertTrue(((NumericQuestion) quiz.questions().get(0)).isCorrect(4), "“with”, the 4th token: 4 rows");
        assertTrue(((NumericQuestion) quiz.questions().get(1)).isCorrect(68), "36 + 8 · 4");
        ChoiceQuestion same = (ChoiceQuestion) quiz.questions().get(2);
        assertEquals(0, same.correct(), "yes: the same weights");
        // the tiny GPT after step 10: 2 (K and V) · 2 layers · 10 rows · 64 numbers
        assertTrue(((NumericQuestion) quiz.questions().get(3)).isCorrect(2560), "2 · 2 · 10 · 64");
    }
}
