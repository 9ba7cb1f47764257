package org.attentionexplainer.engine;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The micro-kernel of {@link PackedWeights} on the JDK's vector API: a block of 4 rows of x
 * against a panel of two vectors' width, its 8 sums held in registers over the whole of k, each
 * step one broadcast value of x per row times the panel's two vectors, fused multiply-adds
 * as OpenBLAS's own kernels. Loaded only when the
 * module {@code jdk.incubator.vector} is in the JVM (see {@link PackedWeights.Kernel.Holder}).
 */
final class PanelKernel implements PackedWeights.Kernel {
    private static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
    private static final int L = F.length();
    private static final int ROWS = 4;

    @Override
    public int panelWidth() {
        return 2 * L;
    }

    @Override
    public void multiplyAdd(float[] panels, int k, int n, float[] x, int m, float[] c, int from, int to) {
        float[] edge = new float[2 * L * ROWS];
        for (int p = from; p < to; p++) {
            int base = p * k * 2 * L;
            int col = p * 2 * L;
            int cols = Math.min(2 * L, n - col);
            int i = 0;
            for (; i + ROWS <= m; i += ROWS) {
                four(panels, base, k, x, i * k, c, i * n + col, n, cols, edge);
            }
            for (; i < m; i++) {
                one(panels, base, k, x, i * k, c, i * n + col, cols, edge);
            }
        }
    }

    // fma of a broadcast value does compile to vector code here (unlike GELU's, see VectorRowMath): 25-28
    // against 19-26 GMAC/s with mul and add, 128 x 384 x 384 on one core; 6 rows (12 sums) ran many times
    // slower, its vectors boxed by the JIT
    private static void four(float[] w, int base, int k, float[] x, int xo, float[] c, int co, int n, int cols,
                             float[] edge) {
        FloatVector c00 = FloatVector.zero(F);
        FloatVector c01 = FloatVector.zero(F);
        FloatVector c10 = FloatVector.zero(F);
        FloatVector c11 = FloatVector.zero(F);
        FloatVector c20 = FloatVector.zero(F);
        FloatVector c21 = FloatVector.zero(F);
        FloatVector c30 = FloatVector.zero(F);
        FloatVector c31 = FloatVector.zero(F);
        int at = base;
        for (int r = 0; r < k; r++, at += 2 * L) {
            FloatVector b0 = FloatVector.fromArray(F, w, at);
            FloatVector b1 = FloatVector.fromArray(F, w, at + L);
            FloatVector a = FloatVector.broadcast(F, x[xo + r]);
            c00 = a.fma(b0, c00);
            c01 = a.fma(b1, c01);
            a = FloatVector.broadcast(F, x[xo + k + r]);
            c10 = a.fma(b0, c10);
            c11 = a.fma(b1, c11);
            a = FloatVector.broadcast(F, x[xo + 2 * k + r]);
            c20 = a.fma(b0, c20);
            c21 = a.fma(b1, c21);
            a = FloatVector.broadcast(F, x[xo + 3 * k + r]);
            c30 = a.fma(b0, c30);
            c31 = a.fma(b1, c31);
        }
        store(c, co, cols, c00, c01, edge);
        store(c, co + n, cols, c10, c11, edge);
        store(c, co + 2 * n, cols, c20, c21, edge);
        store(c, co + 3 * n, cols, c30, c31, edge);
    }

    private static void one(float[] w, int base, int k, float[] x, int xo, float[] c, int co, int cols,
                            float[] edge) {
        FloatVector c0 = FloatVector.zero(F);
        FloatVector c1 = FloatVector.zero(F);
        int at = base;
        for (int r = 0; r < k; r++, at += 2 * L) {
            FloatVector a = FloatVector.broadcast(F, x[xo + r]);
            c0 = a.fma(FloatVector.fromArray(F, w, at), c0);
            c1 = a.fma(FloatVector.fromArray(F, w, at + L), c1);
        }
        store(c, co, cols, c0, c1, edge);
    }

    /** c[co, co + cols) += the first cols lanes of (s0, s1). */
    private static void store(float[] c, int co, int cols, FloatVector s0, FloatVector s1, float[] edge) {
        if (cols == 2 * L) {
            FloatVector.fromArray(F, c, co).add(s0).intoArray(c, co);
            FloatVector.fromArray(F, c, co + L).add(s1).intoArray(c, co + L);
            return;
        }
        s0.intoArray(edge, 0);
        s1.intoArray(edge, L);
        for (int j = 0; j < cols; j++) {
            c[co + j] += edge[j];
        }
    }
}
