package org.attentionexplainer.engine.model;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.attentionexplainer.engine.Npy;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.bert.ModelLoadException;

/**
 * The tiny checkpoints that tools/hf/make_tiny_models.py wrote into the test resources, with the
 * reference numbers PyTorch computed for them.
 */
public final class TinyModels {
    public static final String[] ALL = {"tiny-gpt2", "tiny-gpt2-f16", "tiny-bert", "tiny-bert-bf16"};

    private TinyModels() {
    }

    /** The folder in the test resources (read-only use). */
    public static Path folder(String name) {
        try {
            return Path.of(TinyModels.class.getResource("/org/attentionexplainer/engine/model/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** How loading {@code folder} is refused (it fails the test if the folder loads). */
    public static ModelLoadException refusal(Path folder) {
        return assertThrows(ModelLoadException.class, () -> ModelFolder.load(folder, f -> { }, () -> false));
    }

    /** A copy of the folder under {@code dir}, to damage. */
    public static Path copy(String name, Path dir) {
        Path target = dir.resolve(name);
        try (Stream<Path> files = Files.list(folder(name))) {
            Files.createDirectories(target);
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, target.resolve(f.getFileName()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return target;
    }

    public static String text(String name) throws IOException {
        return Files.readString(folder(name).resolve("reference-text.txt"), StandardCharsets.UTF_8);
    }

    public static int[] ids(String name) throws IOException {
        float[] values = Npy.read(folder(name).resolve("reference-ids.npy")).toArray();
        int[] ids = new int[values.length];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = (int) values[i];
        }
        return ids;
    }

    /** (L + 1, t, d): the embeddings, then every layer's output. */
    public static Tensor hidden(String name) throws IOException {
        return Npy.read(folder(name).resolve("reference-hidden.npy"));
    }

    /** (L, h, t, t) */
    public static Tensor attentions(String name) throws IOException {
        return Npy.read(folder(name).resolve("reference-attentions.npy"));
    }
}
