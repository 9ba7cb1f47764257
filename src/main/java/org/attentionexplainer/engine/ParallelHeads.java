package org.attentionexplainer.engine;

import java.nio.FloatBuffer;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Self-attention's per-head steps with whole heads spread over the cores: each core takes the
 * next head not yet taken and runs all of it, scores = Q K^T on one OpenBLAS thread into its own
 * off-heap map, the softmax rows (each row's weights written into the trace's map on the way; its
 * scores are not kept, see {@link #scoresWhenRead}), and heads = weights V
 * on one thread into the head's columns of the concatenation. With a head dim of 32 or 64 each
 * product is small (K = hd for the scores, N = hd for the contexts): split over two OpenBLAS
 * threads, each of the 2 b h products per layer woke a thread and waited for it, and the rows
 * waited for the products; here no thread waits for another until the last head is done, and a
 * head's map is still in its core's cache when its softmax reads it. Only where the products call
 * OpenBLAS directly on the process's memory, on more than one core, for more than one head.
 */
final class ParallelHeads {
    /**
     * -Dattention.parallelHeads=false runs the heads in groups as {@link AttentionEngine} does, for
     * comparisons; read at each forward, so that one run can time both.
     */
    private static boolean enabled() {
        return Boolean.parseBoolean(System.getProperty("attention.parallelHeads", "true"));
    }

    private ParallelHeads() {
    }

    /** Whether {@link #run} applies to these routes and shapes. */
    static boolean applies(Routes routes, Shapes sh) {
        long multiplyAdds = 2L * sh.b() * sh.h() * sh.t() * sh.s() * sh.hd();
        return enabled() && routes.direct() && routes.hostMemory() && workers(sh) > 1
                && multiplyAdds >= Long.getLong("attention.parallelHeadsMultiplyAdds", MULTIPLY_ADDS);
    }

    /**
     * Heads whose products make fewer multiply-adds than this, all heads together, run in groups
     * on the calling thread: handing them to another thread costs more than it saves (2^20: 12
     * heads of 32 values at 32 tokens).
     */
    static final long MULTIPLY_ADDS = 1L << 20;

    /** How many heads run at once: one per core, at most one per head. */
    static int workers(Shapes sh) {
        return Math.min(Runtime.getRuntime().availableProcessors(), sh.b() * sh.h());
    }

    /**
     * Query rows per piece of work: a head at 512 tokens is four pieces, so that a core the
     * machine takes away for a moment holds up a quarter of a head, not a whole one, and a
     * piece's map (128 x 512 values, 256 KiB) stays in its core's cache from the scores product
     * through the softmax to the product with V.
     */
    static final int ROWS = 128;

    /** Query rows per piece for t queries. */
    static int rows(Shapes sh) {
        return Math.min(sh.t(), ROWS);
    }

    /**
     * Scores, softmax weights (logits too, where the maps keep them apart) and the heads' contexts
     * of every head, as {@link MapSteps#scores}, {@link MapSteps#rows} and {@link MapSteps#headContexts}
     * compute them a group at a time, in pieces of {@link #rows} query rows; {@code slots}
     * (workers, rows, s) is off-heap room for one piece's map per worker. Returns the largest
     * |score| where the maps keep no scores (see {@link #scoresWhenRead}), 0 otherwise.
     */
    static float run(MapSteps.Maps maps, HeadLayout q, HeadLayout k, HeadLayout v, HeadLayout context, INDArray slots,
                     float factor, float[] mask, Shapes sh, RowMath math) {
        int workers = (int) slots.size(0);
        int t = sh.t();
        int s = sh.s();
        int hd = sh.hd();
        int rows = rows(sh);
        int pieces = (t + rows - 1) / rows;
        int all = sh.b() * sh.h() * pieces;
        AtomicInteger next = new AtomicInteger();
        float[] largest = new float[workers];
        NativeMemory.onOneBlasThread(() -> IntStream.range(0, workers).parallel().forEach(w -> {
            long slot = (long) w * rows * s;
            NativeMemory.onFloats(slots, whole -> {
                FloatBuffer map = whole.slice(Math.toIntExact(slot), rows * s);
                for (int p = next.getAndIncrement(); p < all; p = next.getAndIncrement()) {
                    int m = p / pieces;
                    int first = p % pieces * rows;
                    int n = Math.min(rows, t - first);
                    Block scores = new Block(slots, slot, n, s, s);
                    NativeMemory.sgemm(part(q.block(m / sh.h(), m % sh.h()), first, n), false,
                            k.block(m / sh.h(), m % sh.h()), true, scores, n, s, hd, 0f, false);
                    int row = m * t + first;
                    largest[w] = Math.max(largest[w],
                            MapSteps.rows(maps, map, row, row + n, row, factor, mask, true, true, true, math, sh));
                    NativeMemory.sgemm(scores, false, v.block(m / sh.h(), m % sh.h()), false,
                            part(context.block(m / sh.h(), m % sh.h()), first, n), n, hd, s, 0f, false);
                }
            });
        }));
        float max = 0f;
        for (float x : largest) {
            max = Math.max(max, x);
        }
        return max;
    }

    /**
     * scores = Q K^T (b, h, t, s) from the trace's Q (b, h, t, hd) and K (b, h, s, hd), made when
     * first read, on the reading thread: the screens show the weights, and at 512 tokens a layer's
     * scores are 12 MiB that every forward would otherwise zero, write and check. The products are
     * those of {@link #run}, piece for piece (the same shapes on one OpenBLAS thread; only where
     * Q and K lie differs, which OpenBLAS's packing takes away), so the values are the same bit for
     * bit as the ones the weights were made from. Q and K are copied off the heap once, 2 x 768 KiB
     * at 512 tokens.
     */
    static Tensor scoresWhenRead(Tensor q, Tensor k, Shapes sh) {
        return Tensor.lazy(() -> scores(q.data(), k.data(), sh), sh.b(), sh.h(), sh.t(), sh.s());
    }

    private static float[] scores(float[] q, float[] k, Shapes sh) {
        int heads = sh.b() * sh.h();
        int t = sh.t();
        int s = sh.s();
        int hd = sh.hd();
        int rows = rows(sh);
        float[] out = new float[heads * t * s];
        INDArray qs = Nd4j.create(q, new long[] {(long) heads * t, hd}, DataType.FLOAT);   // (b*h*t, hd)
        INDArray ks = Nd4j.create(k, new long[] {(long) heads * s, hd}, DataType.FLOAT);   // (b*h*s, hd)
        INDArray piece = Nd4j.createUninitialized(DataType.FLOAT, rows, s);              // (rows, s)
        NativeMemory.onOneBlasThread(() -> NativeMemory.onFloats(piece, map -> {
            for (int m = 0; m < heads; m++) {
                Block keys = new Block(ks, (long) m * s * hd, s, hd, hd);
                for (int first = 0; first < t; first += rows) {
                    int n = Math.min(rows, t - first);
                    NativeMemory.sgemm(new Block(qs, ((long) m * t + first) * hd, n, hd, hd), false, keys, true,
                            new Block(piece, 0, n, s, s), n, s, hd, 0f, false);
                    map.get(0, out, (m * t + first) * s, n * s);
                }
            }
        }));
        return out;
    }

    /** Rows [first, first + n) of a block. */
    private static Block part(Block b, int first, int n) {
        return new Block(b.array(), b.offset() + (long) first * b.ld(), n, b.cols(), b.ld());
    }
}
