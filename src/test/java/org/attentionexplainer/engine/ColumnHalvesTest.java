package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * {@link ForwardBlocks#linear} with W's columns split over the cores, each part on one OpenBLAS
 * thread, against the definition in double and against the same product made whole on one
 * OpenBLAS thread (the same values but for float rounding: OpenBLAS sums a column's products in
 * an order that depends on the product's width); with a bias, with a residual, with more rows
 * than the panels take, a K beyond one of OpenBLAS's blocks of k, and a width that does not
 * halve into whole vectors.
 */
class ColumnHalvesTest {
    private static final String ROWS = "attention.columnHalvesRows";

    @AfterEach
    void defaultRoute() {
        System.clearProperty(ROWS);
    }

    @Test
    void halvesGiveWhatTheWholeProductGives() {
        assumeTrue(Routes.BEST.direct() && Runtime.getRuntime().availableProcessors() > 1,
                "the columns are split only on OpenBLAS with more than one core");
        Random rng = new Random(17);
        ForwardBlocks blocks = new ForwardBlocks();
        for (int[] size : new int[][] {{128, 384, 1152}, {200, 1536, 384}, {97, 384, 1000}}) {
            int m = size[0];
            int k = size[1];
            int n = size[2];
            float[] w = random(rng, k * n);
            float[] b = random(rng, n);
            float[] x = random(rng, m * k);
            float[] residual = random(rng, m * n);
            ForwardBlocks.Linear packed = ForwardBlocks.Linear.of(Nd4j.create(w, new long[] {k, n}, DataType.FLOAT),
                    Nd4j.create(b, new long[] {n}, DataType.FLOAT));
            // without its panels: the product stays on OpenBLAS, whose columns are split
            ForwardBlocks.Linear linear = new ForwardBlocks.Linear(packed.weight(), packed.bias(), null);
            INDArray rows = Nd4j.create(x, new long[] {m, k}, DataType.FLOAT);
            String at = "(" + m + ", " + k + ", " + n + ")";

            float[] whole = oneThread(rows, linear, b, m, n);
            float[] laid = residual.clone();
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    laid[i * n + j] += b[j];
                }
            }
            float[] wholeSummed = oneThread(rows, linear, laid, m, n);
            System.setProperty(ROWS, String.valueOf(m));                      // at most m rows: this product
            float[] halves = NdBuffers.read(blocks.linear("y", rows, linear, null));
            float[] halvesSummed = NdBuffers.read(blocks.linear("y", rows, linear, Tensor.of(residual, m, n)));

            assertArrayEquals(whole, halves, 1e-4f, at);
            assertArrayEquals(wholeSummed, halvesSummed, 1e-4f, at + " with the residual");
            for (int i = 0; i < m; i += 3) {
                for (int j = 0; j < n; j++) {
                    double want = b[j];
                    for (int r = 0; r < k; r++) {
                        want += (double) x[i * k + r] * w[r * n + j];
                    }
                    assertEquals(want, halves[i * n + j], 1e-4, at + " at (" + i + ", " + j + ")");
                    assertEquals(want + residual[i * n + j], halvesSummed[i * n + j], 1e-4,
                            at + " with the residual at (" + i + ", " + j + ")");
                }
            }
        }
    }

    /** y = c + rows W as one product on one OpenBLAS thread, c (out) or (m, out) laid in first. */
    private static float[] oneThread(INDArray rows, ForwardBlocks.Linear linear, float[] c, int m, int n) {
        INDArray y = Nd4j.create(DataType.FLOAT, m, n);
        if (c.length == n) {
            NdBuffers.fillRows(y, c);
        } else {
            NdBuffers.write(y, c, 0, true);
        }
        NativeMemory.sgemm(Block.of(rows), false, Block.of(linear.weight()), false, Block.of(y), m, n,
                linear.in(), 1f, true);
        return NdBuffers.read(y);
    }

    private static float[] random(Random rng, int n) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = rng.nextFloat() * 2 - 1;
        }
        return a;
    }
}
