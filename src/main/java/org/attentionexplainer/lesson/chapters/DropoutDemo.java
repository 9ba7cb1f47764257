package org.attentionexplainer.lesson.chapters;

import org.attentionexplainer.engine.Dropout;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.lesson.Text;

/**
 * Dropout on the causal weights: each weight is kept with probability 1 - p and then divided by
 * 1 - p, so the expected value of every weight stays what it was.
 *
 * @param before          (t, t) the causal weights
 * @param after           (t, t) after dropout, as the engine computed them
 * @param keptPattern     (t, t) 1 where the draw kept the weight, 0 where it dropped it
 * @param kept            draws that kept their weight (over all t * t positions, masked ones too)
 * @param dropped         draws that zeroed their weight
 * @param rowSumsAfter    (t,) the rows no longer sum to 1, only on average
 * @param maxRuleError    largest |after - (kept ? before / (1 - p) : 0)|: 0 when the rule holds
 * @param torchKeptPattern (6, 6) 1 (kept) / 0 (dropped) that PyTorch draws on a CPU for the same
 *                        seed and p, or null where that comparison is not available
 * @param differencesFromTorch positions where this app's draw and PyTorch's disagree, or -1
 */
public record DropoutDemo(double p, long seed, double rescale, Tensor before, Tensor after, Tensor keptPattern,
                          int kept, int dropped, Tensor rowSumsAfter, double maxRuleError, Tensor torchKeptPattern,
                          int differencesFromTorch) {

    /**
     * {@code torch.manual_seed(123); nn.Dropout(0.5)(torch.ones(6, 6))} as printed in the rasbt book
     * (ch. 3, PyTorch 2.4) and again with PyTorch 1.13: 1 where the entry survived (as 2.0).
     */
    static final float[][] TORCH_SEED_123_HALF = {
        {1, 1, 0, 1, 1, 0},
        {0, 0, 0, 1, 0, 1},
        {1, 1, 1, 1, 0, 1},
        {0, 1, 1, 0, 0, 1},
        {0, 1, 0, 1, 0, 1},
        {0, 1, 1, 1, 1, 0},
    };

    static DropoutDemo of(Dropout dropout, float[][] before, float[][] after) {
        int t = before.length;
        float[][] keep = dropout.keepMask(t, t).matrix();
        if (dropout.p() == 0) {
            keep = ones(t);
        }
        float scale = dropout.rescale();
        int kept = 0;
        double ruleError = 0;
        for (int i = 0; i < t; i++) {
            for (int j = 0; j < t; j++) {
                boolean survived = keep[i][j] != 0f;
                kept += survived ? 1 : 0;
                float rule = survived ? (dropout.p() == 0 ? before[i][j] : before[i][j] * scale) : 0f;
                ruleError = Math.max(ruleError, Math.abs((double) after[i][j] - rule));
            }
        }
        Tensor torch = null;
        int differences = -1;
        if (dropout.p() == 0.5 && dropout.seed() == 123 && t == TORCH_SEED_123_HALF.length) {
            torch = Tensor.matrix(TORCH_SEED_123_HALF);
            differences = 0;
            for (int i = 0; i < t; i++) {
                for (int j = 0; j < t; j++) {
                    differences += keep[i][j] != TORCH_SEED_123_HALF[i][j] ? 1 : 0;
                }
            }
        }
        return new DropoutDemo(dropout.p(), dropout.seed(), 1 / (1 - dropout.p()), Tensor.matrix(before),
                Tensor.matrix(after), Tensor.matrix(keep), kept, t * t - kept, Tensor.vector(Matrices.rowSums(after)),
                ruleError, torch, differences);
    }

    private static float[][] ones(int t) {
        float[][] m = new float[t][t];
        for (float[] row : m) {
            java.util.Arrays.fill(row, 1f);
        }
        return m;
    }

    /** "p = 0.5: 19 of 36 draws kept, each kept weight times 1/(1 − p) = 2". */
    public Text summary() {
        return Text.of("chapter.causal.dropout.summary", p, kept, kept + dropped, rescale);
    }
}
