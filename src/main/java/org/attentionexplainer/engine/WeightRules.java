package org.attentionexplainer.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The rules of the attention weights that both computation paths apply on the heap: hardmax,
 * dropout with PyTorch's generator, and which queries have every key masked. Hardmax and
 * dropout work on a range of rows so that the ND4J path can apply them a few heads at a time;
 * dropout draws from one generator in row order either way.
 */
final class WeightRules {
    private WeightRules() {
    }

    /**
     * One-hot on the largest logit of each row of width s in [from, to), the first one on
     * ties; all-masked rows get 0.
     */
    static void hardmax(float[] logits, float[] weights, int from, int to, int s) {
        for (int o = from; o < to; o += s) {
            int best = -1;
            float bestValue = Float.NEGATIVE_INFINITY;
            for (int j = 0; j < s; j++) {
                float value = logits[o + j];
                if (value > bestValue) {
                    bestValue = value;
                    best = j;
                }
            }
            java.util.Arrays.fill(weights, o, o + s, 0f);
            if (best >= 0) {
                weights[o + best] = 1f;
            }
        }
    }

    /** A generator for {@link #dropout}, seeded as {@code torch.manual_seed(seed)}. */
    static TorchRandom dropoutDraws(Dropout dropout) {
        return new TorchRandom(dropout.seed());
    }

    /**
     * In place on [from, to): keeps each weight with probability 1 - p and scales survivors by
     * 1 / (1 - p), one draw per weight.
     */
    static void dropout(float[] w, int from, int to, Dropout dropout, TorchRandom draws) {
        float keep = (float) (1 - dropout.p());
        float rescale = (float) (1 / (1 - dropout.p()));
        for (int i = from; i < to; i++) {
            w[i] = draws.uniform(0f, 1f) < keep ? w[i] * rescale : 0f;
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
