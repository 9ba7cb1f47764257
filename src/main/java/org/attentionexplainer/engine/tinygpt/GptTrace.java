package org.attentionexplainer.engine.tinygpt;

import java.util.List;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Tensor;

/**
 * One forward pass of the tiny GPT over b sequences of t symbols, every step an immutable value.
 *
 * @param embeddings (b, t, d) E_tok[tokens] + E_pos: layer 0's input
 * @param layers     each layer's attention trace (its weights (b, h, t, t), its result x + output (b, t, d))
 * @param logits     (b, t, v) the scores of the next symbol at every position
 */
public record GptTrace(int[][] tokens, Tensor embeddings, List<AttentionTrace> layers, Tensor logits) {

    public GptTrace {
        int[][] copy = new int[tokens.length][];
        for (int i = 0; i < tokens.length; i++) {
            copy[i] = tokens[i].clone();
        }
        tokens = copy;
        layers = List.copyOf(layers);
    }

    @Override
    public int[][] tokens() {
        int[][] copy = new int[tokens.length][];
        for (int i = 0; i < tokens.length; i++) {
            copy[i] = tokens[i].clone();
        }
        return copy;
    }

    public int[] tokens(int item) {
        return tokens[item].clone();
    }

    public int sequences() {
        return tokens.length;
    }

    public int length() {
        return tokens[0].length;
    }

    public int layerCount() {
        return layers.size();
    }

    public int headCount() {
        return layers.get(0).headCount();
    }

    /** One head's weights for one sequence: row i how much position i attends to each position j. */
    public float[][] attention(int item, int layer, int head) {
        return layers.get(layer).weights().matrix(item, head);
    }

    /** Every layer's and head's weights for one sequence: [layer][head][t][t]. */
    public float[][][][] attention(int item) {
        float[][][][] all = new float[layerCount()][headCount()][][];
        for (int l = 0; l < layerCount(); l++) {
            for (int h = 0; h < headCount(); h++) {
                all[l][h] = attention(item, l, h);
            }
        }
        return all;
    }

    /** softmax of the logits at one position: the probability of each symbol coming next. */
    public double[] nextProbabilities(int item, int position) {
        return probabilities(logits.row(item, position));
    }

    /** softmax of one position's logits, in doubles: the probability of each symbol coming next. */
    public static double[] probabilities(float[] z) {
        double max = Double.NEGATIVE_INFINITY;
        for (float v : z) {
            max = Math.max(max, v);
        }
        double sum = 0;
        double[] p = new double[z.length];
        for (int i = 0; i < z.length; i++) {
            p[i] = Math.exp(z[i] - max);
            sum += p[i];
        }
        for (int i = 0; i < z.length; i++) {
            p[i] /= sum;
        }
        return p;
    }

    /** The most likely next symbol at one position. */
    public int predicted(int item, int position) {
        float[] z = logits.row(item, position);
        int best = 0;
        for (int i = 1; i < z.length; i++) {
            if (z[i] > z[best]) {
                best = i;
            }
        }
        return best;
    }
}
