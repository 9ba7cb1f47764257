package org.attentionexplainer.engine;

import java.util.Arrays;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Measures what the machine can do through ND4J's BLAS, as a yardstick for the engine: the
 * single-precision matrix product rate on a large square product, which no attention
 * forward can beat.
 */
public final class BlasProbe {
    static {
        NativeThreads.preferSleepingThreads();
    }

    private BlasProbe() {
    }

    /** Timings of one square product size, in milliseconds. */
    public record GemmTiming(int n, double[] millis) {
        public GemmTiming {
            millis = millis.clone();
            Arrays.sort(millis);
        }

        public double medianMillis() {
            return millis[millis.length / 2];
        }

        public double bestMillis() {
            return millis[0];
        }

        /** 2 n^3 floating-point operations per product. */
        public double gflops(double ms) {
            return 2.0 * n * n * n / (ms * 1e6);
        }
    }

    /**
     * Times {@code runs} products C = A B of random (n, n) float32 matrices into a reused C,
     * after one untimed product.
     */
    public static GemmTiming sgemm(int n, int runs) {
        if (n < 1 || runs < 1) {
            throw new IllegalArgumentException("need n >= 1 and runs >= 1, got " + n + " and " + runs);
        }
        Nd4j.setDefaultDataTypes(DataType.FLOAT, DataType.FLOAT);
        INDArray a = Nd4j.rand(DataType.FLOAT, n, n);
        INDArray b = Nd4j.rand(DataType.FLOAT, n, n);
        INDArray c = Nd4j.createUninitialized(DataType.FLOAT, n, n);
        Nd4j.gemm(a, b, c, false, false, 1.0, 0.0);
        double[] millis = new double[runs];
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            Nd4j.gemm(a, b, c, false, false, 1.0, 0.0);
            millis[i] = (System.nanoTime() - start) / 1e6;
        }
        a.close();
        b.close();
        c.close();
        return new GemmTiming(n, millis);
    }

    /**
     * How the forward computes: whether its products call OpenBLAS directly or go through ND4J,
     * and how its softmax rows run (the vector API needs --add-modules jdk.incubator.vector).
     */
    public static String kernels() {
        String rows = RowMath.best().describe();
        String core = NativeThreads.coreType();
        return "products " + (Products.direct() ? "OpenBLAS called directly" : "through ND4J")
                + (core == null || core.isBlank() ? "" : " (OPENBLAS_CORETYPE " + core + ")") + ", softmax rows "
                + rows + (RowMath.best() instanceof ScalarRowMath
                        ? " (start Java with --add-modules jdk.incubator.vector for the vector API)" : "");
    }

    /** The number of threads ND4J's native operations and its BLAS use, and how idle ones wait. */
    public static String threads() {
        Object blas = Nd4j.getExecutioner().getEnvironmentInformation().get("blas.threads");
        String policy = NativeThreads.waitPolicy();
        return Nd4j.getEnvironment().maxThreads() + " native, " + (blas == null ? "?" : blas) + " BLAS, OpenMP wait "
                + (policy == null ? "default" : policy.toLowerCase(java.util.Locale.ROOT));
    }
}
