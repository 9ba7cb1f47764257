package org.attentionexplainer.engine.model;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.attentionexplainer.fuzz.ReaderContract;
import org.junit.jupiter.api.AfterAll;

/**
 * The safetensors reader on any bytes, and every floating-point tensor of what it accepts read
 * as the loader reads weights: a damaged header must be refused before any value is read, a
 * bad value (NaN) when it is. Seeds and past findings: {@code SafeTensorsFuzzTestInputs/} in
 * the test resources.
 */
class SafeTensorsFuzzTest {
    private static final String NAME = "fuzz/model.safetensors";
    private static final ReaderContract CONTRACT =
            new ReaderContract("safetensors reader", ModelFormatException.class, NAME);

    @FuzzTest(maxDuration = "2h")
    void anyBytesGiveTensorsOrOneLine(byte[] data) throws Exception {
        CONTRACT.read(() -> readEverything(data), tensors -> { });
    }

    private static SafeTensors readEverything(byte[] data) throws java.io.IOException {
        try (SafeTensors file = SafeTensors.read(data, NAME)) {
            for (SafeTensors.Entry e : file.entries().values()) {
                e.values();
                e.shapeText();
                if (e.dtype().equals("F32") || e.dtype().equals("F16") || e.dtype().equals("BF16")) {
                    file.floats(e, Checkpoint.MAX_WEIGHT);
                }
            }
            return file;
        }
    }

    @AfterAll
    static void report() {
        System.out.println(CONTRACT.summary());
    }
}
