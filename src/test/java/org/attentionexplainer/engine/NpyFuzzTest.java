package org.attentionexplainer.engine;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.attentionexplainer.fuzz.ReaderContract;
import org.junit.jupiter.api.AfterAll;

/**
 * The .npy reader on any bytes, as a file of that length (the app's case) and as a stream of
 * unknown length. Seeds and past findings: {@code NpyFuzzTestInputs/} in the test resources.
 */
class NpyFuzzTest {
    private static final ReaderContract CONTRACT = new ReaderContract(".npy reader", IOException.class);

    @FuzzTest(maxDuration = "2h")
    void anyBytesGiveATensorOrOneLine(byte[] data) throws Exception {
        CONTRACT.read(() -> Npy.read(new ByteArrayInputStream(data), data.length, Npy.DEFAULT_MAX_VALUES, "x.npy"),
                NpyFuzzTest::check);
        CONTRACT.read(() -> Npy.read(new ByteArrayInputStream(data), -1, Npy.DEFAULT_MAX_VALUES, "x.npy"),
                NpyFuzzTest::check);
    }

    private static void check(Tensor t) {
        long n = 1;
        for (int d : t.shape()) {
            n *= d;
        }
        if (n != t.size()) {
            throw new AssertionError("shape " + t.shapeString() + " but " + t.size() + " values");
        }
    }

    @AfterAll
    static void report() {
        System.out.println(CONTRACT.summary());
    }
}
