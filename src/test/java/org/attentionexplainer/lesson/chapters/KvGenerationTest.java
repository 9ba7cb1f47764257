package org.attentionexplainer.lesson.chapters;

import static org.attentionexplainer.lesson.chapters.Golden.assertClose;
import static org.attentionexplainer.lesson.chapters.Golden.chapter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.tinygpt.GptModelFile;
import org.attentionexplainer.engine.tinygpt.GptWeights;
import org.attentionexplainer.engine.tinygpt.TinyGpt;
import org.attentionexplainer.lesson.Text;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The tiny GPT generating with KV caches against PyTorch's loop over growing lists of keys and
 * values (tools/tinygpt/kv_generation.py), on a model file frozen beside its arrays (so a newly
 * shipped model changes nothing here); the FLOPs by hand from the model's sizes; the shipped
 * model's generation by what holds for any trained weights.
 */
class KvGenerationTest {
    private static final String DIR = "/golden/chapters/kv_generation/";
    private static AttentionEngine engine;
    private static KvGeneration g;

    @BeforeAll
    static void generate() throws IOException {
        engine = new AttentionEngine();
        GptWeights frozen;
        try (InputStream in = KvGenerationTest.class.getResourceAsStream(DIR + "model.tinygpt")) {
            frozen = GptModelFile.read(in, -1, "model.tinygpt").weights();
        }
        g = KvGeneration.generate(new TinyGpt(frozen, engine));
    }

    @Test
    void theSymbolsWrittenAndEachStepsRowsArePyTorchs() {
        float[] want = chapter("kv_generation/tokens.npy").toArray();
        assertEquals(want.length, g.tokens().size());
        StringBuilder written = new StringBuilder();
        for (int i = 0; i < want.length; i++) {
            written.append((char) ('A' + (int) want[i]));
        }
        assertEquals(written.toString(), String.join("", g.tokens()));
        assertEquals(KvGeneration.PROMPT, written.substring(0, g.promptLength()));
        Tensor rows = chapter("kv_generation/rows.npy");                     // (t, layers, h, t)
        int layer = g.shownLayer();
        int head = g.shownHead();
        float[][] shown = new float[want.length][];
        for (int i = 0; i < want.length; i++) {
            shown[i] = rows.row(i, layer, head);
        }
        assertClose("the shown head's rows", Tensor.matrix(shown), g.stepped(), 1e-4);
        Tensor probability = chapter("kv_generation/probability.npy");
        for (int n = 1; n <= want.length; n++) {
            assertEquals(probability.toArray()[n - 1], g.step(n).probability(), 1e-4, "step " + n);
            if (n >= g.promptLength() && n < want.length) {
                assertEquals(written.substring(n, n + 1), g.step(n).next(), "the symbol written at step " + n);
            }
        }
    }

    @Test
    void flopsFollowTheFormula() {
        // d 64, 2 layers: with 2·2·(4·64² + 2·64·n) = 65 536 + 512 n; without 65 536 n + 512 n²
        assertEquals(64, g.config().dModel());
        assertEquals(2, g.config().layers());
        for (int n = 1; n <= g.steps().size(); n++) {
            assertEquals(65_536 + 512L * n, g.step(n).flops(), "with, n = " + n);
            assertEquals(65_536L * n + 512L * n * n, g.step(n).flopsWithout(), "without, n = " + n);
            assertEquals(g.step(n).flops(), g.flopsWithCache(n));
            assertEquals(g.step(n).flopsWithout(), g.flopsWithoutCache(n));
        }
        // 20 tokens: 75 776 with the cache against 1 515 520 without
        assertEquals(75_776, g.step(20).flops());
        assertEquals(1_515_520, g.step(20).flopsWithout());
    }

    @Test
    void theShippedModelsStepsEqualFullCausalAttention() {
        KvGeneration shipped = KvCacheChapter.compute(engine).generation();
        int t = KvGeneration.PROMPT.length() + KvGeneration.GENERATED;
        assertEquals(t, shipped.tokens().size());
        assertEquals(t, shipped.steps().size());
        assertEquals(KvGeneration.PROMPT, String.join("", shipped.tokens().subList(0, shipped.promptLength())));
        float[][] m = shipped.stepped().matrix();
        for (int n = 1; n <= t; n++) {
            KvGeneration.Step s = shipped.step(n);
            assertEquals(n, s.keyCount(), "step n reads n cached rows");
            assertTrue(s.maxDifference() < 1e-5, "step " + n + ": " + s.maxDifference());
            double sum = 0;
            for (int j = 0; j < t; j++) {
                sum += m[n - 1][j];
                if (j >= n) {
                    assertEquals(0, m[n - 1][j], "no key after the query");
                }
            }
            assertEquals(1, sum, 1e-5, "row " + n + " sums to 1");
            assertTrue(s.probability() > 0 && s.probability() <= 1);
        }
        assertEquals(shipped.config().layers() - 1, shipped.shownLayer());
    }

    @Test
    void textsNameTheStepAndTheCache() {
        Text prompt = g.stepText(3);
        assertEquals("chapter.kv.gen.stepPrompt", prompt.key());
        Text written = g.stepText(g.promptLength() + 1);
        assertEquals("chapter.kv.gen.stepWritten", written.key());
        assertEquals(List.of(16, 20, String.valueOf(g.tokens().get(15)), 16, 2), written.args().subList(0, 5));
        // after step 7: 2 layers · 7 rows · 64 numbers, K and V: 1 792 numbers, 7 168 bytes
        Text cache = g.cacheText(7);
        assertEquals(1792L, cache.args().get(4));
        assertEquals(7168L, cache.args().get(5));
        assertEquals("KDXMQBTRAPKDXMQ · B", g.textUpTo(16));
    }

    @Test
    void aPromptLongerThanThePositionsIsRefused() {
        TinyGpt gpt = new TinyGpt(GptWeights.initial(g.config(), 1), engine);
        assertThrows(IllegalArgumentException.class, () -> KvGeneration.generate(gpt, new int[20], 5));
        assertThrows(IllegalArgumentException.class, () -> KvGeneration.generate(gpt, new int[0], 5));
    }
}
