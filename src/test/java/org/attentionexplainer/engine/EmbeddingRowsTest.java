package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.factory.Nd4j;

/**
 * {@link ForwardBlocks#gatherAddAndNorm}: a model's embeddings, LayerNorm(table[id] + added[position]), against
 * the definition in double precision, on batches long enough to run on every core (3 x 300 rows of 256) and
 * short enough to run on one (2 x 5 rows).
 */
class EmbeddingRowsTest {
    @Test
    void rowsAreGatheredAddedAndNormalizedOnEveryPath() {
        check(3, 300, 256, 50);
        check(2, 5, 16, 7);
    }

    @Test
    void addedRowsOfAnotherWidthAreRefused() {
        ForwardBlocks blocks = new ForwardBlocks();
        var table = Nd4j.create(new float[4 * 8], new long[] {4, 8}, DataType.FLOAT);
        assertThrows(IllegalArgumentException.class, () -> blocks.gatherAddAndNorm("e", table, new int[] {1, 2},
                new float[2 * 7], new LayerNormParams(null, null, 1e-5), false, 1, 2, 8));
        assertThrows(IllegalArgumentException.class, () -> blocks.gatherAddAndNorm("e", table, new int[] {1, 2},
                new float[1 * 8], new LayerNormParams(null, null, 1e-5), false, 1, 2, 8), "one added row for two");
    }

    private static void check(int b, int t, int d, int vocab) {
        Random rng = new Random(b * 1000 + t);
        float[] table = new float[vocab * d];
        float[] added = new float[(t + 3) * d];                   // more positions than the text uses, as a model has
        float[] gamma = new float[d];
        float[] beta = new float[d];
        for (float[] a : new float[][] {table, added, gamma, beta}) {
            for (int i = 0; i < a.length; i++) {
                a[i] = (float) rng.nextGaussian();
            }
        }
        int[] ids = new int[b * t];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = rng.nextInt(vocab);
        }
        LayerNormParams norm = new LayerNormParams(Tensor.of(gamma, d), Tensor.of(beta, d), 1e-12);
        ForwardBlocks.Normed out = new ForwardBlocks().gatherAddAndNorm("e",
                Nd4j.create(table, new long[] {vocab, d}, DataType.FLOAT), ids, added, norm, false, b, t, d);
        assertNull(out.rows(), "nothing off the heap when not asked");
        for (int bi = 0; bi < b; bi++) {
            for (int i = 0; i < t; i++) {
                double[] x = new double[d];
                double mean = 0;
                for (int j = 0; j < d; j++) {
                    x[j] = (double) table[ids[bi * t + i] * d + j] + added[i * d + j];
                    mean += x[j] / d;
                }
                double var = 0;
                for (int j = 0; j < d; j++) {
                    var += (x[j] - mean) * (x[j] - mean) / d;
                }
                for (int j = 0; j < d; j++) {
                    double want = (x[j] - mean) / Math.sqrt(var + 1e-12) * gamma[j] + beta[j];
                    assertEquals(want, out.values().get(bi, i, j), 2e-5 * (1 + Math.abs(want)),
                            "text " + bi + " token " + i + " value " + j);
                }
            }
        }
    }
}
