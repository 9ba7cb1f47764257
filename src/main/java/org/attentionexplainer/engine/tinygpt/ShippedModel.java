package org.attentionexplainer.engine.tinygpt;

import java.io.IOException;
import java.io.InputStream;

/**
 * The tiny GPT trained by the project's own {@code train} command and shipped in
 * {@code assets/tinygpt/} (on the class path as {@value #RESOURCE}), so that its screen opens
 * trained at once.
 */
public final class ShippedModel {
    public static final String RESOURCE = "/org/attentionexplainer/tinygpt/tiny-gpt.tinygpt";

    private ShippedModel() {
    }

    /** @throws IOException when the file is missing from the class path or damaged */
    public static GptModelFile.Saved load() throws IOException {
        try (InputStream in = ShippedModel.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException("tiny-gpt.tinygpt: not on the class path");
            }
            return GptModelFile.read(in, -1, "tiny-gpt.tinygpt");
        }
    }
}
