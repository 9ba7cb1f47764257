package org.attentionexplainer.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.attentionexplainer.engine.Npy;
import org.attentionexplainer.engine.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The v2 fields of the compute contract end to end: kv_heads, rope, algorithm. */
class ComputeExtensionsTest {
    @TempDir
    Path dir;

    private Path spec(String json) throws IOException {
        return Files.writeString(dir.resolve("case.json"), json);
    }

    private Path out() {
        return dir.resolve("out");
    }

    private static final String W44 = "[[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]";
    private static final String W410 = "[" + String.join(", ", java.util.Collections.nCopies(4,
            "[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]")) + "]";

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            "kv_heads": 3, "heads": 4                         | kv_heads: 3 key/value heads do not divide the 4 heads
            "kv_heads": 0, "heads": 4                         | kv_heads: must be at least 1, got 0
            "kv_heads": 1.5, "heads": 4                       | kv_heads: must be a whole number
            "kv_heads": 2, "heads": 4                         | kv_heads: must equal heads (4) with the identity projection
            "heads": 2, "kv_heads": 1, "weights": {"query": W44, "key": W44, "value": W44} | weights.key: shape (4, 4) should be (4, 2): kv_heads 1 * hd 2 columns
            "heads": 2, "kv_heads": 1, "weights": {"qkv": W4x10} | weights.qkv: has 10 columns, not (heads + 2 kv_heads) * hd = 4 * hd
            "heads": 2, "kv_heads": 1, "init": {"seed": 1, "d_out": 3} | heads: 2 heads do not divide init.d_out 3
            "heads": 4, "rope": {}                            | rope: needs an even head width to rotate pairs, got hd = 1
            "rope": {"style": "spiral"}                       | rope.style: must be half or interleaved, got 'spiral'
            "rope": {"base": 0}                               | rope.base: must be a positive number, got 0.0
            "rope": {"theta": 5}                              | rope.theta: unknown field
            "rope": "yes"                                     | rope: must be an object
            "rope": {"offset": 0.5}                           | rope.offset: must be a whole number
            "algorithm": {"kind": "tiled", "block_q": 2, "block_k": 0} | algorithm.block_k: must be at least 1, got 0
            "algorithm": {"kind": "tiled", "block_q": -1, "block_k": 2} | algorithm.block_q: must be at least 1, got -1
            "algorithm": {"kind": "tiled", "block_k": 2}      | algorithm.block_q: is missing
            "algorithm": {"kind": "tiled", "block_q": 1.5, "block_k": 2} | algorithm.block_q: must be a whole number
            "algorithm": {"kind": "flash"}                    | algorithm.kind: must be direct or tiled, got 'flash'
            "algorithm": {"block_q": 2}                       | algorithm.kind: is missing
            "algorithm": "tiled"                              | algorithm: must be an object
            "algorithm": {"kind": "tiled", "block_q": 2, "block_k": 2}, "dropout": {"p": 0.1, "seed": 1} | algorithm: tiled computes the softmax block by block without dropout
            "algorithm": {"kind": "tiled", "block_q": 2, "block_k": 2}, "normalization": "hardmax" | algorithm: tiled is an online softmax and cannot compute hardmax
            """)
    void badFieldsGiveOneLineNamingTheField(String fields, String message) throws Exception {
        Path spec = spec("{\"input\": [[1, 2, 3, 4], [5, 6, 7, 8]], " + fields.replace("W44", W44).replace("W4x10", W410) + "}");
        CliRun r = CliRun.of("compute", "--spec", spec.toString(), "--out", out().toString());
        assertEquals(ExitCodes.BAD_INPUT, r.status(), r.err());
        String[] lines = r.err().strip().split("\n");
        assertEquals(1, lines.length, r.err());
        assertTrue(lines[0].startsWith("compute: " + message), lines[0]);
        assertFalse(Files.exists(out()), "no results folder is left behind");
    }

    @Test
    void tiledWritesTheRunningMaximumAndSumAfterEachKeyBlock() throws Exception {
        // x = 1, 2, 3 with no projection or scale: the logits of row i are x_i * (1, 2, 3); key
        // blocks {0, 1} and {2}. Row 0: m = 2, l = e^-1 + 1 = 1.36788 after block 0; then m = 3,
        // l = 1.36788 e^-1 + 1 = 1.50321. Row 2: logits (3, 6, 9): m = 6, l = e^-3 + 1 = 1.04979;
        // then m = 9, l = 1.04979 e^-3 + 1 = 1.05227. Weights of row 0: e^(logit - 3) / 1.50321.
        Path spec = spec("""
                {"input": [[1], [2], [3]], "scale": "none",
                 "algorithm": {"kind": "tiled", "block_q": 1, "block_k": 2}}""");
        CliRun r = CliRun.of("compute", "--spec", spec.toString(), "--out", out().toString(), "--quiet");
        assertEquals(0, r.status(), r.err());
        Tensor max = Npy.read(out().resolve("online_max.npy"));
        Tensor sum = Npy.read(out().resolve("online_sum.npy"));
        assertArrayEquals(new int[] {1, 1, 3, 2}, max.shape());
        assertArrayEquals(new float[] {2, 3, 4, 6, 6, 9}, max.toArray());
        assertArrayEquals(new float[] {1.3678794f, 1.5032147f, 1.1353353f, 1.1536509f, 1.0497871f, 1.0522658f},
                sum.toArray(), 1e-6f);
        assertArrayEquals(new float[] {0.0900306f, 0.2447285f, 0.6652410f},
                Npy.read(out().resolve("weights.npy")).row(0, 0, 0), 1e-6f);
        assertEquals(2.5752104f, Npy.read(out().resolve("heads.npy")).get(0, 0, 0, 0), 1e-6f);
        JsonNode settings = new ObjectMapper().readTree(out().resolve("summary.json").toFile()).path("settings");
        assertEquals("{\"kind\":\"tiled\",\"block_q\":1,\"block_k\":2,\"key_blocks\":2}",
                settings.path("algorithm").toString());

        CliRun again = CliRun.of("compute", "--spec", spec.toString(), "--out", out().toString());
        assertEquals(ExitCodes.CANNOT_WRITE, again.status(), again.err());
        Files.delete(out().resolve("online_sum.npy"));
        for (String name : org.attentionexplainer.export.ComputeWriter.fileNames()) {
            Files.delete(out().resolve(name));
        }
        CliRun left = CliRun.of("compute", "--spec", spec.toString(), "--out", out().toString());
        assertEquals("compute: " + out().resolve("online_max.npy") + " exists; use --force to replace it",
                left.err().strip(), "a tiled result of an earlier run is not replaced without --force");
    }

    @Test
    void blocksAsLargeAsAnIntegerAreOneBlock() throws Exception {
        Path spec = spec("""
                {"input": [[1], [2], [3]], "scale": "none",
                 "algorithm": {"kind": "tiled", "block_q": 2147483647, "block_k": 2147483647}}""");
        CliRun r = CliRun.of("compute", "--spec", spec.toString(), "--out", out().toString(), "--quiet");
        assertEquals(0, r.status(), r.err());
        assertArrayEquals(new float[] {3, 6, 9}, Npy.read(out().resolve("online_max.npy")).toArray());
        assertArrayEquals(new float[] {1.5032147f, 1.1536509f, 1.0522658f},
                Npy.read(out().resolve("online_sum.npy")).toArray(), 1e-6f);
    }

    @Test
    void summaryAndShapesOfGroupedRotaryAttention() throws Exception {
        Path spec = spec("""
                {"input": [[1, 2, 3, 4], [5, 6, 7, 8], [9, 1, 2, 3]], "projection": "fused", "heads": 4,
                 "kv_heads": 2, "rope": {"style": "interleaved", "offset": 3},
                 "init": {"seed": 3, "d_out": 8}}""");
        CliRun r = CliRun.of("compute", "--spec", spec.toString(), "--out", out().toString(), "--quiet");
        assertEquals(0, r.status(), r.err());
        JsonNode summary = new ObjectMapper().readTree(out().resolve("summary.json").toFile());
        JsonNode settings = summary.path("settings");
        assertEquals(4, settings.path("heads").asInt());
        assertEquals(2, settings.path("kv_heads").asInt());
        assertEquals(2, settings.path("head_dim").asInt());
        assertEquals("{\"base\":10000.0,\"style\":\"interleaved\",\"offset\":3}", settings.path("rope").toString());
        assertEquals("{\"kind\":\"direct\"}", settings.path("algorithm").toString());
        assertEquals("[1,4,3,2]", summary.path("shapes").path("q").toString());
        assertEquals("[1,2,3,2]", summary.path("shapes").path("k").toString());
        assertEquals("[1,2,3,2]", summary.path("shapes").path("v").toString());
        assertEquals("[1,4,3,3]", summary.path("shapes").path("weights").toString());
        assertFalse(Files.exists(out().resolve("online_max.npy")), "only the tiled algorithm writes them");

        Files.writeString(spec, "{\"input\": [[1, 2]]}");
        CliRun plain = CliRun.of("compute", "--spec", spec.toString(), "--out", dir.resolve("plain").toString());
        assertEquals(0, plain.status(), plain.err());
        JsonNode defaults = new ObjectMapper().readTree(dir.resolve("plain/summary.json").toFile()).path("settings");
        assertEquals(1, defaults.path("kv_heads").asInt());
        assertTrue(defaults.path("rope").isNull());
        assertEquals("direct", defaults.path("algorithm").path("kind").asText());
    }
}
