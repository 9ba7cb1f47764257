package org.attentionexplainer.engine.tinygpt;

import java.util.HashMap;
import java.util.Map;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/** The placeholders of {@link GptGraph} for one batch of sequences, and the losses read back. */
final class TrainingBatch {
    private TrainingBatch() {
    }

    /**
     * Tokens, positions, the causal mask, one-hot next-symbol targets and the weights of the mean loss.
     * Each array is filled by a method of its own: one method with all five loops took the JIT's
     * optimising compiler about a second each time, and it compiled it four times in a training run.
     */
    static Map<String, INDArray> placeholders(int[][] batch, int vocab, int maxPositions) {
        int b = batch.length;
        int t = batch[0].length;
        Map<String, INDArray> map = new HashMap<>();
        map.put(GptGraph.TOKENS, Nd4j.create(oneHot(batch, vocab, 0), new long[] {(long) b * t, vocab}, 'c'));
        map.put(GptGraph.POSITIONS, Nd4j.create(positions(b, t, maxPositions), new long[] {(long) b * t, maxPositions},
                'c'));
        map.put(GptGraph.BATCH_SHAPE, Nd4j.createFromArray((long) b, t));
        map.put(GptGraph.MASK, Nd4j.create(causalMask(t), new long[] {t, t}, 'c'));
        map.put(GptGraph.TARGETS, Nd4j.create(oneHot(batch, vocab, 1), new long[] {(long) b * t, vocab}, 'c'));
        map.put(GptGraph.LOSS_WEIGHT, Nd4j.create(lossWeights(b, t), new long[] {(long) b * t}, 'c'));
        return map;
    }

    /**
     * Row s*t+i is the one-hot of symbol i+shift of sequence s ({@code shift} 0: the tokens; 1: the
     * next symbols, the targets, whose last row of each sequence stays 0: nothing follows it).
     */
    private static float[] oneHot(int[][] batch, int vocab, int shift) {
        int t = batch[0].length;
        float[] rows = new float[batch.length * t * vocab];
        for (int s = 0; s < batch.length; s++) {
            for (int i = 0; i + shift < t; i++) {
                rows[(s * t + i) * vocab + batch[s][i + shift]] = 1f;
            }
        }
        return rows;
    }

    /** Row s*t+i is the one-hot of position i. */
    private static float[] positions(int b, int t, int maxPositions) {
        float[] rows = new float[b * t * maxPositions];
        for (int r = 0; r < b * t; r++) {
            rows[r * maxPositions + r % t] = 1f;
        }
        return rows;
    }

    /** 0 where key j may be seen from query i (j <= i), -inf above the diagonal. */
    private static float[] causalMask(int t) {
        float[] mask = new float[t * t];
        for (int i = 0; i < t; i++) {
            for (int j = i + 1; j < t; j++) {
                mask[i * t + j] = Float.NEGATIVE_INFINITY;
            }
        }
        return mask;
    }

    /** 1/count at every position that has a next symbol, 0 at each sequence's last: the mean's weights. */
    private static float[] lossWeights(int b, int t) {
        float[] weight = new float[b * t];
        float share = 1f / (b * (t - 1));
        for (int s = 0; s < b; s++) {
            for (int i = 0; i + 1 < t; i++) {
                weight[s * t + i] = share;
            }
        }
        return weight;
    }

    /**
     * The mean cross-entropy of the first half's predictable-only-by-chance symbols 2..n (made at
     * positions 0..n-2) and of the second half's copyable symbols 2..n (made at positions n..2n-2).
     */
    static double[] halfLosses(INDArray nll, int half) {
        float[] v = nll.dup('c').data().asFloat();                // (b*t)
        int t = 2 * half;
        int b = v.length / t;
        double first = 0;
        double second = 0;
        for (int s = 0; s < b; s++) {
            for (int i = 0; i < half - 1; i++) {
                first += v[s * t + i];
                second += v[s * t + half + i];
            }
        }
        int count = b * (half - 1);
        return count == 0 ? new double[] {0, 0} : new double[] {first / count, second / count};
    }
}
