package org.attentionexplainer.engine;

/**
 * Builds the attention mask as a value: 1 where key j is hidden from query i, else 0.
 * Causal, sliding window and padding combine with a logical OR.
 */
public final class Masks {
    private Masks() {
    }

    /**
     * @param padding (b, s) of 1 keep / 0 mask, or null
     * @return (b, t, s)
     */
    public static Tensor build(int batch, int t, int s, boolean causal, Integer window, Tensor padding) {
        float[] m = new float[batch * t * s];
        if (!causal && window == null && padding == null) {
            return Tensor.wrap(m, batch, t, s);                   // nothing hidden
        }
        float[] keep = padding == null ? null : padding.data();            // (batch, s), row-major
        if (keep != null && keep.length != batch * s) {
            throw new IllegalArgumentException("padding of shape " + padding.shapeString() + " for " + batch
                    + " texts of " + s + " keys");
        }
        for (int b = 0; b < batch; b++) {
            for (int i = 0; i < t; i++) {
                int row = (b * t + i) * s;
                for (int j = 0; j < s; j++) {
                    if (isMasked(i, j, causal, window) || (keep != null && keep[b * s + j] == 0f)) {
                        m[row + j] = 1f;
                    }
                }
            }
        }
        return Tensor.wrap(m, batch, t, s);
    }

    /**
     * The mask of {@link #build} that hides nothing, (batch, t, s) zeros, made when first read: a forward that
     * knows it hides nothing (one text, no causal mask) neither builds nor scans 262 144 values at 512 tokens.
     */
    public static Tensor none(int batch, int t, int s) {
        int size = Math.multiplyExact(Math.multiplyExact(batch, t), s);
        return Tensor.lazy(() -> new float[size], batch, t, s);
    }

    static boolean isMasked(int i, int j, boolean causal, Integer window) {
        if (causal && j > i) {
            return true;
        }
        if (window != null) {
            if (i - j > window) {
                return true;
            }
            return !causal && j - i > window;
        }
        return false;
    }

    /** True if no mask hides anything (null: no mask), so the masking step can be skipped. */
    public static boolean isEmpty(Tensor mask) {
        if (mask == null) {
            return true;
        }
        for (float v : mask.data()) {
            if (v != 0f) {
                return false;
            }
        }
        return true;
    }
}
