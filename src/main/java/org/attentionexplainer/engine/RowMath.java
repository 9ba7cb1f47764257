package org.attentionexplainer.engine;

/**
 * The passes over one row of an attention map, s values long, that turn scores into logits
 * and logits into softmax weights. Two implementations give the same values up to the
 * rounding of exp and of the order of the sums: {@link ScalarRowMath}, plain Java, and
 * {@code VectorRowMath}, on the JDK's vector API, several times faster because it computes
 * exp a whole vector at a time. The vector one is used when the JVM was started with
 * {@code --add-modules jdk.incubator.vector} (the launcher, {@code javafx:run} and the tests do).
 */
interface RowMath {
    /**
     * logits[o, o+s) = scores[o, o+s) * factor, or -inf where mask[mo + j] != 0 (no mask when
     * {@code mask} is null); returns the largest logit of the row.
     */
    float logits(float[] scores, float[] logits, int o, int s, float factor, float[] mask, int mo);

    /**
     * {@link #maxAbs} of scores[o, o+s) and then {@link #logits}, in one pass where an
     * implementation can: returns the largest |score| (NaN if one is NaN) and writes the largest
     * logit of the row into {@code largestLogit[0]}. The values are those of the two calls.
     */
    default float maxAbsAndLogits(float[] scores, float[] logits, int o, int s, float factor, float[] mask, int mo,
                                  float[] largestLogit) {
        float largest = maxAbs(scores, o, s);
        largestLogit[0] = logits(scores, logits, o, s, factor, mask, mo);
        return largest;
    }

    /**
     * Row x[o, o+s) of scores replaced by its softmax in place, the logits scores * factor (-inf
     * where the mask hides a key, as {@link #logits}) made on the way and not kept; returns the
     * largest |score| (NaN if one is NaN). The operations of {@link #maxAbsAndLogits} followed by
     * {@link #softmaxRow}, in the same order.
     */
    default float softmaxOfScores(float[] x, int o, int s, float factor, float[] mask, int mo) {
        float[] largestLogit = new float[1];
        float largest = maxAbsAndLogits(x, x, o, s, factor, mask, mo, largestLogit);
        softmaxRow(x, x, o, s, largestLogit[0]);
        return largest;
    }

    /** The largest of x[o, o+s). */
    float max(float[] x, int o, int s);

    /** The largest |x| of x[o, o+s), 0 for none; NaN if any is NaN. */
    float maxAbs(float[] x, int o, int s);

    /** w[o, o+s) = exp(x[o, o+s) - max); returns their sum. */
    float exp(float[] x, float[] w, int o, int s, float max);

    /** w[o, o+s) *= factor. */
    void scale(float[] w, int o, int s, float factor);

    /**
     * x[o, o+n) = GELU(x) = x/2 (1 + erf(x / sqrt 2)), BERT's exact GELU. Java has no erf: both
     * implementations use the rational erf of {@link #ERF_P0}, within 3.7e-7 of the true value in
     * float32 (a few ulp of 1 + erf), without an exp.
     */
    void gelu(float[] x, int o, int n);

    /**
     * y[o, o+d) = (x - mean) / sqrt(var + eps) * gamma + beta over the row x[o, o+d), biased
     * variance, as PyTorch's nn.LayerNorm; a null gamma means ones, a null beta zeros. y may be x.
     */
    void layerNorm(float[] x, float[] y, int o, int d, float[] gamma, float[] beta, float eps);

    /** The implementation in use: the vector one when this JVM has its module. */
    static RowMath best() {
        return Holder.IN_USE;
    }

    /** A short name for reports, e.g. "vector API, 16 lanes". */
    String describe();

    /**
     * Softmax of each row of x[from*s, to*s) into w: exp(x - rowmax) / sum. A row whose
     * logits are all -inf gets 0 everywhere (no key to attend to), not NaN.
     */
    default void softmax(float[] x, float[] w, int from, int to, int s) {
        for (int r = from; r < to; r++) {
            int o = r * s;
            softmaxRow(x, w, o, s, max(x, o, s));
        }
    }

    /** Softmax of one row whose largest value {@code max} is known. */
    default void softmaxRow(float[] x, float[] w, int o, int s, float max) {
        if (max == Float.NEGATIVE_INFINITY) {
            java.util.Arrays.fill(w, o, o + s, 0f);
            return;
        }
        float sum = exp(x, w, o, s, max);
        scale(w, o, s, 1f / sum);
    }

    /**
     * erf(z) = z P(z^2) / Q(z^2) for |z| <= {@link #ERF_CLAMP}, and +-1 beyond, where erf rounds to 1
     * in float32: P = ERF_P0 + ERF_P1 u + ... + ERF_P5 u^5, Q = 1 + ERF_Q1 u + ... + ERF_Q5 u^5, every
     * coefficient positive (no cancellation). Fitted for this engine by {@code tools/numerics/erf_fit.py}
     * (Lawson's iteration on the linearised error): within 1.6e-8 of erf in double precision and 3.7e-7
     * evaluated in float32 as the implementations do, where Abramowitz and Stegun's 7.1.26, used before,
     * came to 5.7e-7 in float32. One division and no exp: on the vector API 0.30 ns a value against
     * 0.61 for 7.1.26 (one core, AVX-512), 4.7 million values a forward of the real model at 512 tokens.
     */
    float ERF_P0 = 1.128379022e+00f;
    float ERF_P1 = 1.927652448e-01f;
    float ERF_P2 = 5.306064105e-02f;
    float ERF_P3 = 3.868379408e-03f;
    float ERF_P4 = 2.874807709e-04f;
    float ERF_P5 = 2.034728476e-06f;
    float ERF_Q1 = 5.041654163e-01f;
    float ERF_Q2 = 1.150851127e-01f;
    float ERF_Q3 = 1.517239944e-02f;
    float ERF_Q4 = 1.188128174e-03f;
    float ERF_Q5 = 3.807064632e-05f;
    /** Where the rational erf stops: erf(3.92) = 1 - 5.9e-9, 1 in float32. */
    float ERF_CLAMP = 3.92f;
    float INV_SQRT2 = (float) (1 / Math.sqrt(2));

    /** Chooses once. */
    final class Holder {
        static final RowMath IN_USE = choose();

        private Holder() {
        }

        private static RowMath choose() {
            // x86-64 only, where it is measured: Java 17 compiled the vector API's EXP to vector code there only (its
            // SVML routines); the softmax's exp is now a polynomial of VectorRowMath's own, untried on other CPUs
            String arch = System.getProperty("os.arch", "");
            if (ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()
                    && (arch.equals("amd64") || arch.equals("x86_64"))
                    && Boolean.parseBoolean(System.getProperty("attention.vectorMath", "true"))) {
                try {
                    return (RowMath) Class.forName("org.attentionexplainer.engine.VectorRowMath")
                            .getDeclaredConstructor().newInstance();
                } catch (ReflectiveOperationException | LinkageError e) {
                    // fall through to the plain loops
                }
            }
            return new ScalarRowMath();
        }
    }
}
