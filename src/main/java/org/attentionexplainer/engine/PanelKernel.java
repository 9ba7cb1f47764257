package org.attentionexplainer.engine;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The micro-kernel of {@link PackedWeights} on the JDK's vector API: a block of 4 rows of x
 * against a panel of three vectors' width, its 12 sums held in registers over the whole of k,
 * each step one broadcast value of x per row times the panel's three vectors, fused
 * multiply-adds as OpenBLAS's own kernels. With AVX-512's 32 registers (16 lanes) whole panels
 * take blocks of 8 rows (24 sums), and narrow panels of two vectors (a head of 32 values) blocks
 * of 8 rows by 2 vectors; with fewer registers those blocks would spill, and only the 4-row
 * block runs. Every sum is taken over k in the same order in every block, so the blocks give the
 * same values bit for bit. Loaded only when the module {@code jdk.incubator.vector} is in the JVM
 * (see {@link PackedWeights.Kernel.Holder}).
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
    /** The blocks of 8 rows need the 32 registers that come with AVX-512's 16 lanes. */
    private static final boolean LARGE_BLOCKS = L >= 16;
    /** Rows of the larger block on whole panels: see {@link #eightWide}. */
    private static final int WIDE_ROWS = 8;
    /** Narrow panels, two vectors wide: a head of 32 values (64: two panels) fills them. */
    private static final int NARROW = 2 * L;
    private static final int NARROW_ROWS = 8;

    @Override
    public int panelWidth() {
        return WIDTH;
    }

    @Override
    public int narrowWidth() {
        return LARGE_BLOCKS ? NARROW : 0;
    }

    @Override
    public void multiplyAddNarrow(float[] panels, int k, int n, float[] x, int xo, int m, float[] c, int co,
                                  boolean add) {
        float[] block = add && m >= NARROW_ROWS ? new float[NARROW_ROWS * NARROW] : null;
        for (int p = 0; p < n / NARROW; p++) {
            int base = p * k * NARROW;
            int col = p * NARROW;
            int i = 0;
            for (; i + NARROW_ROWS <= m; i += NARROW_ROWS) {
                if (add) {
                    eight(panels, base, k, x, xo + i * k, block, 0, NARROW);
                    addBlock(block, NARROW, NARROW_ROWS, c, co + i * n + col, n);
                } else {
                    eight(panels, base, k, x, xo + i * k, c, co + i * n + col, n);
                }
            }
            for (; i < m; i++) {
                oneNarrow(panels, base, k, x, xo + i * k, c, co + i * n + col, add);
            }
        }
    }

    @Override
    public void multiplyAdd(float[] panels, int k, int n, float[] x, int xo, int m, float[] c, int co, int from,
                            int to, boolean add) {
        float[] edge = new float[WIDTH * ROWS];
        float[] block = add && LARGE_BLOCKS && m >= WIDE_ROWS ? new float[WIDE_ROWS * WIDTH] : null;
        for (int p = from; p < to; p++) {
            int base = p * k * WIDTH;
            int col = p * WIDTH;
            int cols = Math.min(WIDTH, n - col);
            int i = 0;
            if (cols == WIDTH && LARGE_BLOCKS) {
                for (; i + WIDE_ROWS <= m; i += WIDE_ROWS) {
                    if (add) {
                        eightWide(panels, base, k, x, xo + i * k, block, 0, WIDTH);
                        addBlock(block, WIDTH, WIDE_ROWS, c, co + i * n + col, n);
                    } else {
                        eightWide(panels, base, k, x, xo + i * k, c, co + i * n + col, n);
                    }
                }
            }
            for (; i + ROWS <= m; i += ROWS) {
                four(panels, base, k, x, xo + i * k, c, co + i * n + col, n, cols, edge, add);
            }
            for (; i < m; i++) {
                one(panels, base, k, x, xo + i * k, c, co + i * n + col, cols, edge, add);
            }
        }
    }

    // 4 rows x 3 vectors: 12 sums, 3 loads of W and 4 broadcasts per 12 fma, 16 registers on AVX2.
    // One core, 16 x 768 x 2304: 33-38 GMAC/s against 27-31 for 4 x 2 (8 sums), alternating in one JVM
    // at load 8-10; 42-43 against 29-32 at 128 rows. fma of a broadcast compiles to vector code here
    // (unlike GELU's, see VectorRowMath).
    private static void four(float[] w, int base, int k, float[] x, int xo, float[] c, int co, int n, int cols,
                             float[] edge, boolean add) {
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
        if (cols == WIDTH && !add) {
            c00.intoArray(c, co);
            c01.intoArray(c, co + L);
            c02.intoArray(c, co + 2 * L);
            int o = co + n;
            c10.intoArray(c, o);
            c11.intoArray(c, o + L);
            c12.intoArray(c, o + 2 * L);
            o += n;
            c20.intoArray(c, o);
            c21.intoArray(c, o + L);
            c22.intoArray(c, o + 2 * L);
            o += n;
            c30.intoArray(c, o);
            c31.intoArray(c, o + L);
            c32.intoArray(c, o + 2 * L);
            return;
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
                c[co + i * n + j] = add ? c[co + i * n + j] + edge[i * WIDTH + j] : edge[i * WIDTH + j];
            }
        }
    }

    private static void one(float[] w, int base, int k, float[] x, int xo, float[] c, int co, int cols,
                            float[] edge, boolean add) {
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
            if (add) {
                c0.add(FloatVector.fromArray(F, c, co)).intoArray(c, co);
                c1.add(FloatVector.fromArray(F, c, co + L)).intoArray(c, co + L);
                c2.add(FloatVector.fromArray(F, c, co + 2 * L)).intoArray(c, co + 2 * L);
                return;
            }
            c0.intoArray(c, co);
            c1.intoArray(c, co + L);
            c2.intoArray(c, co + 2 * L);
            return;
        }
        c0.intoArray(edge, 0);
        c1.intoArray(edge, L);
        c2.intoArray(edge, 2 * L);
        for (int j = 0; j < cols; j++) {
            c[co + j] = add ? c[co + j] + edge[j] : edge[j];
        }
    }

    // 8 rows x 2 vectors: 16 sums, 2 loads of W and 8 broadcasts per 16 fma, 19 of the 32 registers of AVX-512;
    // the weights x V of a head of 32 values, which a wide panel had padded by a third
    private static void eight(float[] w, int base, int k, float[] x, int xo, float[] c, int co, int n) {
        FloatVector c00 = FloatVector.zero(F);
        FloatVector c01 = FloatVector.zero(F);
        FloatVector c10 = FloatVector.zero(F);
        FloatVector c11 = FloatVector.zero(F);
        FloatVector c20 = FloatVector.zero(F);
        FloatVector c21 = FloatVector.zero(F);
        FloatVector c30 = FloatVector.zero(F);
        FloatVector c31 = FloatVector.zero(F);
        FloatVector c40 = FloatVector.zero(F);
        FloatVector c41 = FloatVector.zero(F);
        FloatVector c50 = FloatVector.zero(F);
        FloatVector c51 = FloatVector.zero(F);
        FloatVector c60 = FloatVector.zero(F);
        FloatVector c61 = FloatVector.zero(F);
        FloatVector c70 = FloatVector.zero(F);
        FloatVector c71 = FloatVector.zero(F);
        int at = base;
        for (int r = 0; r < k; r++, at += NARROW) {
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
            a = FloatVector.broadcast(F, x[xo + 4 * k + r]);
            c40 = a.fma(b0, c40);
            c41 = a.fma(b1, c41);
            a = FloatVector.broadcast(F, x[xo + 5 * k + r]);
            c50 = a.fma(b0, c50);
            c51 = a.fma(b1, c51);
            a = FloatVector.broadcast(F, x[xo + 6 * k + r]);
            c60 = a.fma(b0, c60);
            c61 = a.fma(b1, c61);
            a = FloatVector.broadcast(F, x[xo + 7 * k + r]);
            c70 = a.fma(b0, c70);
            c71 = a.fma(b1, c71);
        }
        int o = co;
        c00.intoArray(c, o);
        c01.intoArray(c, o + L);
        o += n;
        c10.intoArray(c, o);
        c11.intoArray(c, o + L);
        o += n;
        c20.intoArray(c, o);
        c21.intoArray(c, o + L);
        o += n;
        c30.intoArray(c, o);
        c31.intoArray(c, o + L);
        o += n;
        c40.intoArray(c, o);
        c41.intoArray(c, o + L);
        o += n;
        c50.intoArray(c, o);
        c51.intoArray(c, o + L);
        o += n;
        c60.intoArray(c, o);
        c61.intoArray(c, o + L);
        o += n;
        c70.intoArray(c, o);
        c71.intoArray(c, o + L);
    }

    private static void oneNarrow(float[] w, int base, int k, float[] x, int xo, float[] c, int co,
                                  boolean add) {
        FloatVector c0 = FloatVector.zero(F);
        FloatVector c1 = FloatVector.zero(F);
        int at = base;
        for (int r = 0; r < k; r++, at += NARROW) {
            FloatVector a = FloatVector.broadcast(F, x[xo + r]);
            c0 = a.fma(FloatVector.fromArray(F, w, at), c0);
            c1 = a.fma(FloatVector.fromArray(F, w, at + L), c1);
        }
        if (add) {
            c0.add(FloatVector.fromArray(F, c, co)).intoArray(c, co);
            c1.add(FloatVector.fromArray(F, c, co + L)).intoArray(c, co + L);
            return;
        }
        c0.intoArray(c, co);
        c1.intoArray(c, co + L);
    }

    // 8 rows x 3 vectors: 24 sums, 3 loads of W and 8 broadcasts per 24 fma, 28 of the 32 registers of AVX-512
    // (on AVX2's 16 registers C2 would spill them: there the panels are narrower and the model's products stay
    // on OpenBLAS above 64 rows, see PackedWeights.MAX_ROWS). Half the loads of W per multiply-add of the 4 x 3
    // block: MiniLmBench against ONNX Runtime, alternating runs, 7 rounds each: 128 tokens 1.01 and 1.03
    // against 0.98 and 0.98, 512 tokens 0.97 and 0.95 against 0.94 and 0.94.
    private static void eightWide(float[] w, int base, int k, float[] x, int xo, float[] c, int co, int n) {
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
        FloatVector c40 = FloatVector.zero(F);
        FloatVector c41 = FloatVector.zero(F);
        FloatVector c42 = FloatVector.zero(F);
        FloatVector c50 = FloatVector.zero(F);
        FloatVector c51 = FloatVector.zero(F);
        FloatVector c52 = FloatVector.zero(F);
        FloatVector c60 = FloatVector.zero(F);
        FloatVector c61 = FloatVector.zero(F);
        FloatVector c62 = FloatVector.zero(F);
        FloatVector c70 = FloatVector.zero(F);
        FloatVector c71 = FloatVector.zero(F);
        FloatVector c72 = FloatVector.zero(F);
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
            a = FloatVector.broadcast(F, x[xo + 4 * k + r]);
            c40 = a.fma(b0, c40);
            c41 = a.fma(b1, c41);
            c42 = a.fma(b2, c42);
            a = FloatVector.broadcast(F, x[xo + 5 * k + r]);
            c50 = a.fma(b0, c50);
            c51 = a.fma(b1, c51);
            c52 = a.fma(b2, c52);
            a = FloatVector.broadcast(F, x[xo + 6 * k + r]);
            c60 = a.fma(b0, c60);
            c61 = a.fma(b1, c61);
            c62 = a.fma(b2, c62);
            a = FloatVector.broadcast(F, x[xo + 7 * k + r]);
            c70 = a.fma(b0, c70);
            c71 = a.fma(b1, c71);
            c72 = a.fma(b2, c72);
        }
        int o = co;
        c00.intoArray(c, o);
        c01.intoArray(c, o + L);
        c02.intoArray(c, o + 2 * L);
        o += n;
        c10.intoArray(c, o);
        c11.intoArray(c, o + L);
        c12.intoArray(c, o + 2 * L);
        o += n;
        c20.intoArray(c, o);
        c21.intoArray(c, o + L);
        c22.intoArray(c, o + 2 * L);
        o += n;
        c30.intoArray(c, o);
        c31.intoArray(c, o + L);
        c32.intoArray(c, o + 2 * L);
        o += n;
        c40.intoArray(c, o);
        c41.intoArray(c, o + L);
        c42.intoArray(c, o + 2 * L);
        o += n;
        c50.intoArray(c, o);
        c51.intoArray(c, o + L);
        c52.intoArray(c, o + 2 * L);
        o += n;
        c60.intoArray(c, o);
        c61.intoArray(c, o + L);
        c62.intoArray(c, o + 2 * L);
        o += n;
        c70.intoArray(c, o);
        c71.intoArray(c, o + L);
        c72.intoArray(c, o + 2 * L);
    }

    /**
     * c's rows [co, co + rows n) += a block of {@code rows} rows of {@code width} sums laid out one after the other,
     * width a multiple of the vector length. The blocks of 8 rows add their sums to c through this: written into
     * the block by the same method that writes them over c, then added here, the same values as adding them in the
     * kernel. A kernel with both epilogues, or one of its own for adding, had been compiled by C2 in some runs with
     * its sums stored and some of its products made through boxed objects (when its profile had left C2 short of
     * the vectors' exact type): the whole product then ran 25 % slower, or ten to a hundred times slower, until the
     * JVM ended, from one run of the same program to the next. With one epilogue, storing, no run was.
     */
    private static void addBlock(float[] block, int width, int rows, float[] c, int co, int n) {
        for (int i = 0; i < rows; i++) {
            int o = co + i * n;
            int b = i * width;
            for (int j = 0; j < width; j += L) {
                FloatVector.fromArray(F, block, b + j).add(FloatVector.fromArray(F, c, o + j)).intoArray(c, o + j);
            }
        }
    }
}
