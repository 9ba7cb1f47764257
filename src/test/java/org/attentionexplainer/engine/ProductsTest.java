package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Products of blocks inside larger arrays (heads side by side, as the projection writes them),
 * transposed or not, directly on OpenBLAS and through ND4J, against a triple loop in double.
 */
class ProductsTest {
    @Test
    void blocksWithRowStridesAndTransposesOnBothRoutes() {
        Random rng = new Random(5);
        int t = 7;
        int hd = 3;
        int width = 4 * hd;                                        // (t, 4 hd): four heads side by side
        float[] a = random(rng, t * width);
        float[] b = random(rng, t * width);
        INDArray qs = Nd4j.create(a, new long[] {t, width}, DataType.FLOAT);
        INDArray ks = Nd4j.create(b, new long[] {t, width}, DataType.FLOAT);
        // straight to OpenBLAS (where the backend is the CPU) and through ND4J
        for (boolean direct : new boolean[] {Products.CPU, false}) {
            // scores of head 2: Q_2 K_2^T, (t, hd) x (hd, t), into the middle of a larger array
            INDArray out = Nd4j.zeros(DataType.FLOAT, 3, t * t);
            Products.gemm(new Block(qs, 2 * hd, t, hd, width), false, new Block(ks, 2 * hd, t, hd, width), true,
                    new Block(out, t * t, t, t, t), 0f, direct);
            float[] got = out.data().asFloat();
            for (int i = 0; i < t; i++) {
                for (int j = 0; j < t; j++) {
                    double want = 0;
                    for (int c = 0; c < hd; c++) {
                        want += (double) a[i * width + 2 * hd + c] * b[j * width + 2 * hd + c];
                    }
                    assertEquals(want, got[t * t + i * t + j], 1e-5, "direct " + direct + " (" + i + ", " + j + ")");
                }
            }
            assertEquals(0f, got[0], "outside the block stays as it was");
            assertEquals(0f, got[2 * t * t], "outside the block stays as it was");
            // context of head 1: W (t, t) times V_1 (t, hd), written into columns of head 1
            float[] w = random(rng, t * t);
            INDArray ctx = Nd4j.zeros(DataType.FLOAT, t, width);
            Products.gemm(Block.of(Nd4j.create(w, new long[] {t, t}, DataType.FLOAT)), false,
                    new Block(ks, hd, t, hd, width), false, new Block(ctx, hd, t, hd, width), 0f, direct);
            float[] c = ctx.data().asFloat();
            for (int i = 0; i < t; i++) {
                for (int j = 0; j < width; j++) {
                    double want = 0;
                    if (j >= hd && j < 2 * hd) {
                        for (int k = 0; k < t; k++) {
                            want += (double) w[i * t + k] * b[k * width + j];
                        }
                    }
                    assertEquals(want, c[i * width + j], 1e-5, "direct " + direct + " (" + i + ", " + j + ")");
                }
            }
            // (A^T) for a transposed left operand
            INDArray sq = Nd4j.create(new float[] {1, 2, 3, 4}, new long[] {2, 2}, DataType.FLOAT);
            INDArray r = Nd4j.zeros(DataType.FLOAT, 2, 2);
            Products.gemm(Block.of(sq), true, Block.of(sq), false, Block.of(r), 0f, direct);
            // [[1,3],[2,4]] [[1,2],[3,4]] = [[10,14],[14,20]]
            assertEquals(java.util.List.of(10f, 14f, 14f, 20f), java.util.List.of(
                    r.getFloat(0), r.getFloat(1), r.getFloat(2), r.getFloat(3)));
            // beta 1 adds the product to what is there: a bias laid in first, as a linear layer does
            Products.gemm(Block.of(sq), false, Block.of(sq), false, Block.of(r), 1f, direct);
            // [[10,14],[14,20]] + [[1,2],[3,4]]^2 = [[10+7, 14+10], [14+15, 20+22]]
            assertEquals(java.util.List.of(17f, 24f, 29f, 42f), java.util.List.of(
                    r.getFloat(0), r.getFloat(1), r.getFloat(2), r.getFloat(3)));
        }
    }

    @Test
    void mismatchedShapesAndBlocksOutsideTheArrayAreRefused() {
        INDArray m = Nd4j.zeros(DataType.FLOAT, 4, 6);
        assertThrows(IllegalArgumentException.class, () -> new Block(m, 20, 2, 3, 6));
        assertThrows(IllegalArgumentException.class,
                () -> Products.gemm(Block.of(m), false, Block.of(m), false, Block.of(m), 0f, Products.direct()));
    }

    private static float[] random(Random rng, int n) {
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (float) rng.nextGaussian();
        }
        return x;
    }

    @Test
    void aSmallProductLeavesOpenBlasItsThreads() {
        // a small product runs on one thread; ND4J's own products afterwards (training) keep them all
        int before = NativeMemory.blasThreads();
        INDArray a = Nd4j.ones(DataType.FLOAT, 4, 4);
        INDArray c = Nd4j.zeros(DataType.FLOAT, 4, 4);
        Products.gemm(Block.of(a), false, Block.of(a), false, Block.of(c), 0f, true);
        assertEquals(4f, c.getFloat(3, 3));
        assertEquals(before, NativeMemory.blasThreads());
    }

    @Test
    void aSmallProductInsideAOneThreadScopeLeavesOpenBlasAtOne() {
        // training holds the threads to one; the engine's own small products must not give them back meanwhile
        int before = NativeMemory.blasThreads();
        INDArray a = Nd4j.ones(DataType.FLOAT, 4, 4);
        INDArray c = Nd4j.zeros(DataType.FLOAT, 4, 4);
        try (NativeThreads.OneThread single = NativeThreads.oneThread()) {
            assertEquals(1, NativeMemory.blasThreads());
            try (NativeThreads.OneThread nested = NativeThreads.oneThread()) {
                Products.gemm(Block.of(a), false, Block.of(a), false, Block.of(c), 0f, true);
            }
            assertEquals(1, NativeMemory.blasThreads(), "a nested scope's end and a small product keep one thread");
        }
        assertEquals(4f, c.getFloat(3, 3));
        assertEquals(before, NativeMemory.blasThreads(), "the last scope to close gives the threads back");
    }
}
