package org.attentionexplainer.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.attentionexplainer.i18n.Localization;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A spec or session file that cannot be used is refused in the reader's language: every rule of
 * the spec reader and of session files, worded in Turkish, reads differently from its English,
 * which stays as it was, and leaves no pattern unformatted.
 */
class SpecMessagesTurkishTest {
    private static final Localization TR = Localization.of(Locale.forLanguageTag("tr"));
    /** An argument MessageFormat did not fill, a key the bundle lacks, an apostrophe it did not undouble. */
    private static final Pattern UNFORMATTED = Pattern.compile("\\{\\d|![a-z]+\\.[a-zA-Z.]+!|''");

    @TempDir
    Path dir;

    /** One spec breaking each rule of the reader (and of the engine behind it), by name. */
    static Stream<String> badSpecs() {
        return Stream.of("[1, 2]", "{}", "{\"input\": [[1]], \"bogus\": 1}", "{\"input\": [[1]], \"weights\": 3}",
                "{\"input\": [[1]], \"weights\": {\"zz\": 1}}", "{\"input\": [[1, 2]], \"kv_heads\": 0}",
                "{\"input\": [[1, 2]], \"init\": {\"seed\": 1, \"d_out\": 2}, \"weights\": {\"query\": [[1]]}}",
                "{\"input\": [[1, 2]], \"init\": 5}", "{\"input\": [[1, 2]], \"projection\": \"zap\"}",
                "{\"input\": [[1, 2]], \"normalization\": \"zap\"}", "{\"input\": [[1, 2]], \"dropout\": 3}",
                "{\"input\": [[1, 2]], \"layer_norm\": 3}", "{\"input\": [[1, 2]], \"init\": {\"d_out\": 2}}",
                "{\"input\": [[1, 2]], \"init\": {\"seed\": 1, \"d_out\": 0.5}}",
                "{\"input\": [[1, 2]], \"init\": {\"seed\": 1, \"d_out\": 2e9}}",
                "{\"input\": [[1, 2]], \"projection\": \"fused\", \"init\": {\"seed\": 1, \"d_out\": 2, "
                        + "\"scheme\": \"torch_rand\"}}",
                "{\"input\": [[1, 2]], \"projection\": \"identity\", \"init\": {\"seed\": 1, \"d_out\": 2}}",
                "{\"input\": [[1, 2]], \"init\": {\"seed\": 1, \"d_out\": 2, \"scheme\": \"xx\"}}",
                "{\"input\": [[1, 2]], \"init\": {\"seed\": 1, \"d_out\": 3}, \"heads\": 2, \"kv_heads\": 1}",
                "{\"input\": [[1, 2]], \"scale\": -1}", "{\"input\": [[1, 2]], \"scale\": \"big\"}",
                "{\"input\": [[1, 2]], \"weights\": {\"query\": [[1, 0], [0, 1]], \"key\": [[1, 0], [0, 1]], "
                        + "\"value\": [[1, 0], [0, 1]], \"query_bias\": [[1]]}}",
                "{\"input\": \"" + "b".repeat(300) + "\"}", "{\"input\": \"x\\u0000.npy\"}", "{\"input\": 3}",
                "{\"input\": [[1, 2]], \"tokens\": 3}", "{\"input\": [[1, 2]], \"projection\": 3}",
                "{\"input\": [[1, 2]], \"heads\": 1.5}", "{\"input\": [[1, 2]], \"heads\": \"x\"}",
                "{\"input\": [[1, 2]], \"temperature\": NaN}", "{\"input\": [[1, 2]], \"causal\": 1}",
                "{\"input\": [[1, 2]], \"dropout\": {\"p\": 2, \"seed\": 1}}", "{\"input\": [[1, 2]], \"rope\": 3}",
                "{\"input\": [[1, 2]], \"rope\": {\"style\": \"odd\"}}", "{\"input\": [[1, 2]], \"algorithm\": 3}",
                "{\"input\": [[1, 2]], \"algorithm\": {}}", "{\"input\": [[1, 2]], \"algorithm\": {\"kind\": \"odd\"}}",
                "{\"input\": [[1, \"a\"]]}", "{\"input\": [[1, 2], [3]]}", "{\"input\": [[1, 2], 3]}",
                "{\"input\": [[1, 2]], \"rope\": {\"base\": -1}}",
                "{\"input\": [[1, 2]], \"layer_norm\": {\"eps\": 0}}",
                "{\"input\": [[1, 2]], \"algorithm\": {\"kind\": \"tiled\", \"block_q\": 0, \"block_k\": 1}}",
                "{\"input\": [[1, 2]]} {}", "{\"input\": [[1, 2]}", "{\"input\": " + "[".repeat(1001));
    }

    /** One session file breaking each rule of session files, the tensors they carry and the explorer's settings. */
    static Stream<String> badSessions() {
        String model = "{\"tokens\": [\"a\", \"b\"], \"dModel\": 4, \"heads\": 2, \"projection\": \"SEPARATE\"}";
        String controls = "{\"window\": 2, \"temperature\": 1, \"scaleMode\": \"NONE\", \"customScale\": 1}";
        String good = "{\"version\": 2, \"sentence\": \"a b\", \"model\": " + model + ", \"controls\": " + controls;
        String t = "{\"shape\": [2, 2], \"float32\": \"AACAPwAAAEAAAEBAAACAQA==\"}";
        return Stream.of("", "[1]", "{", good.replace("\"version\": 2", "\"version\": 99") + "}",
                "{\"version\": 2}", good + ", \"head\": 7}", good + ", \"autoRange\": \"yes\"}",
                good.replace("\"temperature\": 1", "\"temperature\": 50") + "}",
                good.replace("\"dModel\": 4", "\"dModel\": \"x\"") + "}",
                good.replace("[\"a\", \"b\"]", "[null]") + "}", good.replace("SEPARATE", "BOGUS") + "}",
                good + ", \"loaded\": 3}", good + ", \"loaded\": {}}",
                good + ", \"loaded\": {\"input\": {\"shape\": [\"a\"]}}}",
                good + ", \"loaded\": {\"input\": {\"shape\": [100000, 100000]}}}",
                good + ", \"loaded\": {\"input\": {\"shape\": [2, 2]}}}",
                good + ", \"loaded\": {\"input\": {\"shape\": [2, 2], \"float32\": \"!!\"}}}",
                good + ", \"loaded\": {\"input\": {\"shape\": [2, 3], \"float32\": \"AACAPwAAAEAAAEBAAACAQA==\"}}}",
                good + ", \"loaded\": {\"input\": {\"shape\": [4], \"float32\": \"AACAPwAAAEAAAEBAAADAfw==\"}}}",
                good + ", \"loaded\": {\"input\": {\"shape\": [4], \"float32\": \"AACAPwAAAEAAAEBAAACAQA==\"}}}",
                good + ", \"loaded\": {\"weights\": {\"kind\": \"separate\"}}}",
                good + ", \"loaded\": {\"weights\": {\"kind\": \"fused\", \"qkv\": " + t + ", \"qkvBias\": " + t
                        + "}}}",
                good + ", \"loaded\": {\"spec\": {\"input\": " + t + ", \"projection\": {\"kind\": \"identity\"}}, "
                        + "\"input\": " + t + "}}",
                good + ", \"loaded\": {\"spec\": {\"input\": " + t + ", \"projection\": {\"kind\": \"identity\"}, "
                        + "\"layerNorm\": {\"eps\": 0}}}}");
    }

    private static void assertTurkish(SpecException e) {
        String english = e.getMessage();
        String turkish = ExportErrors.describe(TR, e);
        assertNotEquals(english, turkish, "left in English");
        assertFalse(UNFORMATTED.matcher(turkish).find(), turkish);
        assertFalse(UNFORMATTED.matcher(english).find(), english);
    }

    @ParameterizedTest
    @MethodSource("badSpecs")
    void everyRuleOfASpecIsRefusedInTurkish(String json) throws Exception {
        Path spec = Files.writeString(dir.resolve("spec.json"), json);
        assertTurkish(assertThrows(SpecException.class, () -> new ComputeSpecReader().read(spec)));
    }

    @ParameterizedTest
    @MethodSource("badSessions")
    void everyRuleOfASessionIsRefusedInTurkish(String json) {
        assertTurkish(assertThrows(SpecException.class, () -> SessionFiles.fromJson(json, "s.json")));
    }

    @Test
    void filesThatCannotBeReadAreRefusedInTurkish() throws Exception {
        Path big = dir.resolve("big.json");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(ComputeSpecReader.MAX_SPEC_BYTES + 1);                      // sparse: nothing is written
        }
        Path missing = dir.resolve("missing.json");
        for (Path p : new Path[] {missing, dir, big}) {
            assertTurkish(assertThrows(SpecException.class, () -> new ComputeSpecReader().read(p)));
            assertTurkish(assertThrows(SpecException.class, () -> SessionFiles.read(p)));
        }
        Path bytes = Files.write(dir.resolve("utf32.json"), new byte[] {0, 0, 0, '{', -1, -1, -1, -1});
        assertTurkish(assertThrows(SpecException.class, () -> new ComputeSpecReader().read(bytes)));
    }

    @Test
    void theTurkishNamesTheFieldAndKeepsTheValuesAsTheFileWroteThem() throws Exception {
        Path spec = Files.writeString(dir.resolve("spec.json"), "{\"input\": [[1, 2]], \"temperature\": \"hot\"}");
        SpecException e = assertThrows(SpecException.class, () -> new ComputeSpecReader().read(spec));
        assertEquals("temperature: must be a number, got \"hot\"", e.getMessage());
        assertEquals("temperature: bir sayı olmalı, \"hot\" verildi", ExportErrors.describe(TR, e));

        Files.writeString(spec, "{\"input\": [[1, 2]]} }");
        e = assertThrows(SpecException.class, () -> new ComputeSpecReader().read(spec));
        assertEquals(spec + ": not valid JSON (line 1, column 21): text after the end of the spec", e.getMessage());
        assertEquals(spec + ": geçerli JSON değil (satır 1, sütun 21): belirtimin bitiminden sonra metin var",
                ExportErrors.describe(TR, e));

        String session = "{\"version\": 2, \"model\": {\"tokens\": [\"a\"], \"dModel\": 4, \"heads\": 2, "
                + "\"projection\": \"BOGUS\"}, \"controls\": {\"window\": 2, \"temperature\": 1, \"scaleMode\": "
                + "\"NONE\", \"customScale\": 1}}";
        e = assertThrows(SpecException.class, () -> SessionFiles.fromJson(session, "s.json"));
        assertEquals("s.json: model.projection: must be one of IDENTITY, SEPARATE, FUSED, got the text \"BOGUS\"",
                e.getMessage());
        assertEquals("s.json: model.projection: IDENTITY, SEPARATE, FUSED değerlerinden biri olmalı, \"BOGUS\" metni "
                + "verildi", ExportErrors.describe(TR, e));
    }
}
