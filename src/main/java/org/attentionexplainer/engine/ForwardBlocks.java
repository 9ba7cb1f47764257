package org.attentionexplainer.engine;

import java.util.stream.IntStream;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The steps of a pretrained transformer layer's forward pass on the engine's fast paths, for
 * the models' forwards that keep every step (the encoder of {@code engine.bert}): each linear
 * layer one OpenBLAS product into a reused off-heap array with its bias laid in first (as
 * PyTorch's addmm; its columns split over the cores, see {@link #columnHalves}), self-attention
 * from one fused QKV product whose heads are read where it wrote them ({@link MapSteps}, as
 * {@link AttentionEngine} does; the scores made only when read), and the row passes (LayerNorm,
 * GELU, residual sums) in Java on the vector API ({@link RowMath}) on the heap arrays the trace
 * keeps anyway. Where every product of a forward runs on weights packed once ({@link PackedWeights},
 * see {@link #onHeap}), a layer keeps its activations on the heap and the bias, GELU, residual and
 * LayerNorm run on the product's own heap array. What leaves is immutable {@link Tensor}s, or
 * off-heap arrays of this object that the next step reads and that the next forward overwrites.
 * Not thread-safe: one forward at a time.
 *
 * <p>Symbols: b texts, t tokens, d width, h heads, hd = d / h, n = b * t rows.
 */
public final class ForwardBlocks {
    static {
        NativeThreads.preferSleepingThreads();
    }

    /** The backend's ways, as the app's engine takes them. */
    private final Routes routes = Routes.BEST;
    private final NdBuffers buffers = new NdBuffers(routes.hostMemory());
    private float[] heap = new float[0];
    private float[] heapIn = new float[0];
    /** The products of a layer whose activations stay on the heap (see {@link #onHeap}). */
    private final HeapRoute heapRoute = new HeapRoute(routes);

    public ForwardBlocks() {
        Nd4j.setDefaultDataTypes(DataType.FLOAT, DataType.FLOAT);
    }

    /**
     * y = x W + b with W (in, out) dense off the heap, and b (out) on the heap, or null for none;
     * W also laid out once in panels for products of few rows, or null where no micro-kernel runs.
     */
    public record Linear(INDArray weight, float[] bias, PackedWeights packed) {
        /** From a weight (in, out) and a bias of out values (any shape), or null. */
        public static Linear of(INDArray weight, INDArray bias) {
            return of(dense(weight), bias == null ? null : NdBuffers.read(bias));
        }

        private static Linear of(INDArray dense, float[] bias) {
            PackedWeights packed = PackedWeights.available() && Routes.BEST.hostMemory()
                    ? PackedWeights.of(NdBuffers.read(dense), (int) dense.size(0), (int) dense.size(1)) : null;
            return new Linear(dense, bias, packed);
        }

        /** One layer whose output is the outputs of {@code parts} side by side: W = [W_1 | W_2 | ...]. */
        public static Linear sideBySide(Linear... parts) {
            INDArray[] weights = new INDArray[parts.length];
            int width = 0;
            for (int i = 0; i < parts.length; i++) {
                weights[i] = parts[i].weight();
                width += parts[i].out();
            }
            float[] bias = new float[width];
            int at = 0;
            for (Linear p : parts) {
                if (p.bias() != null) {
                    System.arraycopy(p.bias(), 0, bias, at, p.out());
                }
                at += p.out();
            }
            return of(dense(Nd4j.hstack(weights)), bias);
        }

        public int in() {
            return (int) weight.size(0);
        }

        public int out() {
            return (int) weight.size(1);
        }

        private static INDArray dense(INDArray a) {
            boolean whole = !a.isView() && a.ordering() == 'c' && a.offset() == 0 && a.data().length() == a.length()
                    && a.dataType() == DataType.FLOAT;
            return whole ? a : a.castTo(DataType.FLOAT).dup('c');
        }
    }

    /**
     * Every step of one self-attention block, (b, h, t, hd) or (b, h, t, t), and the concatenated
     * heads (n, d) off the heap for the output projection (valid until the next call); the scores
     * and logits may be made only when read, and {@code largestScore}, their largest |value| (NaN
     * if one is NaN), is what {@link Overflow#requireFiniteLogits(float, double, double)} needs
     * without reading them.
     */
    public record Attention(Tensor q, Tensor k, Tensor v, Tensor scores, Tensor logits, Tensor weights, Tensor heads,
                            INDArray context, Tensor concatenated, float largestScore) {
    }

    /**
     * A LayerNorm's output (b, t, d) on the heap, and the same values (n, d) off the heap for the
     * next product (null where the next product reads the heap, see {@link #onHeap}).
     */
    public record Normed(Tensor values, INDArray rows) {
    }

    /**
     * rows W + b (+ residual), into the role's off-heap array (n, out). The bias (and the
     * residual, (n, out) on the heap) are laid into it first and the product added (beta 1).
     */
    public INDArray linear(String role, INDArray rows, Linear w, Tensor residual) {
        int n = (int) rows.size(0);
        INDArray y = buffers.scratch(role, n, w.out());                             // (n, out)
        if (w.packed() != null && n <= PackedWeights.maxRows()) {
            return packedLinear(rows, w, residual, y);
        }
        float beta = 0f;
        if (residual != null) {
            float[] laid = scratchHeap(n * w.out());
            System.arraycopy(residual.data(), 0, laid, 0, n * w.out());
            if (w.bias() != null) {
                for (int i = 0; i < n; i++) {
                    addInto(laid, i * w.out(), w.bias());
                }
            }
            NdBuffers.write(y, laid, 0, routes.hostMemory());
            beta = 1f;
        } else if (w.bias() != null) {
            if (routes.hostMemory()) {
                NdBuffers.fillRows(y, w.bias());
            } else {
                float[] laid = scratchHeap(n * w.out());
                for (int i = 0; i < n; i++) {
                    System.arraycopy(w.bias(), 0, laid, i * w.out(), w.out());
                }
                NdBuffers.write(y, laid, 0, routes.hostMemory());
            }
            beta = 1f;
        }
        if (inColumnHalves(n, w)) {
            columnHalves(rows, w, y, beta);
        } else {
            Products.gemm(Block.of(rows), false, Block.of(w.weight()), false, Block.of(y), beta, routes.direct());
        }
        return y;
    }

    /**
     * Whether a product runs as {@link #columnHalves}: on OpenBLAS called directly, on more than
     * one core, of at most {@code -Dattention.columnHalvesRows} rows ({@link #COLUMN_HALVES_ROWS}
     * unless set; read at each product, so that one run can time both ways; 0: never) and enough
     * multiply-adds to be split at all.
     */
    private boolean inColumnHalves(int n, Linear w) {
        long multiplyAdds = (long) n * w.in() * w.out();
        return routes.direct() && routes.hostMemory() && Runtime.getRuntime().availableProcessors() > 1
                && n <= Long.getLong("attention.columnHalvesRows", COLUMN_HALVES_ROWS)
                && multiplyAdds >= Products.ONE_THREAD_MULTIPLY_ADDS && w.out() >= 2 * COLUMN_STEP;
    }

    /**
     * The most rows split by columns unless set: all-MiniLM-L6-v2's longest text, where it was
     * measured (128 and 512 tokens: 17-24 % less CPU a forward); longer inputs are left to
     * OpenBLAS's own threads, not measured.
     */
    static final int COLUMN_HALVES_ROWS = 512;

    /** Column parts start at multiples of this many columns: whole vectors of the widest kernels. */
    private static final int COLUMN_STEP = 16;

    /**
     * y = rows W + beta y with W's columns split into one part per core, each part's product on
     * one OpenBLAS thread called from its own Java thread: OpenBLAS splitting one product over its
     * threads makes them wait for each other's packed parts of W (sched_yield) several times a
     * product; here each core packs its own columns of W and waits for nobody until its part is done.
     */
    private static void columnHalves(INDArray rows, Linear w, INDArray y, float beta) {
        int n = (int) rows.size(0);
        int in = w.in();
        int out = w.out();
        int parts = Math.min(Runtime.getRuntime().availableProcessors(), out / COLUMN_STEP);
        NativeMemory.onOneBlasThread(() -> IntStream.range(0, parts).parallel().forEach(p -> {
            int from = (int) ((long) out * p / parts / COLUMN_STEP * COLUMN_STEP);
            int to = p == parts - 1 ? out : (int) ((long) out * (p + 1) / parts / COLUMN_STEP * COLUMN_STEP);
            NativeMemory.sgemm(Block.of(rows), false, new Block(w.weight(), from, in, to - from, out), false,
                    new Block(y, from, n, to - from, out), n, to - from, in, beta, false);
        }));
    }

    /** {@link #linear} on the weight's panels in Java: x and the laid bias (and residual) copied to the heap. */
    private INDArray packedLinear(INDArray rows, Linear w, Tensor residual, INDArray y) {
        int n = (int) rows.size(0);
        int out = w.out();
        float[] x = heapIn(n * w.in());
        NdBuffers.readInto(rows.isView() || rows.ordering() != 'c' ? rows.dup('c') : rows, x, 0);
        float[] c = scratchHeap(n * out);
        if (residual != null) {
            System.arraycopy(residual.data(), 0, c, 0, n * out);
        } else {
            java.util.Arrays.fill(c, 0, n * out, 0f);
        }
        if (w.bias() != null) {
            for (int i = 0; i < n; i++) {
                addInto(c, i * out, w.bias());
            }
        }
        w.packed().multiplyAdd(x, n, c);
        NdBuffers.write(y, c, 0, routes.hostMemory());
        return y;
    }

    /**
     * Whether each of these products of n rows runs on its packed weights in Java, so that a
     * layer can keep its activations on the heap ({@link #linearOnHeap}, {@link #geluLinear},
     * {@link #linearAndNorm}, and the heads' products of {@link #selfAttention(Tensor, int, int, int, float,
     * Tensor)}): no copy to and from off-heap arrays at all.
     */
    public boolean onHeap(int n, Linear... ws) {
        for (Linear w : ws) {
            if (w.packed() == null || n > PackedWeights.maxRows()) {
                return false;
            }
        }
        return true;
    }

    /** rows W + b for rows (n, in) on the heap, as a new heap tensor (n, out). */
    public Tensor linearOnHeap(Tensor rows, Linear w) {
        return heapRoute.linear(rows, w, null, 0);
    }

    /** {@link #linearOnHeap(Tensor, Linear)} into the array {@code which} of {@code spare} (null: a new array). */
    public Tensor linearOnHeap(Tensor rows, Linear w, Spare spare, int which) {
        return heapRoute.linear(rows, w, spare, which);
    }

    /**
     * {@link #selfAttention(INDArray, int, int, int, float, Tensor)} for a projection qkv (n, 3d) on
     * the heap, every product on the packed kernel ({@link HeapHeads}); the attention's context is
     * then on the heap too: {@link Attention#context()} is null, {@link Attention#concatenated()} (b, t, d).
     * The mask (b, t, t) may be null for none.
     */
    public Attention selfAttention(Tensor qkv, int b, int t, int h, float factor, Tensor mask) {
        return heapRoute.selfAttention(qkv, b, t, h, factor, mask);
    }

    /**
     * {@link #selfAttention(Tensor, int, int, int, float, Tensor)} of the projection rows W_qkv + b_qkv for
     * rows (b*t, d) on the heap, W_qkv (d, 3d) the three projections side by side ({@link HeapRoute#projectAndAttend}:
     * the arrays the heads fill are made beside the projection, and those of {@code later}, null for none, too).
     */
    public Attention projectAndAttend(Tensor rows, Linear w, int b, int t, int h, float factor, Tensor mask,
                                      Spare later) {
        return heapRoute.projectAndAttend(rows, w, b, t, h, factor, mask, later);
    }

    /**
     * GELU(rows W + b) for rows (b, t, in) on the heap: (n, out) in a reused heap array, valid
     * until the next call (see {@link RowMath#gelu}); each part of the product's columns gets its
     * GELU from the thread that computed it, while they are in its cache.
     */
    public Tensor geluLinear(Tensor rows, Linear w) {
        return heapRoute.geluLinear(rows, w);
    }

    /**
     * LayerNorm(rows W + b + residual) for rows (n, in) and the residual (b, t, out) on the heap:
     * the values on the heap, and off the heap in the role's array only if {@code offHeap}
     * (otherwise the rows are null).
     */
    public Normed linearAndNorm(String role, Tensor rows, Linear w, Tensor residual, LayerNormParams p,
                                boolean offHeap) {
        return linearAndNorm(role, rows, w, residual, p, offHeap, null, 0);
    }

    /** {@link #linearAndNorm(String, Tensor, Linear, Tensor, LayerNormParams, boolean)} into array which of spare. */
    public Normed linearAndNorm(String role, Tensor rows, Linear w, Tensor residual, LayerNormParams p,
                                boolean offHeap, Spare spare, int which) {
        return norm(role, heapRoute.linear(rows, w, residual, spare, which), p, residual.shape(), null, offHeap);
    }

    /**
     * Self-attention of t tokens over each other from a fused projection qkv (n, 3d): Q, K and V
     * side by side, h heads each. logits = scores * factor, -inf where the (b, t, t) mask hides
     * a key; softmax; heads = weights V, written into the concatenation's columns.
     */
    public Attention selfAttention(INDArray qkv, int b, int t, int h, float factor, Tensor mask) {
        int d = (int) (qkv.size(1) / 3);
        Shapes sh = new Shapes(b, t, t, d, d, d, h, d / h, d);
        HeadLayout q = HeadLayout.columns(qkv, 0, t, h, 1, sh);
        HeadLayout k = HeadLayout.columns(qkv, d, t, h, 1, sh);
        HeadLayout v = HeadLayout.columns(qkv, 2L * d, t, h, 1, sh);
        boolean masked = !Masks.isEmpty(mask);
        INDArray context = buffers.scratch("context", (long) b * t, d);                 // (n, d)
        HeadLayout heads = HeadLayout.columns(context, 1, 0, t, sh);
        if (ParallelHeads.applies(routes, sh)) {
            MapSteps.Maps maps = MapSteps.Maps.scoresLater(sh, factor != 1f || masked);
            INDArray slots = buffers.scratch("maps", ParallelHeads.workers(sh), ParallelHeads.rows(sh), t);
            float largest = ParallelHeads.run(maps, q, k, v, heads, slots, factor, masked ? mask.data() : null, sh,
                    routes.rows());
            Tensor qs = NdBuffers.heads(q, sh);
            Tensor ks = NdBuffers.heads(k, sh);
            return attention(qs, ks, v, heads, maps, ParallelHeads.scoresWhenRead(qs, ks, sh), largest, context,
                    factor, masked ? mask : null, sh);
        }
        MapSteps.Maps maps = MapSteps.Maps.allocate(sh, factor != 1f || masked, true);
        int groupSize = MapSteps.headsPerGroup(sh);
        INDArray group = buffers.scratch("maps", groupSize, t, t);                      // (g, t, t)
        boolean host = routes.hostMemory();
        for (int first = 0; first < b * h; first += groupSize) {
            int offset = first * t * t;
            MapSteps.scores(q, k, first, group, groupSize, sh, routes);
            if (!host) {
                NdBuffers.readInto(group, maps.scores(), offset);
            }
            MapSteps.rows(maps, group, first * t, (first + groupSize) * t, factor, masked ? mask.data() : null,
                    true, host, host, sh, routes.rows());
            if (!host) {
                NdBuffers.write(group, maps.weights(), offset, routes.hostMemory());
            }
            MapSteps.headContexts(group, v, heads, first, groupSize, sh, routes);
        }
        return attention(NdBuffers.heads(q, sh), NdBuffers.heads(k, sh), v, heads, maps,
                maps.tensor(maps.scores(), sh), Overflow.maxAbs(maps.scores()), context, factor,
                masked ? mask : null, sh);
    }

    private Attention attention(Tensor q, Tensor k, HeadLayout v, HeadLayout heads, MapSteps.Maps maps,
                                Tensor scores, float largestScore, INDArray context, float factor, Tensor mask,
                                Shapes sh) {
        Tensor logits = maps.logitsTensor(scores, factor, mask == null ? null : mask.data(), sh, routes.rows());
        return new Attention(q, k, NdBuffers.heads(v, sh), scores, logits, maps.tensor(maps.weights(), sh),
                NdBuffers.heads(heads, sh), context, null, largestScore);
    }

    /**
     * LayerNorm(a + b) of (n, d) rows, a and b (b, t, d): the values on the heap, and in the
     * role's off-heap array (n, d).
     */
    public Normed addAndNorm(String role, Tensor a, Tensor b, LayerNormParams p) {
        return addAndNorm(role, a, b, p, true);
    }

    /** {@link #addAndNorm(String, Tensor, Tensor, LayerNormParams)}, off the heap too only if {@code offHeap} (else rows null). */
    public Normed addAndNorm(String role, Tensor a, Tensor b, LayerNormParams p, boolean offHeap) {
        return addAndNorm(role, a, b, p, offHeap, null, 0);
    }

    /** {@link #addAndNorm(String, Tensor, Tensor, LayerNormParams, boolean)} into the array which of spare. */
    public Normed addAndNorm(String role, Tensor a, Tensor b, LayerNormParams p, boolean offHeap, Spare spare,
                             int which) {
        float[] y = HeapRoute.into(spare, which, a.size());
        float[] x = a.data();
        float[] other = b.data();
        return norm(role, y, p, a.shape(), (from, to) -> {
            for (int i = from; i < to; i++) {
                y[i] = x[i] + other[i];
            }
        }, offHeap);
    }

    /** LayerNorm of the (n, d) rows of a heap array, which it takes over, with the given shape; as {@link #addAndNorm}. */
    public Normed norm(String role, float[] rows, LayerNormParams p, int... shape) {
        return norm(role, rows, p, shape, null, true);
    }

    /** LayerNorm of the (n, d) rows of an off-heap array; as {@link #addAndNorm}. */
    public Normed norm(String role, INDArray rows, LayerNormParams p, int... shape) {
        return norm(role, NdBuffers.read(rows), p, shape, null, true);
    }

    /** LayerNorm of each row of y in place, after {@code fill} (null: none) has written the row's values. */
    private Normed norm(String role, float[] y, LayerNormParams p, int[] shape, MapSteps.RowPass fill,
                        boolean offHeap) {
        int d = shape[shape.length - 1];
        int n = y.length / d;
        float[] gamma = p.gamma() == null ? null : p.gamma().data();
        float[] beta = p.beta() == null ? null : p.beta().data();
        float eps = (float) p.eps();
        RowMath math = routes.rows();
        MapSteps.inParallel(0, n, d, (from, to) -> {
            if (fill != null) {
                fill.run(from * d, to * d);
            }
            for (int i = from; i < to; i++) {
                math.layerNorm(y, y, i * d, d, gamma, beta, eps);
            }
        });
        if (!offHeap) {
            return new Normed(Tensor.wrap(y, shape), null);
        }
        INDArray rows = buffers.scratch(role, n, d);
        NdBuffers.write(rows, y, 0, routes.hostMemory());
        return new Normed(Tensor.wrap(y, shape), rows);
    }

    /** GELU of every value of a dense off-heap array, in place (see {@link RowMath#gelu}). */
    public void gelu(INDArray x) {
        int n = (int) x.size(0);
        int width = (int) (x.length() / n);
        float[] values = scratchHeap((int) x.length());
        NdBuffers.readInto(x, values, 0);
        RowMath math = routes.rows();
        MapSteps.inParallel(0, n, width, (from, to) -> math.gelu(values, from * width, (to - from) * width));
        NdBuffers.write(x, values, 0, routes.hostMemory());
    }

    /**
     * LayerNorm(table[ids[r]] + added[r mod t]) for the rows r of b texts of t tokens, shape (b, t, d): a
     * model's embeddings, the word rows gathered from the off-heap table (vocab, d) and the rows of
     * {@code added} (t, d) added (the position and type embeddings), each row by the core that normalizes it;
     * off the heap too only if {@code offHeap} (else rows null). The same sums as {@link #gather} and an add.
     */
    public Normed gatherAddAndNorm(String role, INDArray table, int[] ids, float[] added, LayerNormParams p,
                                   boolean offHeap, int... shape) {
        int d = (int) table.size(1);
        int t = shape[shape.length - 2];
        if (added.length < t * d || shape[shape.length - 1] != d) {
            throw new IllegalArgumentException("rows of " + added.length / d + " x " + d + " to add to a table of width "
                    + d + " for shape " + java.util.Arrays.toString(shape));
        }
        if (!Routes.BEST.hostMemory()) {
            float[] y = gather(table, ids);
            addRows(y, added, t, d, 0, y.length);
            return norm(role, y, p, shape, null, offHeap);
        }
        float[] y = new float[ids.length * d];
        INDArray whole = Linear.dense(table);
        return norm(role, y, p, shape, (from, to) -> {
            copyRows(whole, ids, d, y, from / d, to / d);
            addRows(y, added, t, d, from, to);
        }, offHeap);
    }

    /** y[o] += added[(o / d) mod t, o mod d] for the values [from, to) of y, whole rows of d. */
    private static void addRows(float[] y, float[] added, int t, int d, int from, int to) {
        for (int o = from; o < to; o += d) {
            int a = (o / d % t) * d;
            for (int j = 0; j < d; j++) {
                y[o + j] += added[a + j];
            }
        }
    }

    /** The rows {@code rows} of a (rows, d) off-heap table, (rows.length, d) on the heap. */
    public static float[] gather(INDArray table, int[] rows) {
        int d = (int) table.size(1);
        float[] out = new float[rows.length * d];
        if (!Routes.BEST.hostMemory()) {
            float[] all = NdBuffers.read(table);
            for (int i = 0; i < rows.length; i++) {
                System.arraycopy(all, rows[i] * d, out, i * d, d);
            }
            return out;
        }
        copyRows(Linear.dense(table), rows, d, out, 0, rows.length);
        return out;
    }

    /** out's rows [first, end) = the rows rows[first..end) of a dense (rows, d) table in host memory. */
    private static void copyRows(INDArray whole, int[] rows, int d, float[] out, int first, int end) {
        NativeMemory.onFloats(whole, from -> {
            for (int i = first; i < end; i++) {
                from.get(rows[i] * d, out, i * d, d);
            }
        });
    }

    /** An off-heap array's values, on the heap with the given shape. */
    public static Tensor tensor(INDArray a, int... shape) {
        return Tensor.wrap(NdBuffers.read(a), shape);
    }

    /** How the rows run, for reports: e.g. "vector API, 16 lanes". */
    public static String rowMath() {
        return Routes.BEST.rows().describe();
    }

    private static void addInto(float[] rows, int o, float[] row) {
        for (int j = 0; j < row.length; j++) {
            rows[o + j] += row[j];
        }
    }

    /** A second reused heap array of at least n values, for a product's input. */
    private float[] heapIn(int n) {
        if (heapIn.length < n) {
            heapIn = new float[n];
        }
        return heapIn;
    }

    /** A reused heap array of at least n values, for values copied on their way to or from the products. */
    private float[] scratchHeap(int n) {
        if (heap.length < n) {
            heap = new float[n];
        }
        return heap;
    }
}
