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
    public String describe() {
        return "plain Java";
    }
}
