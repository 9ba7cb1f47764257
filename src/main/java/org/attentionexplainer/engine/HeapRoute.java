package org.attentionexplainer.engine;

/**
 * The products of an encoder layer whose activations stay on the Java heap ({@link ForwardBlocks#onHeap}):
 * every linear layer on its packed weights, the bias and residual laid in and an activation run on each part's
 * columns by the thread that multiplies them, and the heads on the same kernel ({@link HeapHeads}). No copy to
 * or from off-heap arrays. Symbols: n rows (b*t tokens), in and out a layer's widths, d the model's width.
 */
final class HeapRoute {
    private final Routes routes;
    /** The GELU layer's output, reused: valid until the next call (the next layer's output needs only its product). */
    private float[] ff = new float[0];
    /** The fused projection of {@link #projectAndAttend}, reused as {@link #ff} is: no view reads it. */
    private float[] qkv = new float[0];

    HeapRoute(Routes routes) {
        this.routes = routes;
    }

    /** rows W + b for rows (n, in), as a heap tensor (n, out), into the array {@code which} of spare (null: new). */
    Tensor linear(Tensor rows, ForwardBlocks.Linear w, Spare spare, int which) {
        int n = rows.size() / w.in();
        float[] c = into(spare, which, n * w.out());
        multiplyAdd(rows.data(), n, w, null, c, null, null);
        return Tensor.wrap(c, n, w.out());
    }

    /** rows W + b + residual for rows (n, in) and the residual (n, out), into array which of spare (null: new). */
    float[] linear(Tensor rows, ForwardBlocks.Linear w, Tensor residual, Spare spare, int which) {
        int n = residual.size() / w.out();
        float[] c = into(spare, which, n * w.out());
        multiplyAdd(rows.data(), n, w, residual.data(), c, null, null);
        return c;
    }

    /** The heads of a projection qkv (n, 3d) on the heap; the mask (b, t, t) may be null for none. */
    ForwardBlocks.Attention selfAttention(Tensor qkv, int b, int t, int h, float factor, Tensor mask) {
        return attention(HeapHeads.selfAttention(qkv.data(), b, t, h, factor,
                Masks.isEmpty(mask) ? null : mask.data(), routes.rows()));
    }

    /**
     * The heads of the projection rows W_qkv + b_qkv for rows (b*t, d), W_qkv (d, 3d) the three projections
     * side by side: while the other cores begin on the projection, the calling thread makes the arrays the
     * heads then fill ({@link HeapHeads.Room}, which Java zeroes: at 512 tokens about 3 ms of one core a forward
     * that the cores had waited for) and those of {@code later} (null: none); the heads cut their Q, K and V
     * from the projection and write their part of the concatenation themselves, spread over the cores as
     * their products are. The projection itself is in a reused array.
     */
    ForwardBlocks.Attention projectAndAttend(Tensor rows, ForwardBlocks.Linear w, int b, int t, int h, float factor,
                                             Tensor mask, Spare later) {
        int n = rows.size() / w.in();
        int out = w.out();
        if (n != b * t || out % 3 != 0) {
            throw new IllegalArgumentException("rows " + rows.shapeString() + " for " + b + " x " + t
                    + " tokens, a projection of width " + out);
        }
        if (qkv.length != n * out) {
            qkv = new float[n * out];
        }
        HeapHeads.Room[] room = new HeapHeads.Room[1];
        multiplyAdd(rows.data(), n, w, null, qkv, null, () -> {
            room[0] = new HeapHeads.Room(b, t, h, out / 3);
            if (later != null) {
                later.make();
            }
        });
        return attention(HeapHeads.selfAttention(qkv, factor, Masks.isEmpty(mask) ? null : mask.data(),
                routes.rows(), room[0]));
    }

    private static ForwardBlocks.Attention attention(HeapHeads.Result r) {
        return new ForwardBlocks.Attention(r.q(), r.k(), r.v(), r.scores(), r.logits(), r.weights(), r.heads(), null,
                r.context(), r.largestScore());
    }

    /** GELU(rows W + b) for rows (n, in): (n, out) in a reused array, valid until the next call. */
    Tensor geluLinear(Tensor rows, ForwardBlocks.Linear w) {
        int n = rows.size() / w.in();
        int out = w.out();
        if (ff.length != n * out) {
            ff = new float[n * out];
        }
        RowMath math = routes.rows();
        multiplyAdd(rows.data(), n, w, null, ff, math::gelu, null);
        return Tensor.wrap(ff, n, out);
    }

    /** Array {@code which} of spare, which must have {@code length} values; a new array where spare is null. */
    static float[] into(Spare spare, int which, int length) {
        if (spare == null) {
            return new float[length];
        }
        float[] a = spare.take(which);
        if (a.length != length) {
            throw new IllegalArgumentException("a spare array of " + a.length + " values for " + length);
        }
        return a;
    }

    /**
     * c = after(residual (or 0) + b + x W) on the packed weights, all (n, ...) dense on the heap, {@code after}
     * (null: none) an activation of values [o, o + len) of c in place; the bias and residual are laid in, and
     * the activation run, on each part's columns by the thread that multiplies them; the calling thread runs
     * {@code alongside} (null: nothing) first ({@link PackedWeights}).
     */
    private static void multiplyAdd(float[] x, int n, ForwardBlocks.Linear w, float[] residual, float[] c,
                                    RowPass after, Runnable alongside) {
        int out = w.out();
        float[] bias = w.bias();
        // residual + bias written in one pass (c is a reused array, not zero), the same sums as adding the bias after
        w.packed().multiplyAdd(x, n, c, (from, to) -> {
            for (int i = 0; i < n; i++) {
                int o = i * out;
                if (residual != null && bias != null) {
                    for (int j = from; j < to; j++) {
                        c[o + j] = residual[o + j] + bias[j];
                    }
                } else if (residual != null) {
                    System.arraycopy(residual, o + from, c, o + from, to - from);
                } else if (bias != null) {
                    System.arraycopy(bias, from, c, o + from, to - from);
                } else {
                    java.util.Arrays.fill(c, o + from, o + to, 0f);
                }
            }
        }, after == null ? null : (from, to) -> {
            for (int i = 0; i < n; i++) {
                after.run(c, i * out + from, to - from);
            }
        }, alongside);
    }

    /** An in-place pass over values [o, o + len) of an array. */
    private interface RowPass {
        void run(float[] values, int o, int len);
    }
}
