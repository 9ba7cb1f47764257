package org.attentionexplainer.engine.model;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import org.attentionexplainer.fuzz.ReaderContract;
import org.junit.jupiter.api.AfterAll;

/**
 * The config.json reader on any bytes; a config it returns must describe a model the loader can
 * plan for (positive sizes, heads that divide the width, a LayerNorm epsilon float32 can hold).
 * Seeds and past findings: {@code ModelConfigFuzzTestInputs/} in the test resources.
 */
class ModelConfigFuzzTest {
    private static final ReaderContract CONTRACT =
            new ReaderContract("config.json reader", ModelFormatException.class, "config.json");

    @FuzzTest(maxDuration = "2h")
    void anyBytesGiveAConfigOrOneLine(byte[] data) throws Exception {
        CONTRACT.read(() -> ModelConfig.read(new ByteArrayInputStream(data), "config.json"), c -> {
            if (c.vocabSize() < 1 || c.hidden() < 1 || c.layers() < 1 || c.heads() < 1 || c.intermediate() < 1
                    || c.maxPositions() < 1 || c.hidden() % c.heads() != 0 || !(c.layerNormEps() >= Float.MIN_NORMAL)) {
                throw new AssertionError("an unusable config: " + c);
            }
            org.attentionexplainer.engine.bert.BertCheckpoint.layerValues(c);
            org.attentionexplainer.engine.gpt.GptCheckpoint.embeddingValues(c);
        });
    }

    @AfterAll
    static void report() {
        System.out.println(CONTRACT.summary());
    }
}
