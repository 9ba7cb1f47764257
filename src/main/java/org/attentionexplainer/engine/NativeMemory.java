package org.attentionexplainer.engine;

import java.lang.ref.Reference;
import java.nio.FloatBuffer;
import java.util.function.Consumer;
import java.util.function.Function;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.openblas.global.openblas_nolapack;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * The one door between Java and the memory behind ND4J's arrays: every read or write through
 * a buffer, and every raw pointer handed to OpenBLAS, goes through here (an architecture test
 * refuses the calls anywhere else).
 *
 * <p>Why: a buffer view ({@code data().asNioFloat()}) or a pointer does not keep the array
 * that owns the memory alive. Once the compiled code has made its last use of the array (often
 * the very call that takes its buffer), the collector may find it unreachable in the middle of
 * a copy or a BLAS call, and ND4J's deallocator then frees the memory being read: stale values
 * at best, a SIGSEGV in {@code Unsafe.copyMemory} at worst. Each method here keeps its owners
 * reachable until the work on their memory has returned.
 */
final class NativeMemory {
    private NativeMemory() {
    }

    /** Runs {@code use} on the array's memory as a float buffer; the array lives until it returns. */
    static <R> R withFloats(INDArray owner, Function<FloatBuffer, R> use) {
        try {
            return use.apply(owner.data().asNioFloat());
        } finally {
            Reference.reachabilityFence(owner);
        }
    }

    /** As {@link #withFloats(INDArray, Function)}, with nothing to return. */
    static void onFloats(INDArray owner, Consumer<FloatBuffer> use) {
        try {
            use.accept(owner.data().asNioFloat());
        } finally {
            Reference.reachabilityFence(owner);
        }
    }

    /**
     * cblas_sgemm on three blocks, row-major: c = op(a) op(b) + beta c, with m, n, k as the
     * caller checked them. The three arrays live until OpenBLAS returns.
     */
    static void sgemm(Block a, boolean transA, Block b, boolean transB, Block c, int m, int n, int k, float beta) {
        INDArray aOwner = a.array();
        INDArray bOwner = b.array();
        INDArray cOwner = c.array();
        try {
            openblas_nolapack.cblas_sgemm(openblas_nolapack.CblasRowMajor,
                    transA ? openblas_nolapack.CblasTrans : openblas_nolapack.CblasNoTrans,
                    transB ? openblas_nolapack.CblasTrans : openblas_nolapack.CblasNoTrans,
                    m, n, k, 1f, pointer(a), a.ld(), pointer(b), b.ld(), beta, pointer(c), c.ld());
        } finally {
            Reference.reachabilityFence(aOwner);
            Reference.reachabilityFence(bOwner);
            Reference.reachabilityFence(cOwner);
        }
    }

    /** The block's first value. */
    private static FloatPointer pointer(Block block) {
        return new FloatPointer(block.array().data().addressPointer()).position(block.offset());
    }
}
