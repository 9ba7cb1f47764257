package org.attentionexplainer.lesson.chapters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.lesson.chapters.quiz.ChoiceQuestion;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Maps from PyTorch (mean-pooled K/V heads, repeat_interleave); every memory figure by hand. */
class GqaChapterTest {
    private static AttentionEngine engine;

    @BeforeAll
    static void start() {
        engine = new AttentionEngine();
    }

    @Test
    void everySettingMatchesPyTorch() {
        for (int kv : List.of(8, 4, 2, 1)) {
            GqaChapter g = GqaChapter.compute(engine, kv);
            Golden.assertClose("weights kv " + kv, ModernGolden.read("gqa/weights_kv" + kv + ".npy"),
                    g.trace().weights().reshape(8, 6, 6), 1e-6);
            Golden.assertClose("context kv " + kv, ModernGolden.read("gqa/context_kv" + kv + ".npy"),
                    g.trace().context().reshape(6, 16), 1e-6);
            assertEquals(kv, g.trace().k().dim(1), "the cache holds kv heads, not h");
        }
        // PyTorch: largest |w(kv 2) - w(kv 8)| = 0.0692 (printed by numpy from the same references)
        double diff = 0;
        float[] a = ModernGolden.read("gqa/weights_kv2.npy").toArray();
        float[] b = ModernGolden.read("gqa/weights_kv8.npy").toArray();
        for (int i = 0; i < a.length; i++) {
            diff = Math.max(diff, Math.abs(a[i] - b[i]));
        }
        assertEquals(diff, GqaChapter.compute(engine, 2).changeFromMha(), 1e-6);
        assertEquals(0.0, GqaChapter.compute(engine, 8).changeFromMha(), 0);
    }

    @Test
    void queryHeadsReadTheirGroupsKvHead() {
        GqaChapter two = GqaChapter.compute(engine, 2);
        // groups of 8 / 2 = 4: heads 0-3 read K/V 0, heads 4-7 read K/V 1
        int[] want = {0, 0, 0, 0, 1, 1, 1, 1};
        for (int h = 0; h < 8; h++) {
            assertEquals(want[h], two.kvHeadOf(h), "head " + h);
        }
        assertEquals(0, GqaChapter.compute(engine, 1).kvHeadOf(7), "multi-query: one K/V head for all");
        assertEquals(7, GqaChapter.compute(engine, 8).kvHeadOf(7));
        assertEquals(List.of(8, 4, 2, 1), GqaChapter.divisors(8));
        assertEquals(List.of(32, 16, 8, 4, 2, 1), GqaChapter.divisors(32));
        assertThrows(IllegalArgumentException.class, () -> GqaChapter.compute(engine, 3));
        assertThrows(IllegalArgumentException.class, () -> GqaChapter.compute(engine, 0));
    }

    @Test
    void llamaCacheFiguresByHand() {
        GqaChapter g = GqaChapter.compute(engine, 2);
        // 2 (K, V) x 32 layers x 8 heads x 128 x 2 bytes = 131 072 bytes per token; x 131 072 tokens = 2^34
        GqaChapter.LlamaCache own = g.llama(8);
        assertEquals(131_072L, own.bytesPerToken());
        assertEquals(17_179_869_184L, own.bytes());
        assertEquals(16.0, own.gib(), 0);
        // 32 K/V heads: four times as much, 2^36 bytes = 64 GiB = 68.72 GB
        GqaChapter.LlamaCache full = g.llama(32);
        assertEquals(68_719_476_736L, full.bytes());
        assertEquals(64.0, full.gib(), 0);
        assertEquals(68.719476736, full.gb(), 1e-12);
        assertEquals(2.0, g.llama(1).gib(), 0);
        assertEquals(6, g.llama().size());
        // the toy at kv 2 has 4 query heads per K/V head, as Llama's 32 on 8
        assertEquals(8, g.llamaAtSameRatio().kvHeads());
        assertEquals(32, GqaChapter.compute(engine, 8).llamaAtSameRatio().kvHeads());
    }

    @Test
    void theNotesFigureIsHalfTheCache() {
        // keys alone: 32 x 32 x 128 x 2 bytes x 131 072 = 2^35 = 34 359 738 368 bytes = 34.4 GB, the notes' "34 GB"
        assertEquals(34_359_738_368L, GqaChapter.keysOnlyBytes());
        // 128K read as 128 000 tokens: 2 x 32 x 32 x 128 x 2 x 128 000 = 67 108 864 000 bytes, still 67 GB
        assertEquals(67_108_864_000L, GqaChapter.decimalContextBytes());
    }

    @Test
    void quizAnswersByHand() {
        Quiz quiz = GqaChapter.compute(engine, 2).quiz();
        assertEquals("gqa", quiz.chapter());
        // query head 13 of 32 on 8: groups of 4, (13 - 1) / 4 = 3, K/V head 4 counted from 1
        assertEquals(4, ((NumericQuestion) quiz.questions().get(0)).answer(), 0);
        assertEquals(16, ((NumericQuestion) quiz.questions().get(1)).answer(), 0);
        assertEquals(0, ((ChoiceQuestion) quiz.questions().get(2)).correct());
        // toy, kv 2, hd 2: K and V = 2 x 2 x 2 = 8 numbers per token and layer
        assertEquals(8, ((NumericQuestion) quiz.questions().get(3)).answer(), 0);
    }
}
