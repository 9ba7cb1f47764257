package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Products on weights packed into panels, against a triple loop in double: sizes that are and
 * are not multiples of the panel width (16, 24 or 48 columns: each edge of each) and of the
 * kernel's 4 rows, a bias and a residual laid in first, and the same through
 * {@link ForwardBlocks#linear} on both of its routes.
 */
class PackedWeightsTest {
    @Test
    void everyShapeMatchesATripleLoop() {
        assumeTrue(PackedWeights.available(), "no vector API in this JVM");
        Random rng = new Random(11);
        int[] rows = {1, 2, 3, 4, 5, 7, 8, 13, 16, 17};
        int[] ins = {1, 3, 8, 17, 64};
        int[] outs = {1, 5, 7, 8, 9, 15, 16, 17, 23, 24, 25, 31, 32, 33, 47, 48, 49, 71, 72, 73, 100};
        for (int m : rows) {
            for (int k : ins) {
                for (int n : outs) {
                    float[] w = random(rng, k * n);
                    float[] x = random(rng, m * k);
                    float[] laid = random(rng, m * n);                       // a bias and residual laid in first
                    float[] c = laid.clone();
                    PackedWeights.of(w, k, n).multiplyAdd(x, m, c);
                    assertTripleLoop(x, w, laid, c, m, k, n, "(" + m + ", " + k + ") x (" + k + ", " + n + ")");
                }
            }
        }
    }

    @Test
    void productsSplitOverTheCoresMatchATripleLoop() {
        assumeTrue(PackedWeights.available(), "no vector API in this JVM");
        Random rng = new Random(7);
        int m = 33;
        int k = 300;
        int n = 250;                                                         // panels not a multiple of the parts
        assertTrue((long) m * k * n > PackedWeights.PARALLEL_MULTIPLY_ADDS, "large enough to be split");
        float[] w = random(rng, k * n);
        float[] x = random(rng, m * k);
        float[] laid = random(rng, m * n);
        float[] c = laid.clone();
        PackedWeights.of(w, k, n).multiplyAdd(x, m, c);
        assertTripleLoop(x, w, laid, c, m, k, n, "split");
    }

    /** {@code c} is {@code laid} plus x (m, k) times w (k, n), summed in double one value at a time. */
    private static void assertTripleLoop(float[] x, float[] w, float[] laid, float[] c, int m, int k, int n,
                                         String what) {
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double want = laid[i * n + j];
                for (int r = 0; r < k; r++) {
                    want += (double) x[i * k + r] * w[r * n + j];
                }
                assertEquals(want, c[i * n + j], 1e-5 * (1 + k), what + " at (" + i + ", " + j + ")");
            }
        }
    }

    /**
     * The one-thread products the heads run, at offsets into larger arrays: the narrow panels of a head of
     * 32 or 64 values on 16 lanes, every block and remainder of rows, added to what c held or written over
     * it without reading it (c filled with NaN, which any read would carry into the result).
     */
    @Test
    void oneThreadProductsAtOffsetsAddOrWriteOverEveryShape() {
        assumeTrue(PackedWeights.available(), "no vector API in this JVM");
        Random rng = new Random(5);
        int[] rows = {1, 3, 4, 7, 8, 9, 12, 16, 17, 25};
        int[] ins = {1, 5, 32};
        int[] outs = {16, 31, 32, 33, 48, 64, 96, 100, 128};
        for (int m : rows) {
            for (int k : ins) {
                for (int n : outs) {
                    int width = PackedWeights.widthFor(n);
                    float[] w = random(rng, k * n);
                    float[] panels = PackedWeights.panels(w, 0, k, n, false, width);
                    int xo = 3;
                    int co = 5;
                    float[] x = random(rng, xo + m * k);
                    float[] laid = random(rng, co + m * n + 2);
                    float[] c = laid.clone();
                    PackedWeights.multiplyAdd(panels, k, n, x, xo, m, c, co);
                    String what = "(" + m + ", " + k + ") x (" + k + ", " + n + ") on panels of " + width;
                    assertAt(x, xo, w, laid, co, c, m, k, n, what + ", added");
                    float[] nan = new float[laid.length];
                    java.util.Arrays.fill(nan, Float.NaN);
                    float[] zero = new float[laid.length];
                    float[] written = nan.clone();
                    PackedWeights.multiply(panels, k, n, x, xo, m, written, co);
                    // NaN before co and after the m rows: nothing written there
                    float[] outside = written.clone();
                    System.arraycopy(nan, co, outside, co, m * n);
                    for (float v : outside) {
                        assertTrue(Float.isNaN(v), what + ": written outside its rows");
                    }
                    System.arraycopy(zero, 0, written, 0, co);
                    assertAt(x, xo, w, zero, co, written, m, k, n, what + ", written over");
                }
            }
        }
    }

    @Test
    void aHeadOf32Or64ValuesTakesTheNarrowPanelsOnSixteenLanes() {
        assumeTrue(PackedWeights.available() && jdk.incubator.vector.FloatVector.SPECIES_PREFERRED.length() >= 16,
                "no 16-lane vector API in this JVM");
        assertEquals(32, PackedWeights.widthFor(32));
        assertEquals(32, PackedWeights.widthFor(64));
        assertEquals(48, PackedWeights.widthFor(48), "48 columns fill a wide panel");
        assertEquals(48, PackedWeights.widthFor(96));
        assertEquals(48, PackedWeights.widthFor(512), "the keys of a long text stay on the wide panels");
        assertEquals(48, PackedWeights.widthFor(33));
    }

    /** c from co is laid (from co) plus x (m, k) from xo times w (k, n), summed in double. */
    private static void assertAt(float[] x, int xo, float[] w, float[] laid, int co, float[] c, int m, int k, int n,
                                 String what) {
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double want = laid[co + i * n + j];
                for (int r = 0; r < k; r++) {
                    want += (double) x[xo + i * k + r] * w[r * n + j];
                }
                assertEquals(want, c[co + i * n + j], 1e-5 * (1 + k), what + " at (" + i + ", " + j + ")");
            }
        }
    }

    @Test
    void longerArraysKeepTheirTailAndShortOnesAreRefused() {
        assumeTrue(PackedWeights.available(), "no vector API in this JVM");
        float[] w = {1, 2, 3, 4, 5, 6};                                      // (2, 3)
        PackedWeights packed = PackedWeights.of(w, 2, 3);
        float[] c = {0, 0, 0, 9};
        packed.multiplyAdd(new float[] {1, 1, 7}, 1, c);                     // one row of (1, 2); the 7 is not read
        assertEquals(5f, c[0]);
        assertEquals(7f, c[1]);
        assertEquals(9f, c[2]);
        assertEquals(9f, c[3], "past the m rows nothing is written");
        assertThrows(IllegalArgumentException.class, () -> packed.multiplyAdd(new float[2], 2, new float[6]));
        assertThrows(IllegalArgumentException.class, () -> PackedWeights.of(new float[5], 2, 3));
    }

    @Test
    void linearLayersOfFewRowsGiveTheSameOnBothRoutes() {
        assumeTrue(PackedWeights.available() && Routes.BEST.hostMemory(), "no vector API or not the CPU backend");
        Random rng = new Random(3);
        ForwardBlocks blocks = new ForwardBlocks();
        for (int[] size : new int[][] {{5, 24, 37}, {16, 64, 48}, {PackedWeights.MAX_ROWS, 33, 20}}) {
            int m = size[0];
            int k = size[1];
            int n = size[2];
            float[] w = random(rng, k * n);
            float[] b = random(rng, n);
            float[] x = random(rng, m * k);
            float[] residual = random(rng, m * n);
            ForwardBlocks.Linear packed = ForwardBlocks.Linear.of(Nd4j.create(w, new long[] {k, n}, DataType.FLOAT),
                    Nd4j.create(b, new long[] {n}, DataType.FLOAT));
            assertNotNull(packed.packed());
            ForwardBlocks.Linear blas = new ForwardBlocks.Linear(packed.weight(), packed.bias(), null);
            INDArray rows = Nd4j.create(x, new long[] {m, k}, DataType.FLOAT);
            for (ForwardBlocks.Linear route : new ForwardBlocks.Linear[] {packed, blas}) {
                float[] plain = NdBuffers.read(blocks.linear("y", rows, route, null));
                float[] summed = NdBuffers.read(blocks.linear("y", rows, route, Tensor.of(residual, m, n)));
                for (int i = 0; i < m; i++) {
                    for (int j = 0; j < n; j++) {
                        double want = b[j];
                        for (int r = 0; r < k; r++) {
                            want += (double) x[i * k + r] * w[r * n + j];
                        }
                        String at = (route == packed ? "packed" : "OpenBLAS") + " (" + m + ", " + k + ", " + n
                                + ") at (" + i + ", " + j + ")";
                        assertEquals(want, plain[i * n + j], 1e-4, at);
                        assertEquals(want + residual[i * n + j], summed[i * n + j], 1e-4, at + " with the residual");
                    }
                }
            }
        }
    }

    private static float[] random(Random rng, int n) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = rng.nextFloat() * 2 - 1;
        }
        return a;
    }
}
