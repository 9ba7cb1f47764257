package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.attentionexplainer.export.ComputeSpecReader;
import org.attentionexplainer.export.ComputeWriter;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every spec under src/test/resources/golden (PyTorch reference cases: the shared set and
 * our own generated set) runs through the engine, and every array its "expect" map names
 * must match the PyTorch array within the same tolerance as the golden check script.
 */
class GoldenCasesTest {
    private static final AttentionEngine ENGINE = new AttentionEngine();

    @TestFactory
    Stream<DynamicTest> everyGoldenSpecMatchesPyTorch() throws IOException, URISyntaxException {
        Path root = Path.of(GoldenCasesTest.class.getResource("/golden").toURI());
        List<Path> specs = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(p -> p.getFileName().toString().matches("spec.*\\.json")).sorted().forEach(specs::add);
        }
        assertTrue(specs.size() >= 11, "expected at least the 11 shared golden specs, found " + specs.size());
        return specs.stream().map(spec -> DynamicTest.dynamicTest(root.relativize(spec).toString(), () -> check(spec)));
    }

    private static void check(Path specFile) throws Exception {
        JsonNode json = new ObjectMapper().readTree(specFile.toFile());
        JsonNode expect = json.path("expect");
        assertFalse(expect.isEmpty(), specFile + " names no expected arrays");
        double atol = json.path("expect_atol").asDouble(Arrays32.ATOL);
        AttentionTrace trace = ENGINE.compute(new ComputeSpecReader().read(specFile));
        Map<String, Tensor> got = ComputeWriter.arrays(trace);
        Iterator<Map.Entry<String, JsonNode>> it = expect.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            Tensor want = Npy.read(specFile.resolveSibling(e.getValue().asText()));
            Tensor actual = got.get(e.getKey());
            assertTrue(actual != null, "no output named " + e.getKey());
            Arrays32.assertClose(e.getKey(), want, actual, atol);
        }
    }
}
