package org.attentionexplainer.engine.tinygpt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.attentionexplainer.engine.TurkishWording;
import org.attentionexplainer.engine.UnusableFile;
import org.attentionexplainer.i18n.Localization;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A tiny GPT model file that cannot be used is refused in the reader's language: every refusal,
 * worded in Turkish, names the same file, reads differently from its English (which stays as it
 * was) and leaves no pattern unformatted.
 */
class GptModelFileTurkishTest {
    private static final Localization TR = TurkishWording.TR;
    private static final String GOOD = "{\"vocab\":2,\"positions\":2,\"d_model\":2,\"layers\":1,\"heads\":1,\"values\":28}";

    @TempDir
    Path dir;

    private static byte[] file(String header, float[] values) {
        byte[] head = (GptModelFile.MAGIC + header + "\n").getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(head.length + values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        b.put(head);
        for (float v : values) {
            b.putFloat(v);
        }
        return b.array();
    }

    /** Bad files by what is wrong with them, each with the English the reader has always given. */
    static Stream<Arguments> badFiles() {
        byte[] good = file(GOOD, new float[28]);
        float[] nan = new float[28];
        nan[5] = Float.NaN;
        String training = GOOD.replace("}", ",\"training\":{\"seed\":1,\"steps\":0,\"batch\":32,\"learning_rate\":0.1}}");
        return Stream.of(
                Arguments.of("not ours", "not a tiny GPT model file (it does not start with \"attention-explainer "
                        + "tiny-gpt 1\")", "hello".getBytes(StandardCharsets.US_ASCII)),
                Arguments.of("header without end", "truncated: the header line has no end",
                        GptModelFile.MAGIC.getBytes(StandardCharsets.US_ASCII)),
                Arguments.of("header too long", "the header line is longer than 1024 bytes",
                        file(" ".repeat(2000), new float[0])),
                Arguments.of("not JSON", null, file("{\"vocab\":", new float[28])),
                Arguments.of("not an object", "the header is not a JSON object", file("[1]", new float[28])),
                Arguments.of("not whole", "the header's \"d_model\" is missing or not a whole number",
                        file(GOOD.replace("\"d_model\":2", "\"d_model\":2.5"), new float[28])),
                Arguments.of("heads", "heads: 3 heads do not divide d_model 2",
                        file(GOOD.replace("\"heads\":1", "\"heads\":3"), new float[28])),
                Arguments.of("training", "the header's \"training\" is not a seed, steps, batch and learning rate",
                        file(GOOD.replace("}", ",\"training\":3}"), new float[28])),
                Arguments.of("training value", null, file(training, new float[28])),
                Arguments.of("values", "the header's \"values\" must be 28, the count its shape needs",
                        file(GOOD.replace("28", "29"), new float[28])),
                Arguments.of("short", null, Arrays.copyOf(good, good.length - 1)),
                Arguments.of("long", null, Arrays.copyOf(good, good.length + 4)),
                Arguments.of("NaN", "value 5 is NaN, not a finite number", file(GOOD, nan)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badFiles")
    void everyRefusalIsWordedInTurkish(String what, String problem, byte[] bytes) throws Exception {
        Path file = Files.write(dir.resolve("m.tinygpt"), bytes);
        UnusableFile e = assertThrows(UnusableFile.class, () -> GptModelFile.read(file));
        if (problem != null) {
            assertEquals(file + ": " + problem, e.getMessage(), "the English stays as it was");
        }
        TurkishWording.assertTurkishAbout(e, file.toString());
        e = assertThrows(UnusableFile.class, () -> GptModelFile.read(new ByteArrayInputStream(bytes), -1, "akış"));
        TurkishWording.assertTurkishAbout(e, "akış");
    }

    @Test
    void aMissingFileAndAFolderAreRefusedInTurkish() throws Exception {
        Path missing = dir.resolve("yok.tinygpt");
        UnusableFile e = assertThrows(UnusableFile.class, () -> GptModelFile.read(missing));
        assertEquals(missing + ": no such file", e.getMessage());
        assertEquals(missing + ": böyle bir dosya yok", e.wordedIn(TR));
        e = assertThrows(UnusableFile.class, () -> GptModelFile.read(dir));
        assertEquals(dir + ": is a folder, not a model file", e.getMessage());
        TurkishWording.assertTurkishAbout(e, dir.toString());
    }

    @Test
    void theTurkishKeepsTheCountsAndTheEngineProblemInTurkish() {
        byte[] bytes = file(GOOD.replace("\"heads\":1", "\"heads\":3"), new float[28]);
        UnusableFile e = assertThrows(UnusableFile.class,
                () -> GptModelFile.read(new ByteArrayInputStream(bytes), bytes.length, "m.tinygpt"));
        assertEquals("m.tinygpt: heads: 3 kafa d_model 2 değerini tam bölmüyor", e.wordedIn(TR));
        byte[] good = file(GOOD, new float[28]);
        byte[] cut = Arrays.copyOf(good, good.length - 1);
        e = assertThrows(UnusableFile.class, () -> GptModelFile.read(new ByteArrayInputStream(cut), cut.length, "m"));
        assertEquals("m: yarıda kesilmiş: başlıktaki model " + good.length + " bayt ister, dosyada " + cut.length
                + " bayt var", e.wordedIn(TR));
    }
}
