package org.attentionexplainer.lesson.chapters;

import java.nio.file.Path;
import org.attentionexplainer.engine.Npy;
import org.attentionexplainer.engine.Tensor;

/** References of the GQA and RoPE chapters, made by PyTorch (tools/golden/make_modern_chapters.py). */
final class ModernGolden {
    private ModernGolden() {
    }

    /** src/test/resources/golden/modern/{file}. */
    static Tensor read(String file) {
        try {
            return Npy.read(Path.of(ModernGolden.class.getResource("/golden/modern/" + file).toURI()));
        } catch (Exception e) {
            throw new IllegalStateException("cannot read " + file, e);
        }
    }
}
