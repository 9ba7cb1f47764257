package org.attentionexplainer.lesson.chapters;

import java.nio.file.Path;
import org.attentionexplainer.engine.Arrays32;
import org.attentionexplainer.engine.Npy;
import org.attentionexplainer.engine.Tensor;

/** Reference arrays made by PyTorch (tools/golden/make_chapters.py and the shared cases). */
public final class Golden {
    private Golden() {
    }

    /** src/test/resources/golden/chapters/{file}. */
    public static Tensor chapter(String file) {
        return read("/golden/chapters/" + file);
    }

    /** src/test/resources/golden/shared/{file}. */
    public static Tensor shared(String file) {
        return read("/golden/shared/" + file);
    }

    private static Tensor read(String resource) {
        try {
            return Npy.read(Path.of(Golden.class.getResource(resource).toURI()));
        } catch (Exception e) {
            throw new IllegalStateException("cannot read " + resource, e);
        }
    }

    /** Same size and every value within {@code tol} (absolute) plus 1e-4 relative; -inf where -inf. */
    public static void assertClose(String what, Tensor want, Tensor got, double tol) {
        Arrays32.assertClose(what, want, got, tol);
    }
}
