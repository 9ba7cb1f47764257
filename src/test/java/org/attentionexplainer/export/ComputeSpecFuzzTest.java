package org.attentionexplainer.export;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.attentionexplainer.engine.Npy;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.fuzz.ReaderContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The COMPUTE spec reader on any bytes as the spec file, in a folder that also holds a few
 * .npy files the spec may name (x.npy (3, 4), w.npy (4, 4), b.npy (4), s.npy (2, 4) and a
 * broken one). Seeds and past findings: {@code ComputeSpecFuzzTestInputs/} in the test resources.
 */
class ComputeSpecFuzzTest {
    private static Path dir;
    private static Path spec;
    private static ReaderContract contract;

    @BeforeAll
    static void folder() throws IOException {
        dir = Files.createTempDirectory("spec-fuzz");
        spec = dir.resolve("spec.json");
        contract = new ReaderContract("spec reader", SpecException.class, dir.toString());
        Npy.write(dir.resolve("x.npy"), Tensor.of(new float[12], 3, 4));
        Npy.write(dir.resolve("w.npy"), Tensor.of(new float[16], 4, 4));
        Npy.write(dir.resolve("b.npy"), Tensor.of(new float[4], 4));
        Npy.write(dir.resolve("s.npy"), Tensor.of(new float[8], 2, 4));
        Files.write(dir.resolve("broken.npy"), new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 9, 0});
    }

    @FuzzTest(maxDuration = "2h")
    void anyBytesGiveASpecOrOneLine(byte[] data) throws Exception {
        Files.write(spec, data);
        contract.read(() -> new ComputeSpecReader().read(spec), s -> { });
    }

    @AfterAll
    static void report() throws IOException {
        System.out.println(contract.summary());
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
