package org.attentionexplainer.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The rules of the attention weights that both computation paths apply on the heap: hardmax,
 * dropout with PyTorch's generator, and which queries have every key masked.
 */
final class WeightRules {
    private WeightRules() {
    }

    /** One-hot on the largest logit per row, the first one on ties; all-masked rows stay 0. */
    static float[] hardmax(float[] l, int s) {
        float[] w = new float[l.length];
        for (int row = 0; row < l.length / s; row++) {
            int best = -1;
            float bestValue = Float.NEGATIVE_INFINITY;
            for (int j = 0; j < s; j++) {
                float value = l[row * s + j];
                if (value > bestValue) {
                    bestValue = value;
                    best = j;
                }
            }
            if (best >= 0) {
                w[row * s + best] = 1f;
            }
        }
        return w;
    }

    /** In place: keeps each weight with probability 1 - p and scales survivors by 1 / (1 - p). */
    static void dropout(float[] w, Dropout dropout) {
        TorchRandom rng = new TorchRandom(dropout.seed());
        float keep = (float) (1 - dropout.p());
        float rescale = (float) (1 / (1 - dropout.p()));
        for (int i = 0; i < w.length; i++) {
            w[i] = rng.uniform(0f, 1f) < keep ? w[i] * rescale : 0f;
        }
    }

    /** Queries whose every key the mask (b, t, s) hides. */
    static List<MaskedRow> fullyMaskedRows(Tensor mask) {
        int b = mask.dim(0);
        int t = mask.dim(1);
        int s = mask.dim(2);
        float[] m = mask.data();
        List<MaskedRow> rows = new ArrayList<>();
        for (int bi = 0; bi < b; bi++) {
            for (int i = 0; i < t; i++) {
                boolean all = true;
                for (int j = 0; j < s && all; j++) {
                    all = m[(bi * t + i) * s + j] != 0f;
                }
                if (all) {
                    rows.add(new MaskedRow(bi, i));
                }
            }
        }
        return rows;
    }
}
