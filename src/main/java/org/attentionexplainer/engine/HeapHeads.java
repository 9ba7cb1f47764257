package org.attentionexplainer.engine;

import java.util.function.IntConsumer;

/**
 * Self-attention's per-head steps from a fused Q, K, V projection that lies on the Java heap, every
 * product on the vector micro-kernel of {@link PackedWeights}, as the real model's encoder runs them
 * when its linear layers do ({@link ForwardBlocks#onHeap}). Per head, K^T and V are laid out for the
 * kernel once; per piece of at most {@link ParallelHeads#ROWS} query rows, Q K^T is written straight
 * into the piece's rows of the trace's weight maps, the logits and the softmax replace them there in
 * place, and the product of those rows with V lands in the heads. Nothing crosses to ND4J: the route
 * on OpenBLAS ({@link ParallelHeads}) copied the projection off the heap, each row of a map twice
 * between its off-heap slot and the trace, and Q, K, V and the heads back again.
 *
 * <p>The scores are not kept: a layer's are 12 MiB at 512 tokens that no view reads unless it shows
 * them; they are made when first read by the same products, piece for piece, so that they are the
 * same bit for bit as the ones the weights were made from. Symbols as in {@link AttentionEngine};
 * all arrays row-major.
 */
final class HeapHeads {
    private HeapHeads() {
    }

    /**
     * What the steps leave: Q, K, V and the heads (b, h, t, hd); the scores and logits (b, h, t, t),
     * made when first read; the weights (b, h, t, t); the concatenated heads (b, t, d); and the largest
     * |score| (NaN if a score is NaN), which {@link Overflow#requireFiniteLogits(float, double, double)} needs.
     */
    record Result(Tensor q, Tensor k, Tensor v, Tensor scores, Tensor logits, Tensor weights, Tensor heads,
                  Tensor context, float largestScore) {
    }

    /**
     * The arrays one layer's heads fill, for b texts of t tokens, h heads of a width d: Q, K, V and the
     * heads (b*h*t, hd), the weight maps (b*h*t, t) and the concatenated heads (b*t, d). Java zeroes each
     * when it is made, 16 MiB at 512 tokens (about 3 ms of one core a forward), which
     * {@link ForwardBlocks#projectAndAttend} has the calling thread do while the other cores start on the
     * projection before it.
     */
    static final class Room {
        final int b;
        final int t;
        final int h;
        final int d;
        final float[] q;
        final float[] k;
        final float[] v;
        final float[] weights;
        final float[] heads;
        final float[] context;

        Room(int b, int t, int h, int d) {
            this.b = b;
            this.t = t;
            this.h = h;
            this.d = d;
            int n = Math.multiplyExact(b, Math.multiplyExact(t, d));
            q = new float[n];
            k = new float[n];
            v = new float[n];
            weights = new float[Math.multiplyExact(Math.multiplyExact(b * h, t), t)];
            heads = new float[n];
            context = new float[n];
        }
    }

    /**
     * Self-attention of t tokens over each other from {@code qkv} (b*t, 3d): Q, K and V side by side,
     * h heads each. logits = scores * factor, -inf where the (b, t, t) {@code mask} (null: none) hides a
     * key; weights = softmax(logits); heads = weights V.
     */
    static Result selfAttention(float[] qkv, int b, int t, int h, float factor, float[] mask, RowMath math) {
        return selfAttention(qkv, factor, mask, math, new Room(b, t, h, qkv.length / (b * t) / 3));
    }

    /** {@link #selfAttention(float[], int, int, int, float, float[], RowMath)} into the arrays of {@code room}. */
    static Result selfAttention(float[] qkv, float factor, float[] mask, RowMath math, Room room) {
        int b = room.b;
        int t = room.t;
        int h = room.h;
        int d = room.d;
        if (qkv.length != b * t * 3 * d) {
            throw new IllegalArgumentException("a projection of " + qkv.length + " values for (" + b * t + ", "
                    + 3 * d + ")");
        }
        Shapes sh = new Shapes(b, t, t, d, d, d, h, d / h, d);
        float[][] keys = new float[b * h][];
        float[][] values = new float[b * h][];
        laidOut(qkv, room, keys, values, sh);
        MapSteps.Maps maps = MapSteps.Maps.scoresLater(room.weights, factor != 1f || mask != null);
        float[] weights = maps.weights();                                                  // (b*h*t, t)
        float[] heads = room.heads;                                                        // (b*h*t, hd)
        float[] qs = room.q;
        int hd = sh.hd();
        int rows = ParallelHeads.rows(sh);
        int perHead = (t + rows - 1) / rows;
        float[] largest = new float[b * h * perHead];                                      // a piece's each
        HeapAttention.eachPiece(sh, (m, first, n) -> {
            int row = m * t + first;
            PackedWeights.multiply(keys[m], hd, t, qs, row * hd, n, weights, row * t);     // scores
            largest[m * perHead + first / rows] = softmaxRows(weights, row, row + n, factor, mask, math, sh);
            PackedWeights.multiplyAdd(values[m], t, hd, weights, row * t, n, heads, row * hd);
            int bi = m / h;
            int hi = m % h;
            for (int i = first; i < first + n; i++) {                                   // into the concatenation
                System.arraycopy(heads, (m * t + i) * hd, room.context, (bi * t + i) * d + hi * hd, hd);
            }
        });
        float worst = 0f;
        for (float x : largest) {
            worst = Math.max(worst, x);
        }
        Tensor scores = Tensor.lazy(() -> scores(qs, keys, sh), b, h, t, t);
        return new Result(Tensor.wrap(room.q, b, h, t, hd), Tensor.wrap(room.k, b, h, t, hd),
                Tensor.wrap(room.v, b, h, t, hd), scores, maps.logitsTensor(scores, factor, mask, sh, math),
                maps.tensor(weights, sh), Tensor.wrap(heads, b, h, t, hd), Tensor.wrap(room.context, b, t, d), worst);
    }

    /**
     * Each head's Q, K and V (t, hd) cut from the projection's columns into the room, and its K^T
     * (hd, s) and V (s, hd) laid out in the kernel's panels; a head per part where the heads are spread.
     */
    private static void laidOut(float[] qkv, Room room, float[][] keys, float[][] values, Shapes sh) {
        int t = sh.t();
        int s = sh.s();
        int hd = sh.hd();
        int d = room.d;
        int width = 3 * d;
        int keyWidth = PackedWeights.widthFor(s);
        int valueWidth = PackedWeights.widthFor(hd);
        IntConsumer head = m -> {
            int bi = m / sh.h();
            int column = m % sh.h() * hd;
            for (int i = 0; i < t; i++) {
                int from = (bi * t + i) * width + column;
                int to = (m * t + i) * hd;
                System.arraycopy(qkv, from, room.q, to, hd);
                System.arraycopy(qkv, from + d, room.k, to, hd);
                System.arraycopy(qkv, from + 2 * d, room.v, to, hd);
            }
            keys[m] = PackedWeights.panels(room.k, m * s * hd, hd, s, true, keyWidth);
            values[m] = PackedWeights.panels(room.v, m * s * hd, s, hd, false, valueWidth);
        };
        if (HeapAttention.spread(sh)) {
            Team.forEach(keys.length, head);
        } else {
            for (int m = 0; m < keys.length; m++) {
                head.accept(m);
            }
        }
    }

    /**
     * Rows [from, to) of the maps, which hold their scores: the logits, then the softmax, in place.
     * Returns the largest |score| of these rows (NaN if one is NaN).
     */
    private static float softmaxRows(float[] maps, int from, int to, float factor, float[] mask, RowMath math,
                                     Shapes sh) {
        int s = sh.s();
        float largest = 0f;
        for (int r = from; r < to; r++) {
            largest = Math.max(largest, math.softmaxOfScores(maps, r * s, s, factor, mask, MapSteps.maskRow(r, sh)));
        }
        return largest;
    }

    /** scores = Q K^T (b*h*t, s), the products of {@link #selfAttention} piece for piece, on this thread. */
    private static float[] scores(float[] q, float[][] keys, Shapes sh) {
        int t = sh.t();
        int s = sh.s();
        int rows = ParallelHeads.rows(sh);
        float[] out = new float[keys.length * t * s];
        for (int m = 0; m < keys.length; m++) {
            for (int first = 0; first < t; first += rows) {
                int row = m * t + first;
                PackedWeights.multiply(keys[m], sh.hd(), s, q, row * sh.hd(), Math.min(rows, t - first), out,
                        row * s);
            }
        }
        return out;
    }
}
