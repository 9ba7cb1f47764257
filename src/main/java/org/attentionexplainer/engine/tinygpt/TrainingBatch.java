package org.attentionexplainer.engine.tinygpt;

import java.util.HashMap;
import java.util.Map;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/** The placeholders of {@link GptGraph} for one batch of sequences, and the losses read back. */
final class TrainingBatch {
    private TrainingBatch() {
    }

    /** Tokens, positions, the causal mask, one-hot next-symbol targets and the weights of the mean loss. */
    static Map<String, INDArray> placeholders(int[][] batch, int vocab, int maxPositions) {
        int b = batch.length;
        int t = batch[0].length;
        float[] oneHot = new float[b * t * vocab];
        float[] targets = new float[b * t * vocab];
        float[] weight = new float[b * t];
        float share = 1f / (b * (t - 1));
        for (int s = 0; s < b; s++) {
            for (int i = 0; i < t; i++) {
                oneHot[(s * t + i) * vocab + batch[s][i]] = 1f;
                if (i + 1 < t) {
                    targets[(s * t + i) * vocab + batch[s][i + 1]] = 1f;
                    weight[s * t + i] = share;
                }
            }
        }
        float[] positions = new float[b * t * maxPositions];
        for (int r = 0; r < b * t; r++) {
            positions[r * maxPositions + r % t] = 1f;
        }
        float[] mask = new float[t * t];
        for (int i = 0; i < t; i++) {
            for (int j = i + 1; j < t; j++) {
                mask[i * t + j] = Float.NEGATIVE_INFINITY;
            }
        }
        Map<String, INDArray> map = new HashMap<>();
        map.put(GptGraph.TOKENS, Nd4j.create(oneHot, new long[] {(long) b * t, vocab}, 'c'));
        map.put(GptGraph.POSITIONS, Nd4j.create(positions, new long[] {(long) b * t, maxPositions}, 'c'));
        map.put(GptGraph.BATCH_SHAPE, Nd4j.createFromArray((long) b, t));
        map.put(GptGraph.MASK, Nd4j.create(mask, new long[] {t, t}, 'c'));
        map.put(GptGraph.TARGETS, Nd4j.create(targets, new long[] {(long) b * t, vocab}, 'c'));
        map.put(GptGraph.LOSS_WEIGHT, Nd4j.create(weight, new long[] {(long) b * t}, 'c'));
        return map;
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
