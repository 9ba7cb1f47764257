package org.attentionexplainer.engine;

import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * A fixed weight W (k, n) laid out once, at load, for products x W with few rows (m, k): its
 * columns cut into panels of {@code width} columns, each panel's k rows of {@code width} values
 * one after the other (the last panel padded with zeros). OpenBLAS packs the whole of W into
 * such panels at every call, which for a product of 16 rows costs about as much as the product
 * itself (16 multiply-adds per weight); a Java micro-kernel on the vector API ({@code PanelKernel})
 * reads the panels as they are. Only where the JVM has {@code jdk.incubator.vector} on x86-64:
 * elsewhere {@link #of} gives null and the products stay on OpenBLAS.
 *
 * <p>Symbols: m rows of x, k = W's rows (the input width), n = W's columns (the output width).
 */
public final class PackedWeights {
    /**
     * Products of more multiply-adds than this split their panels over the cores; below, one
     * thread, as waking a pooled thread costs tens of microseconds (a time slice on a busy machine).
     */
    static final long PARALLEL_MULTIPLY_ADDS = Long.getLong("attention.packedParallelMultiplyAdds", 1L << 21);

    /**
     * The encoder's products ({@link ForwardBlocks}) of at most this many rows run on packed
     * weights, longer ones on OpenBLAS. With the 4 x 3 kernel on 16 lanes (AVX-512) the panels beat
     * OpenBLAS 0.3.19 (which packs W again at every call) at every shape of all-MiniLM-L6-v2 at 128
     * and at 512 rows: 1.4 to 2.1 times less wall time and 1.2 to 1.7 times less CPU
     * ({@code PackedLinearBench}, alternating, under load; see docs/performance.md), where the
     * 4 x 2 kernel on 8 lanes had lost at 128 rows: on fewer than 16 lanes (panels narrower than
     * 48 columns) the cut-over stays at 64 rows, where it was measured. 512 is the longest text the
     * model reads; -Dattention.packedRows=0 sends every product to OpenBLAS.
     */
    static final int MAX_ROWS = Kernel.Holder.IN_USE != null && Kernel.Holder.IN_USE.panelWidth() >= 48 ? 512 : 64;

    /** {@link #MAX_ROWS}, or -Dattention.packedRows where set; read at each product, so one run can time both. */
    static int maxRows() {
        return Integer.getInteger("attention.packedRows", MAX_ROWS);
    }

    /**
     * The same for the attention engine's projections. With the 4 x 3 kernel one product of 64 rows
     * by 768 × 2304 took the panels 10 % less CPU than OpenBLAS (768 × 768: 25 % less), one of 128
     * rows the same CPU; with the 4 x 2 kernel before, 64 rows had taken OpenBLAS 1.3 to 1.5 times
     * less (see docs/performance.md).
     */
    static final int ENGINE_MAX_ROWS = Integer.getInteger("attention.packedRowsEngine", 64);

    private final int k;
    private final int n;
    private final int width;
    private final float[] panels;                                          // (ceil(n / width), k, width)

    private PackedWeights(int k, int n, int width, float[] panels) {
        this.k = k;
        this.n = n;
        this.width = width;
        this.panels = panels;
    }

    /** W (k, n) row-major from {@code w}, packed; null when no micro-kernel runs on this JVM. */
    static PackedWeights of(float[] w, int k, int n) {
        Kernel kernel = Kernel.Holder.IN_USE;
        if (kernel == null) {
            return null;
        }
        if ((long) k * n > w.length) {
            throw new IllegalArgumentException("a weight of " + w.length + " values is not (" + k + ", " + n + ")");
        }
        int width = kernel.panelWidth();
        return new PackedWeights(k, n, width, panels(w, 0, k, n, false, width));
    }

    /**
     * W (k, n) from {@code w} at {@code offset} cut into panels of {@code width} columns (the last one
     * padded with zeros): W row-major (k, n), or with {@code transposed} W^T (n, k) row-major, as a
     * head of K is for the scores Q K^T.
     */
    static float[] panels(float[] w, int offset, int k, int n, boolean transposed, int width) {
        int count = (n + width - 1) / width;
        float[] panels = new float[Math.multiplyExact(Math.multiplyExact(count, k), width)];
        for (int p = 0; p < count; p++) {
            int cols = Math.min(width, n - p * width);
            for (int r = 0; r < k; r++) {
                int to = (p * k + r) * width;
                if (!transposed) {
                    System.arraycopy(w, offset + r * n + p * width, panels, to, cols);
                    continue;
                }
                for (int j = 0; j < cols; j++) {
                    panels[to + j] = w[offset + (p * width + j) * k + r];
                }
            }
        }
        return panels;
    }

    /** Whether a micro-kernel runs on this JVM (see {@link #of}). */
    static boolean available() {
        return Kernel.Holder.IN_USE != null;
    }

    int in() {
        return k;
    }

    int out() {
        return n;
    }

    /**
     * c += x W for the m rows of x (m, k) and c (m, n), both dense row-major from index 0. Each
     * value is c's plus the sum over k taken in order, as OpenBLAS's product with beta 1 adds it
     * to what c held (the bias laid in first).
     */
    void multiplyAdd(float[] x, int m, float[] c) {
        multiplyAdd(x, m, c, null, null);
    }

    /** Work on the columns [from, to) of every row of c, by the thread that multiplies them. */
    interface Columns {
        void run(int from, int to);
    }

    /**
     * {@link #multiplyAdd(float[], int, float[])}, with {@code before} (null: none) run on each
     * part's columns of c before its product (laying in a bias, say) and {@code after} (null: none)
     * after it (an activation, say), by the same thread while those columns are in its cache.
     */
    void multiplyAdd(float[] x, int m, float[] c, Columns before, Columns after) {
        multiplyAdd(x, m, c, before, after, null);
    }

    /**
     * {@link #multiplyAdd(float[], int, float[], Columns, Columns)}, the calling thread running
     * {@code alongside} (null: nothing) first, while the other cores begin on the product
     * ({@link Team#forEach(int, java.util.function.IntConsumer, Runnable)}).
     */
    void multiplyAdd(float[] x, int m, float[] c, Columns before, Columns after, Runnable alongside) {
        if ((long) m * k > x.length || (long) m * n > c.length) {
            throw new IllegalArgumentException("product of (" + m + ", " + k + ") and (" + k + ", " + n
                    + ") with " + x.length + " and " + c.length + " values");
        }
        Kernel kernel = Kernel.Holder.IN_USE;
        int count = (n + width - 1) / width;
        int cores = Runtime.getRuntime().availableProcessors();
        long work = (long) m * k * n;
        // four parts a core: a helper woken late (or a core taken away) leaves the rest to the
        // others instead of a whole half (at 16 tokens the calling thread ran two thirds of the kernel)
        int parts = work <= PARALLEL_MULTIPLY_ADDS || cores < 2 ? 1 : Math.min(count, 4 * cores);
        // one part runs on the calling thread, after alongside, as Team does for a step of one part
        Team.forEach(parts, part ->
                part(kernel, x, m, c, count * part / parts, count * (part + 1) / parts, before, after), alongside);
    }

    private void part(Kernel kernel, float[] x, int m, float[] c, int from, int to, Columns before,
                      Columns after) {
        int first = from * width;
        int last = Math.min(to * width, n);
        if (before != null) {
            before.run(first, last);
        }
        kernel.multiplyAdd(panels, k, n, x, 0, m, c, 0, from, to, true);
        if (after != null) {
            after.run(first, last);
        }
    }

    /** rows W + bias (null: none) for rows (m, k) on the heap, as a new (m, n) array: the bias laid in first. */
    float[] linear(float[] rows, int m, float[] bias) {
        float[] c = new float[m * n];
        if (bias != null) {
            for (int i = 0; i < m; i++) {
                System.arraycopy(bias, 0, c, i * n, n);
            }
        }
        multiplyAdd(rows, m, c);
        return c;
    }

    /**
     * c[co..] += x[xo..] W on one thread, for x (m, k) and c (m, n) dense row-major from their
     * offsets and W (k, n) laid out by {@link #panels} with the width {@link #widthFor}(n).
     */
    static void multiplyAdd(float[] panels, int k, int n, float[] x, int xo, int m, float[] c, int co) {
        product(panels, k, n, x, xo, m, c, co, true);
    }

    /**
     * c[co..] = x[xo..] W, as {@link #multiplyAdd(float[], int, int, float[], int, int, float[], int)}
     * but written over c without reading it: a fresh map's rows, where reading the zeros Java put there
     * had waited on memory that the stores alone do not.
     */
    static void multiply(float[] panels, int k, int n, float[] x, int xo, int m, float[] c, int co) {
        product(panels, k, n, x, xo, m, c, co, false);
    }

    private static void product(float[] panels, int k, int n, float[] x, int xo, int m, float[] c, int co,
                                boolean add) {
        Kernel kernel = Kernel.Holder.IN_USE;
        int width = widthFor(n);
        if (width == kernel.panelWidth()) {
            kernel.multiplyAdd(panels, k, n, x, xo, m, c, co, 0, (n + width - 1) / width, add);
        } else {
            kernel.multiplyAddNarrow(panels, k, n, x, xo, m, c, co, add);
        }
    }

    /**
     * The panel width for a product of n columns on one thread ({@link #multiplyAdd(float[], int, int,
     * float[], int, int, float[], int)}): the kernel's narrow panels where n columns fill them and would
     * leave the one or two wide ones they need part empty, as a head of 32 or 64 values does with panels
     * of 48 (a third of the wide kernel's multiply-adds had been on padding); else the wide ones. Only
     * where {@link #available()}.
     */
    static int widthFor(int n) {
        Kernel kernel = Kernel.Holder.IN_USE;
        int wide = kernel.panelWidth();
        int narrow = kernel.narrowWidth();
        // the keys of a long text (512 columns) stay wide: on narrow panels their products of 32 multiply-adds a
        // value ran slower, as more of each block's time goes to writing its sums (MiniLmBench at 512 tokens:
        // 0.76 of ONNX Runtime's speed against 0.89 on wide panels, where the values alone on narrow panels: 0.95)
        return narrow > 0 && n % narrow == 0 && n % wide != 0 && n < 2 * wide ? narrow : wide;
    }

    /**
     * y = rows W + bias (null: none) for rows (m, k) off the heap (a view is copied first) and
     * y (m, n) dense in the process's memory: the bias laid in first, then the product added.
     */
    void linear(INDArray rows, float[] bias, INDArray y) {
        NdBuffers.write(y, linear(NdBuffers.read(rows), (int) rows.size(0), bias), 0, true);
    }

    /**
     * The packed layouts of the last few weights seen, by the identity of their values (tensors
     * are immutable), for an engine that is handed its weights at every call.
     */
    static final class Recent {
        private static final int KEPT = 6;
        private final float[][] keys = new float[KEPT][];
        private final PackedWeights[] kept = new PackedWeights[KEPT];
        private int next;

        /** w (k, n) packed, or null where no micro-kernel runs. */
        PackedWeights of(Tensor w) {
            for (int i = 0; i < KEPT; i++) {
                if (keys[i] == w.data()) {
                    return kept[i];
                }
            }
            PackedWeights packed = PackedWeights.of(w.data(), w.dim(0), w.dim(1));
            keys[next] = w.data();
            kept[next] = packed;
            next = (next + 1) % KEPT;
            return packed;
        }
    }

    /** A micro-kernel over panels; the one in use is chosen once. */
    interface Kernel {
        /** Columns per panel. */
        int panelWidth();

        /**
         * c += x W for the panels [from, to) of W, as {@link PackedWeights#multiplyAdd}, x (m, k) and
         * c (m, n) dense row-major from indices {@code xo} and {@code co}; without {@code add}, c = x W,
         * c's values never read.
         */
        void multiplyAdd(float[] panels, int k, int n, float[] x, int xo, int m, float[] c, int co, int from, int to,
                         boolean add);

        /** Columns per narrow panel; 0 where the kernel has none. */
        int narrowWidth();

        /**
         * c += x W as {@link #multiplyAdd}, every panel of W narrow and full: n a multiple of
         * {@link #narrowWidth()}.
         */
        void multiplyAddNarrow(float[] panels, int k, int n, float[] x, int xo, int m, float[] c, int co,
                               boolean add);

        /** Chooses once: the vector kernel where {@link RowMath} runs on the vector API, else none. */
        final class Holder {
            static final Kernel IN_USE = choose();

            private Holder() {
            }

            private static Kernel choose() {
                if (!(RowMath.best() instanceof VectorRowMath)
                        || !Boolean.parseBoolean(System.getProperty("attention.packedWeights", "true"))) {
                    return null;
                }
                try {
                    return (Kernel) Class.forName("org.attentionexplainer.engine.PanelKernel")
                            .getDeclaredConstructor().newInstance();
                } catch (ReflectiveOperationException | LinkageError e) {
                    return null;
                }
            }
        }
    }
}
