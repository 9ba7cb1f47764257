package org.attentionexplainer.engine;

import org.nd4j.linalg.factory.Nd4j;

/**
 * The engine's matrix products, C = op(A) op(B) on {@link Block}s. On the CPU backend they go
 * straight to the OpenBLAS that ND4J itself runs on, with the blocks' row strides: a head of
 * Q, K or V is read where the projection wrote it and a head's context written where the
 * concatenation wants it, with no copy in between, and without ND4J's checks and views that
 * cost about 0.1 to 0.8 ms a product (measured at 512 tokens: 12 per-head products of the
 * scores 3.5-4.5 ms direct, 5.5-6.5 ms through ND4J). Other backends (CUDA) take the same
 * blocks as ND4J views through {@code Nd4j.gemm}.
 */
final class Products {
    /** Whether ND4J runs on the CPU, where its OpenBLAS can be called directly. */
    static final boolean CPU =
            Nd4j.getBackend().getClass().getName().equals("org.nd4j.linalg.cpu.nativecpu.CpuBackend");
    /** Whether the products call OpenBLAS directly; -Dattention.directBlas=false turns it off. */
    private static final boolean DIRECT =
            CPU && Boolean.parseBoolean(System.getProperty("attention.directBlas", "true"));

    private Products() {
    }

    static boolean direct() {
        return DIRECT;
    }

    /**
     * Whether ND4J's arrays live in the process's own memory (the CPU backend), where Java may
     * read and write them through a buffer while the products run on them.
     */
    static boolean hostMemory() {
        return CPU;
    }

    /**
     * c = op(a) op(b) + beta c, where op transposes a block when its flag is set: with beta 1,
     * the product is added to what c holds. Shapes: op(a) (m, k), op(b) (k, n), c (m, n); c must
     * not overlap a or b. Straight to OpenBLAS when {@code direct} (see {@link Routes}), else
     * through ND4J.
     */
    static void gemm(Block a, boolean transA, Block b, boolean transB, Block c, float beta, boolean direct) {
        int m = transA ? a.cols() : a.rows();
        int k = transA ? a.rows() : a.cols();
        int kb = transB ? b.cols() : b.rows();
        int n = transB ? b.rows() : b.cols();
        if (k != kb || c.rows() != m || c.cols() != n) {
            throw new IllegalArgumentException("product of (" + m + ", " + k + ") and (" + kb + ", " + n
                    + ") into (" + c.rows() + ", " + c.cols() + ")");
        }
        if (m == 0 || n == 0) {
            return;
        }
        if (direct) {
            NativeMemory.sgemm(a, transA, b, transB, c, m, n, k, beta,
                    (long) m * n * k < ONE_THREAD_MULTIPLY_ADDS);
        } else {
            org.nd4j.linalg.api.ndarray.INDArray product = Nd4j.gemm(view(a), view(b), transA, transB);
            if (beta == 0f) {
                view(c).assign(product);                                    // ND4J will not write into a view
            } else {
                view(c).muli(beta).addi(product);
            }
        }
    }

    /**
     * Products of fewer multiply-adds than this run on one OpenBLAS thread. Waking OpenBLAS's
     * other threads (asleep between products, see {@link NativeThreads}) costs tens of
     * microseconds on a quiet machine and up to a time slice (milliseconds) on a busy one, more
     * than splitting a product of 2^23 multiply-adds (about 0.15 ms on one core) can gain. Below
     * it come the per-head products up to about 256 tokens and every product of a forward of a
     * few tokens (a 16-token forward of all-MiniLM-L6-v2 made 24 wake-ups, 0.4 s on a machine
     * with load 20 on 2 cores); OpenBLAS 0.3.19 itself splits any product from 2^18 on.
     * -Dattention.oneThreadMultiplyAdds=0 leaves every product to OpenBLAS, for comparisons.
     */
    static final long ONE_THREAD_MULTIPLY_ADDS = Long.getLong("attention.oneThreadMultiplyAdds", 1L << 23);
    private static org.nd4j.linalg.api.ndarray.INDArray view(Block block) {
        return Nd4j.create(block.array().data(), new long[] {block.rows(), block.cols()},
                new long[] {block.ld(), 1}, block.offset(), 'c');
    }
}
