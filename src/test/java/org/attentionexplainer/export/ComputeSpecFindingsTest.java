package org.attentionexplainer.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What fuzzing the spec reader found, each class of finding once: one line, never another exception. */
class ComputeSpecFindingsTest {
    @TempDir
    Path dir;

    private String message(String json) throws Exception {
        Path spec = Files.writeString(dir.resolve("spec.json"), json);
        return assertThrows(SpecException.class, () -> new ComputeSpecReader().read(spec)).getMessage();
    }

    @Test
    void fileContentQuotedInAMessageStaysOnOneLine() throws Exception {
        // found by ComputeSpecFuzzTest: a control character in an unknown field's name reached the message
        assertEquals("weights.o\\u0001ut: unknown field (known: key, key_bias, out, out_bias, qkv, qkv_bias, query, "
                + "query_bias, value, value_bias)", message("{\"input\": [[1]], \"weights\": {\"o\\u0001ut\": 1}}"));
        assertEquals("normalization: must be softmax or hardmax, got 'soft\\nmax'",
                message("{\"input\": [[1]], \"normalization\": \"soft\\nmax\"}"));
    }

    @Test
    void aLongParserMessageIsCut() throws Exception {
        // found by ComputeSpecFuzzTest: the JSON parser quotes up to 256 characters of a bad token
        String m = message("{\"input\": " + "Q".repeat(1000) + "}");
        assertEquals(dir.resolve("spec.json") + ": not valid JSON (line 1, column 267): Unrecognized token '"
                + "Q".repeat(180) + "...", m);
    }

    @Test
    void aPathTheFileSystemCannotNameIsOneLine() throws Exception {
        // a NUL in a path: Path.resolve threw InvalidPathException
        assertEquals("input: 'x\\u0000.npy' is not a file path", message("{\"input\": \"x\\u0000.npy\"}"));
        // found by ComputeSpecFuzzTest: a control character in a .npy path reached the message
        assertEquals("input: " + dir.resolve("w.npy") + "\\u0001: no such file",
                message("{\"input\": \"w.npy\\u0001\"}"));
        assertEquals("input: a file path of 5000 characters ('" + "a".repeat(40) + "...'); paths here have at most 200",
                message("{\"input\": \"" + "a".repeat(5000) + "\"}"));
    }

    @Test
    void anInitTooLargeToDrawIsRefusedBeforeAllocating() throws Exception {
        // d_out 2e9 made a negative array size (2 x 2e9 overflows an int); 1e9 ran out of memory
        assertEquals("init.d_out: 2000000000 makes more weights than the 67108864 an init draws; give a smaller d_out",
                message("{\"input\": [[1, 2]], \"projection\": \"separate\", \"init\": {\"seed\": 1, \"d_out\": 2000000000}}"));
        assertEquals("init.d_out: 1.0E300 makes more weights than the 67108864 an init draws; give a smaller d_out",
                message("{\"input\": [[1, 2]], \"projection\": \"fused\", \"init\": {\"seed\": 1, \"d_out\": 1e300}}"));
    }
}
