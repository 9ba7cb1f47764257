package org.attentionexplainer.engine;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The micro-kernel of {@link PackedWeights} on the JDK's vector API: a block of 4 rows of x
 * against a panel of three vectors' width, its 12 sums held in registers over the whole of k,
 * each step one broadcast value of x per row times the panel's three vectors, fused
 * multiply-adds as OpenBLAS's own kernels. Loaded only when the module
 * {@code jdk.incubator.vector} is in the JVM (see {@link PackedWeights.Kernel.Holder}).
 *
 * <p>No vector leaves the method that made it: a vector handed to a method the JIT does not
 * inline is boxed, and C2 decides that inlining from the profile it has when it compiles, so
 * that a helper storing the sums made the same kernel run at 3 or at 30 GMAC/s from one run
 * to the next.
 */
final class PanelKernel implements PackedWeights.Kernel {
    private static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
    private static final int L = F.length();
    private static final int WIDTH = 3 * L;
    private static final int ROWS = 4;

    @Override
    public int panelWidth() {
        return WIDTH;
    }

    @Override
    public void multiplyAdd(float[] panels, int k, int n, float[] x, int xo, int m, float[] c, int co, int from,
                            int to) {
        float[] edge = new float[WIDTH * ROWS];
        for (int p = from; p < to; p++) {
            int base = p * k * WIDTH;
            int col = p * WIDTH;
            int cols = Math.min(WIDTH, n - col);
            int i = 0;
            for (; i + ROWS <= m; i += ROWS) {
                four(panels, base, k, x, xo + i * k, c, co + i * n + col, n, cols, edge);
            }
            for (; i < m; i++) {
                one(panels, base, k, x, xo + i * k, c, co + i * n + col, cols, edge);
            }
        }
    }

    // 4 rows x 3 vectors: 12 sums, 3 loads of W and 4 broadcasts per 12 fma, 16 registers on AVX2.
    // One core, 16 x 768 x 2304: 33-38 GMAC/s against 27-31 for 4 x 2 (8 sums), alternating in one JVM
    // at load 8-10; 42-43 against 29-32 at 128 rows. fma of a broadcast compiles to vector code here
    // (unlike GELU's, see VectorRowMath).
    private static void four(float[] w, int base, int k, float[] x, int xo, float[] c, int co, int n, int cols,
                             float[] edge) {
        FloatVector c00 = FloatVector.zero(F);
        FloatVector c01 = FloatVector.zero(F);
        FloatVector c02 = FloatVector.zero(F);
        FloatVector c10 = FloatVector.zero(F);
        FloatVector c11 = FloatVector.zero(F);
        FloatVector c12 = FloatVector.zero(F);
        FloatVector c20 = FloatVector.zero(F);
        FloatVector c21 = FloatVector.zero(F);
        FloatVector c22 = FloatVector.zero(F);
        FloatVector c30 = FloatVector.zero(F);
        FloatVector c31 = FloatVector.zero(F);
        FloatVector c32 = FloatVector.zero(F);
        int at = base;
        for (int r = 0; r < k; r++, at += WIDTH) {
            FloatVector b0 = FloatVector.fromArray(F, w, at);
            FloatVector b1 = FloatVector.fromArray(F, w, at + L);
            FloatVector b2 = FloatVector.fromArray(F, w, at + 2 * L);
            FloatVector a = FloatVector.broadcast(F, x[xo + r]);
            c00 = a.fma(b0, c00);
            c01 = a.fma(b1, c01);
            c02 = a.fma(b2, c02);
            a = FloatVector.broadcast(F, x[xo + k + r]);
            c10 = a.fma(b0, c10);
            c11 = a.fma(b1, c11);
            c12 = a.fma(b2, c12);
            a = FloatVector.broadcast(F, x[xo + 2 * k + r]);
            c20 = a.fma(b0, c20);
            c21 = a.fma(b1, c21);
            c22 = a.fma(b2, c22);
            a = FloatVector.broadcast(F, x[xo + 3 * k + r]);
            c30 = a.fma(b0, c30);
            c31 = a.fma(b1, c31);
            c32 = a.fma(b2, c32);
        }
        if (cols == WIDTH) {
            c00.add(FloatVector.fromArray(F, c, co)).intoArray(c, co);
            c01.add(FloatVector.fromArray(F, c, co + L)).intoArray(c, co + L);
            c02.add(FloatVector.fromArray(F, c, co + 2 * L)).intoArray(c, co + 2 * L);
            int o = co + n;
            c10.add(FloatVector.fromArray(F, c, o)).intoArray(c, o);
            c11.add(FloatVector.fromArray(F, c, o + L)).intoArray(c, o + L);
            c12.add(FloatVector.fromArray(F, c, o + 2 * L)).intoArray(c, o + 2 * L);
            o += n;
            c20.add(FloatVector.fromArray(F, c, o)).intoArray(c, o);
            c21.add(FloatVector.fromArray(F, c, o + L)).intoArray(c, o + L);
            c22.add(FloatVector.fromArray(F, c, o + 2 * L)).intoArray(c, o + 2 * L);
            o += n;
            c30.add(FloatVector.fromArray(F, c, o)).intoArray(c, o);
            c31.add(FloatVector.fromArray(F, c, o + L)).intoArray(c, o + L);
            c32.add(FloatVector.fromArray(F, c, o + 2 * L)).intoArray(c, o + 2 * L);
            return;
        }
        c00.intoArray(edge, 0);
        c01.intoArray(edge, L);
        c02.intoArray(edge, 2 * L);
        c10.intoArray(edge, WIDTH);
        c11.intoArray(edge, WIDTH + L);
        c12.intoArray(edge, WIDTH + 2 * L);
        c20.intoArray(edge, 2 * WIDTH);
        c21.intoArray(edge, 2 * WIDTH + L);
        c22.intoArray(edge, 2 * WIDTH + 2 * L);
        c30.intoArray(edge, 3 * WIDTH);
        c31.intoArray(edge, 3 * WIDTH + L);
        c32.intoArray(edge, 3 * WIDTH + 2 * L);
        for (int i = 0; i < ROWS; i++) {
            for (int j = 0; j < cols; j++) {
                c[co + i * n + j] += edge[i * WIDTH + j];
            }
        }
    }

    private static void one(float[] w, int base, int k, float[] x, int xo, float[] c, int co, int cols,
                            float[] edge) {
        FloatVector c0 = FloatVector.zero(F);
        FloatVector c1 = FloatVector.zero(F);
        FloatVector c2 = FloatVector.zero(F);
        int at = base;
        for (int r = 0; r < k; r++, at += WIDTH) {
            FloatVector a = FloatVector.broadcast(F, x[xo + r]);
            c0 = a.fma(FloatVector.fromArray(F, w, at), c0);
            c1 = a.fma(FloatVector.fromArray(F, w, at + L), c1);
            c2 = a.fma(FloatVector.fromArray(F, w, at + 2 * L), c2);
        }
        if (cols == WIDTH) {
            c0.add(FloatVector.fromArray(F, c, co)).intoArray(c, co);
            c1.add(FloatVector.fromArray(F, c, co + L)).intoArray(c, co + L);
            c2.add(FloatVector.fromArray(F, c, co + 2 * L)).intoArray(c, co + 2 * L);
            return;
        }
        c0.intoArray(edge, 0);
        c1.intoArray(edge, L);
        c2.intoArray(edge, 2 * L);
        for (int j = 0; j < cols; j++) {
            c[co + j] += edge[j];
        }
    }
}
