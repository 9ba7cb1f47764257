package org.attentionexplainer.engine;

/**
 * Sinusoidal positional encoding of "Attention Is All You Need":
 * PE[p, 2i] = sin(p / 10000^(2i/d)), PE[p, 2i+1] = cos(p / 10000^(2i/d)).
 * Computed in double and rounded to float32 once.
 */
public final class PositionalEncoding {
    private PositionalEncoding() {
    }

    /** (maxLen, d). */
    public static Tensor sinusoidal(int maxLen, int d) {
        if (maxLen < 0 || d < 1) {
            throw new InvalidSpecException("positional_encoding", "engine.spec.positionalWidths",
                    String.valueOf(maxLen), String.valueOf(d));
        }
        float[] pe = new float[maxLen * d];
        for (int p = 0; p < maxLen; p++) {
            for (int c = 0; c < d; c++) {
                int twoI = c - (c % 2);
                double angle = p / Math.pow(10000.0, (double) twoI / d);
                pe[p * d + c] = (float) (c % 2 == 0 ? Math.sin(angle) : Math.cos(angle));
            }
        }
        return Tensor.wrap(pe, maxLen, d);
    }
}
