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
     * Whether {@code bytes} more fit, with an eighth to spare: the collector needs room to move,
     * and it places each large array in whole regions of its own. What is in use may be garbage
     * a collection would free, so a request that looks short asks for one first.
     */
    public static boolean fits(long bytes) {
        long needed = bytes + bytes / 8;
        if (needed <= available()) {
            return true;
        }
        System.gc();
        return needed <= available();
    }

    /** Whole MiB, rounded up, as messages give sizes. */
    public static long mib(long bytes) {
        return (bytes + (1L << 20) - 1) >> 20;
    }

    /** "more than the 850 MiB of its 1024 MiB Java heap that are free": the end of a refusal. */
    public static String shortfall() {
        return "more than the " + (available() >> 20) + " MiB free of the " + (Runtime.getRuntime().maxMemory() >> 20)
                + " MiB Java heap";
    }
}
