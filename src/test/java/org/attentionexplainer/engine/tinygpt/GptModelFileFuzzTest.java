package org.attentionexplainer.engine.tinygpt;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.fuzz.ReaderContract;
import org.junit.jupiter.api.AfterAll;

/**
 * The tiny GPT model reader on any bytes, as a file of that length and as a stream of unknown
 * length. Seeds and past findings: {@code GptModelFileFuzzTestInputs/} in the test resources.
 */
class GptModelFileFuzzTest {
    private static final ReaderContract CONTRACT = new ReaderContract("tiny GPT model reader", IOException.class);

    @FuzzTest(maxDuration = "2h")
    void anyBytesGiveAModelOrOneLine(byte[] data) throws Exception {
        CONTRACT.read(() -> GptModelFile.read(new ByteArrayInputStream(data), data.length, "x.tinygpt"),
                GptModelFileFuzzTest::check);
        CONTRACT.read(() -> GptModelFile.read(new ByteArrayInputStream(data), -1, "x.tinygpt"),
                GptModelFileFuzzTest::check);
    }

    private static void check(GptModelFile.Saved saved) {
        for (Tensor t : saved.weights().inFileOrder()) {
            if (t.hasNonFinite()) {
                throw new AssertionError("a model with a value that is not finite");
            }
        }
    }

    @AfterAll
    static void report() {
        System.out.println(CONTRACT.summary());
    }
}
