package org.attentionexplainer.engine;

import java.nio.FloatBuffer;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Self-attention's per-head steps with whole heads spread over the cores: each core takes the
 * next head not yet taken and runs all of it, scores = Q K^T on one OpenBLAS thread into its own
 * off-heap map, the softmax rows (copied into the trace's maps on the way), and heads = weights V
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
     * (workers, rows, s) is off-heap room for one piece's map per worker.
     */
    static void run(MapSteps.Maps maps, HeadLayout q, HeadLayout k, HeadLayout v, HeadLayout context, INDArray slots,
                    float factor, float[] mask, Shapes sh, RowMath math) {
        int workers = (int) slots.size(0);
        int t = sh.t();
        int s = sh.s();
        int hd = sh.hd();
        int rows = rows(sh);
        int pieces = (t + rows - 1) / rows;
        int all = sh.b() * sh.h() * pieces;
        AtomicInteger next = new AtomicInteger();
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
                    MapSteps.rows(maps, map, row, row + n, row, factor, mask, true, true, true, math, sh);
                    NativeMemory.sgemm(scores, false, v.block(m / sh.h(), m % sh.h()), false,
                            part(context.block(m / sh.h(), m % sh.h()), first, n), n, hd, s, 0f, false);
                }
            });
        }));
    }

    /** Rows [first, first + n) of a block. */
    private static Block part(Block b, int first, int n) {
        return new Block(b.array(), b.offset() + (long) first * b.ld(), n, b.cols(), b.ld());
    }
}
