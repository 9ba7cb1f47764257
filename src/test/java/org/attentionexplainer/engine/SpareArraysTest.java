package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.factory.Nd4j;

/**
 * {@link Spare}: a layer's outputs written into arrays made beside an earlier product give
 * what new arrays give; each array is taken once, at its length.
 */
class SpareArraysTest {
    @Test
    void outputsIntoSpareArraysAreTheSameAndEachIsTakenOnce() {
        assumeTrue(PackedWeights.available(), "the heap route needs the vector kernel");
        Random rng = new Random(2);
        int n = 20;
        int d = 48;
        float[] x = new float[n * d];
        float[] w = new float[d * d];
        float[] bias = new float[d];
        for (float[] a : new float[][] {x, w, bias}) {
            for (int i = 0; i < a.length; i++) {
                a[i] = (float) rng.nextGaussian();
            }
        }
        ForwardBlocks blocks = new ForwardBlocks();
        ForwardBlocks.Linear linear = ForwardBlocks.Linear.of(Nd4j.create(w, new long[] {d, d}, DataType.FLOAT),
                Nd4j.create(bias, new long[] {d}, DataType.FLOAT));
        Tensor rows = Tensor.of(x, n, d);
        LayerNormParams norm = new LayerNormParams(null, null, 1e-5);
        Spare spare = new Spare(n * d, n * d, n * d);
        // the products bit for bit; the LayerNorms to the last bits of their sums (a vector sum's order may
        // differ between the JIT's tiers)
        assertArrayEquals(blocks.linearOnHeap(rows, linear).toArray(),
                blocks.linearOnHeap(rows, linear, spare, 0).toArray());
        assertArrayEquals(blocks.addAndNorm("a", rows, rows, norm, false).values().toArray(),
                blocks.addAndNorm("a", rows, rows, norm, false, spare, 1).values().toArray(), 1e-6f);
        assertArrayEquals(blocks.linearAndNorm("h", rows, linear, rows, norm, false).values().toArray(),
                blocks.linearAndNorm("h", rows, linear, rows, norm, false, spare, 2).values().toArray(), 1e-6f);
        assertThrows(IllegalStateException.class, () -> blocks.linearOnHeap(rows, linear, spare, 0),
                "an array is taken once");
        assertThrows(IllegalArgumentException.class, () -> blocks.linearOnHeap(rows, linear,
                new Spare(n * d + 1), 0), "an array of another length");
    }
}
