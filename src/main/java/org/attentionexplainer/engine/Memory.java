package org.attentionexplainer.engine;

/**
 * Room on the Java heap for large arrays, and off it for ND4J's, asked before they are
 * allocated: a computation, a picture or a model that cannot fit is refused with one line
 * instead of failing half-way with an OutOfMemoryError.
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

    /**
     * Bytes ND4J may still take off the heap. JavaCPP refuses any native allocation once the
     * process's resident memory passes its limit ({@code -Dorg.bytedeco.javacpp.maxphysicalbytes},
     * by default a few times the heap's maximum), and the heap itself may still grow into that
     * memory; nor can more be had than the machine has free.
     */
    public static long nativeAvailable() {
        Runtime r = Runtime.getRuntime();
        long limit = org.bytedeco.javacpp.Pointer.maxPhysicalBytes();
        long room = limit > 0
                ? limit - org.bytedeco.javacpp.Pointer.physicalBytes() - (r.maxMemory() - r.totalMemory())
                : Long.MAX_VALUE;
        long free = org.bytedeco.javacpp.Pointer.availablePhysicalBytes();
        if (free > 0) {
            room = Math.min(room, free);
        }
        return Math.max(0, room);
    }

    /** "the 900 MiB of native memory free (limit 4096 MiB, -Dorg.bytedeco.javacpp.maxphysicalbytes)": for refusals. */
    public static String nativeShortfall() {
        return nativeFree().toString();
    }

    /** {@link #nativeShortfall()} as a part of a message, worded where the message is. */
    public static Worded.Phrase nativeFree() {
        return new Worded.Phrase("engine.memory.nativeFree", String.valueOf(mib(nativeAvailable())),
                String.valueOf(mib(org.bytedeco.javacpp.Pointer.maxPhysicalBytes())));
    }

    /** Whole MiB, rounded up, as messages give sizes. */
    public static long mib(long bytes) {
        return (bytes + (1L << 20) - 1) >> 20;
    }

    /** "more than the 800 MiB free for it in the 1024 MiB Java heap": the end of a refusal. */
    public static String shortfall() {
        return heapFree().toString();
    }

    /** {@link #shortfall()} as a part of a message, worded where the message is. */
    public static Worded.Phrase heapFree() {
        return new Worded.Phrase("engine.memory.heapFree", String.valueOf(usable() >> 20),
                String.valueOf(Runtime.getRuntime().maxMemory() >> 20));
    }
}
