package org.attentionexplainer.engine;

import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.factory.Nd4j;

/** Starts ND4J and names the backend it runs on (CPU or CUDA). */
public final class Backends {
    static {
        NativeThreads.preferSleepingThreads();
    }

    private Backends() {
    }

    /** A short human-readable name, e.g. "ND4J CPU (OpenBLAS)" or "ND4J CUDA". */
    public static String describe() {
        String cls = Nd4j.getBackend().getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT);
        if (cls.contains("cuda") || cls.contains("cublas")) {
            return "ND4J CUDA";
        }
        Object vendor = Nd4j.getExecutioner().getEnvironmentInformation().get("blas.vendor");
        return "ND4J CPU" + (vendor == null ? "" : " (" + prettyVendor(vendor.toString()) + ")");
    }

    private static String prettyVendor(String vendor) {
        return vendor.equalsIgnoreCase("openblas") ? "OpenBLAS" : vendor;
    }

    /**
     * Loads the native libraries and runs one tiny product so the first real computation is
     * fast. Returns the time it took, in milliseconds.
     */
    public static long warmUp() {
        long start = System.nanoTime();
        Nd4j.setDefaultDataTypes(DataType.FLOAT, DataType.FLOAT);
        Nd4j.ones(DataType.FLOAT, 4, 4).mmul(Nd4j.ones(DataType.FLOAT, 4, 4));
        return (System.nanoTime() - start) / 1_000_000;
    }
}
