package org.attentionexplainer.lesson.explorer;

import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.Projection;
import org.attentionexplainer.engine.Tensor;

/**
 * Tensors a learner brought from files. A whole COMPUTE spec replaces the model; an input
 * or weights file replaces only that part. Any part may be null.
 *
 * @param name    what the user loaded, for the status line
 * @param spec    a COMPUTE spec: input, tokens, weights and heads
 * @param input   token vectors (t, d) or (b, t, d)
 * @param weights Q/K/V projection
 */
public record LoadedData(String name, AttentionSpec spec, Tensor input, Projection weights) {
    public static final LoadedData NONE = new LoadedData(null, null, null, null);

    public boolean isEmpty() {
        return spec == null && input == null && weights == null;
    }

    public LoadedData withInput(String file, Tensor x) {
        return new LoadedData(join(file), null, x, weights);
    }

    public LoadedData withWeights(String file, Projection w) {
        return new LoadedData(join(file), null, spec == null ? input : null, w);
    }

    private String join(String file) {
        return name == null || spec != null ? file : name + ", " + file;
    }
}
