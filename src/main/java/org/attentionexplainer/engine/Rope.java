package org.attentionexplainer.engine;

import java.util.Locale;
import java.util.Objects;

/**
 * Rotary position embedding (RoFormer, Su et al. 2021): each head's queries and keys (never its
 * values) are turned pair by pair by an angle that grows with the position, so that
 * {@code q_i . k_j} depends on the positions only through {@code i - j}. Pair {@code (a, b)} of
 * frequency {@code j < hd/2} at position {@code pos} turns by {@code θ = pos · base^(-2j/hd)}:
 *
 * <pre>
 *   a' = a cos θ − b sin θ
 *   b' = b cos θ + a sin θ
 * </pre>
 *
 * {@link Style#HALF} pairs {@code (j, j + hd/2)} (GPT-NeoX, Hugging Face Llama's
 * {@code rotate_half}); {@link Style#INTERLEAVED} pairs {@code (2j, 2j+1)} (RoFormer, GPT-J,
 * Meta's Llama). Row {@code i} of a head sits at position {@code offset + i}. The angles are
 * computed in double and their cosines and sines rounded to float32, the rotation itself is
 * float32 arithmetic.
 *
 * @param base   the base of the frequencies, 10000 in most models; > 0
 * @param style  which coordinates form a pair
 * @param offset the position of row 0 (a prompt's length when its keys are cached)
 */
public record Rope(double base, Style style, int offset) {
    /** Which coordinates of a head form a rotated pair. */
    public enum Style {
        HALF, INTERLEAVED;

        public String specValue() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Rope {
        Objects.requireNonNull(style, "style");
        if (!(base > 0 && Double.isFinite(base))) {
            throw new InvalidSpecException("rope.base", "engine.spec.positive", String.valueOf(base));
        }
    }

    /** Base 10000, the half style, positions from 0. */
    public static Rope defaults() {
        return new Rope(10_000, Style.HALF, 0);
    }

    /** A rotated copy of heads (b, n_heads, n, hd): row i of each head at position offset + i. */
    Tensor apply(Tensor heads) {
        int n = heads.dim(2);
        int hd = heads.dim(3);
        float[][] cos = new float[n][];
        float[][] sin = new float[n][];
        for (int i = 0; i < n; i++) {
            cos[i] = new float[hd / 2];
            sin[i] = new float[hd / 2];
            angles(offset + i, hd, cos[i], sin[i]);
        }
        float[] out = heads.toArray();
        for (int row = 0; row < out.length / hd; row++) {
            rotate(out, row * hd, hd, cos[row % n], sin[row % n]);
        }
        return Tensor.wrap(out, heads.shape());
    }

    /** Rotates the hd values of x from {@code at} as the row at {@code position}. */
    void rotate(float[] x, int at, int hd, long position) {
        float[] cos = new float[hd / 2];
        float[] sin = new float[hd / 2];
        angles(position, hd, cos, sin);
        rotate(x, at, hd, cos, sin);
    }

    /** cos θ_j and sin θ_j of each pair j at a position. */
    private void angles(long position, int hd, float[] cos, float[] sin) {
        for (int j = 0; j < hd / 2; j++) {
            double theta = position * Math.pow(base, -2.0 * j / hd);
            cos[j] = (float) Math.cos(theta);
            sin[j] = (float) Math.sin(theta);
        }
    }

    private void rotate(float[] x, int at, int hd, float[] cos, float[] sin) {
        int half = hd / 2;
        for (int j = 0; j < half; j++) {
            int a = at + (style == Style.HALF ? j : 2 * j);
            int b = style == Style.HALF ? a + half : a + 1;
            float xa = x[a];
            float xb = x[b];
            x[a] = xa * cos[j] - xb * sin[j];
            x[b] = xb * cos[j] + xa * sin[j];
        }
    }
}
