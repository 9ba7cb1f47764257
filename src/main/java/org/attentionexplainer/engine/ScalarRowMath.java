package org.attentionexplainer.engine;

/** {@link RowMath} in plain loops, for a JVM without the vector API module. */
final class ScalarRowMath implements RowMath {
    @Override
    public float logits(float[] scores, float[] logits, int o, int s, float factor, float[] mask, int mo) {
        float max = Float.NEGATIVE_INFINITY;
        for (int j = 0; j < s; j++) {
            float l = mask != null && mask[mo + j] != 0f ? Float.NEGATIVE_INFINITY : scores[o + j] * factor;
            logits[o + j] = l;
            max = Math.max(max, l);
        }
        return max;
    }

    @Override
    public float max(float[] x, int o, int s) {
        float max = Float.NEGATIVE_INFINITY;
        for (int j = 0; j < s; j++) {
            max = Math.max(max, x[o + j]);
        }
        return max;
    }

    @Override
    public float maxAbs(float[] x, int o, int s) {
        float max = 0f;
        for (int j = 0; j < s; j++) {
            max = Math.max(max, Math.abs(x[o + j]));
        }
        return max;
    }

    @Override
    public float exp(float[] x, float[] w, int o, int s, float max) {
        float sum = 0f;
        for (int j = 0; j < s; j++) {
            float e = (float) Math.exp(x[o + j] - max);
            w[o + j] = e;
            sum += e;
        }
        return sum;
    }

    @Override
    public void scale(float[] w, int o, int s, float factor) {
        for (int j = 0; j < s; j++) {
            w[o + j] *= factor;
        }
    }

    @Override
    public void gelu(float[] x, int o, int n) {
        for (int j = o; j < o + n; j++) {
            float v = x[j];
            x[j] = 0.5f * v * (1f + erf(v * INV_SQRT2));
        }
    }

    /** The rational erf of {@link RowMath#ERF_P0}, the same operations in the same order as the vector one. */
    static float erf(float z) {
        float c = z > ERF_CLAMP ? ERF_CLAMP : z < -ERF_CLAMP ? -ERF_CLAMP : z;
        float u = c * c;
        float p = ((((ERF_P5 * u + ERF_P4) * u + ERF_P3) * u + ERF_P2) * u + ERF_P1) * u + ERF_P0;
        float q = ((((ERF_Q5 * u + ERF_Q4) * u + ERF_Q3) * u + ERF_Q2) * u + ERF_Q1) * u + 1f;
        return c * p / q;
    }

    @Override
    public void layerNorm(float[] x, float[] y, int o, int d, float[] gamma, float[] beta, float eps) {
        float sum = 0f;
        for (int j = o; j < o + d; j++) {
            sum += x[j];
        }
        float mean = sum / d;
        float squares = 0f;
        for (int j = o; j < o + d; j++) {
            float c = x[j] - mean;
            squares += c * c;
        }
        float inv = 1f / (float) Math.sqrt(squares / d + eps);
        for (int j = 0; j < d; j++) {
            float v = (x[o + j] - mean) * inv;
            if (gamma != null) {
                v *= gamma[j];
            }
            y[o + j] = beta == null ? v : v + beta[j];
        }
    }

    @Override
    public String describe() {
        return "plain Java";
    }
}
