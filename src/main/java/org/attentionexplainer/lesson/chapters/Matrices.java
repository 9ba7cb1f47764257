package org.attentionexplainer.lesson.chapters;

import org.attentionexplainer.engine.Tensor;

/** Small helpers over engine tensors that the chapters share. */
final class Matrices {
    private Matrices() {
    }

    /** The largest |a - b| over all entries; both of the same size. */
    static double maxAbsDiff(Tensor a, Tensor b) {
        if (a.size() != b.size()) {
            throw new IllegalArgumentException("sizes differ: " + a.shapeString() + " and " + b.shapeString());
        }
        float[] x = a.toArray();
        float[] y = b.toArray();
        double max = 0;
        for (int i = 0; i < x.length; i++) {
            max = Math.max(max, Math.abs((double) x[i] - y[i]));
        }
        return max;
    }

    /** Index of the largest value, the first one on ties. */
    static int argmax(float[] row) {
        int best = 0;
        for (int i = 1; i < row.length; i++) {
            if (row[i] > row[best]) {
                best = i;
            }
        }
        return best;
    }

    /** The (t, s) map of the first batch entry and head of a (b, h, t, s) tensor. */
    static float[][] first(Tensor bhts) {
        return bhts.matrix(0, 0);
    }

    static float[] rowSums(float[][] m) {
        float[] sums = new float[m.length];
        for (int i = 0; i < m.length; i++) {
            float s = 0f;
            for (float v : m[i]) {
                s += v;
            }
            sums[i] = s;
        }
        return sums;
    }
}
