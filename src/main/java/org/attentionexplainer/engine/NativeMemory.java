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
     * caller checked them, on one of OpenBLAS's threads when {@code oneThread}. The three arrays
     * live until OpenBLAS returns.
     */
    static void sgemm(Block a, boolean transA, Block b, boolean transB, Block c, int m, int n, int k, float beta,
                      boolean oneThread) {
        INDArray aOwner = a.array();
        INDArray bOwner = b.array();
        INDArray cOwner = c.array();
        int all = oneThread ? Blas.ALL : 1;
        if (all > 1) {
            Blas.SET.call(1);
        }
        try {
            openblas_nolapack.cblas_sgemm(openblas_nolapack.CblasRowMajor,
                    transA ? openblas_nolapack.CblasTrans : openblas_nolapack.CblasNoTrans,
                    transB ? openblas_nolapack.CblasTrans : openblas_nolapack.CblasNoTrans,
                    m, n, k, 1f, pointer(a), a.ld(), pointer(b), b.ld(), beta, pointer(c), c.ld());
        } finally {
            if (all > 1) {
                NativeThreads.afterOneThreadProduct(() -> Blas.SET.call(all), () -> Blas.SET.call(1));
            }
            Reference.reachabilityFence(aOwner);
            Reference.reachabilityFence(bOwner);
            Reference.reachabilityFence(cOwner);
        }
    }

    /**
     * OpenBLAS's openblas_set_num_threads, looked up once (JavaCPP's own setter looks it up at
     * every call), and its thread count as ND4J set it, read once and set back after each product
     * run on one thread, so that ND4J's own products keep their threads; read at every product
     * instead, two engines on two threads could each read the other's 1 and keep it. A holder,
     * so that both are looked up at the first such product, after ND4J has loaded OpenBLAS.
     */
    private static final class Blas {
        static final SetThreads SET;
        static final int ALL;

        static {
            int all = blasThreads();
            SetThreads setter = new SetThreads();
            setter.put(org.bytedeco.javacpp.Loader.addressof("openblas_set_num_threads"));
            SET = setter;
            ALL = Math.max(1, all);
        }

        private Blas() {
        }
    }

    /** JavaCPP's function pointer type for it, whose allocating constructor is protected. */
    private static final class SetThreads extends org.bytedeco.openblas.presets.openblas_nolapack.SetNumThreads {
    }

    /** OpenBLAS's thread count now (openblas_get_num_threads). */
    static int blasThreads() {
        org.bytedeco.javacpp.Loader.load(openblas_nolapack.class);
        org.bytedeco.javacpp.Pointer get = org.bytedeco.javacpp.Loader.addressof("openblas_get_num_threads");
        return com.sun.jna.Function.getFunction(new com.sun.jna.Pointer(get.address())).invokeInt(new Object[0]);
    }

    /** The block's first value. */
    private static FloatPointer pointer(Block block) {
        return new FloatPointer(block.array().data().addressPointer()).position(block.offset());
    }
}
