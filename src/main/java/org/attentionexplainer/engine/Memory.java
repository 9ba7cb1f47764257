package org.attentionexplainer.engine;

/**
 * Room on the Java heap for large arrays, asked before they are allocated: a computation or a
 * picture that cannot fit is refused with one line instead of failing half-way with an
 * OutOfMemoryError.
 */
public final class Memory {
    /** The longest Java array (HotSpot keeps a few header words of Integer.MAX_VALUE). */
    public static final long MAX_ARRAY = Integer.MAX_VALUE - 8;

    private Memory() {
    }

    /** Bytes the heap can still give: the most it may grow to, less what objects hold now. */
    public static long available() {
        Runtime r = Runtime.getRuntime();
        return r.maxMemory() - (r.totalMemory() - r.freeMemory());
    }

    /**
     * Bytes a new array may take: what is free less a ninth, which the collector needs to move
     * things (it places each large array in whole regions of its own).
     */
    public static long usable() {
        return available() / 9 * 8;
    }

    /**
     * Whether {@code bytes} more fit. What is in use may be garbage a collection would free, so
     * a request that looks short asks for one first.
     */
    public static boolean fits(long bytes) {
        if (bytes <= usable()) {
            return true;
        }
        System.gc();
        return bytes <= usable();
    }

    /** Whole MiB, rounded up, as messages give sizes. */
    public static long mib(long bytes) {
        return (bytes + (1L << 20) - 1) >> 20;
    }

    /** "more than the 800 MiB free for it in the 1024 MiB Java heap": the end of a refusal. */
    public static String shortfall() {
        return "more than the " + (usable() >> 20) + " MiB free for it in the "
                + (Runtime.getRuntime().maxMemory() >> 20) + " MiB Java heap";
    }
}
