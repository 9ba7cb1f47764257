package org.attentionexplainer.engine.model;

import org.attentionexplainer.engine.Memory;

/**
 * The memory one forward pass of a loaded model takes, counted from the shapes before it runs:
 * on the heap the trace it returns (per layer Q, K, V, the heads' contexts and three (b, t, d)
 * states, and the scores, logits and weights, (b, h, t, t) each), off it the arrays one layer
 * works on at a time (about twice the maps and the feed-forward layer's rows).
 */
public final class TraceMemory {
    private TraceMemory() {
    }

    /** Heap bytes of the trace of b texts of at most t tokens. */
    public static long heapBytes(int b, int t, int layers, int heads, int hidden) {
        long rows = (long) b * t;
        long perLayer = 7 * rows * hidden + 3L * b * heads * t * t;
        return 4 * (layers * perLayer + rows * hidden + (long) b * t * t);
    }

    /** Native bytes one layer works with. */
    public static long nativeBytes(int b, int t, int heads, int hidden, int intermediate) {
        long rows = (long) b * t;
        return 4 * (6L * b * heads * t * t + rows * (8L * hidden + 2L * intermediate));
    }

    /**
     * Refuses, in one line, a forward pass whose results or working arrays do not fit.
     *
     * @throws IllegalArgumentException naming the tokens, the memory needed and what is free
     */
    public static void require(int b, int t, int layers, int heads, int hidden, int intermediate) {
        String what = (b == 1 ? "a text of " : b + " texts of up to ") + t + " tokens";
        long map = (long) b * heads * t * t;
        if (map > Memory.MAX_ARRAY) {
            throw new IllegalArgumentException(what + " make attention maps of " + map
                    + " values, more than a Java array holds; use a shorter text");
        }
        long heap = heapBytes(b, t, layers, heads, hidden);
        if (!Memory.fits(heap)) {
            throw new IllegalArgumentException(what + " need " + Memory.mib(heap) + " MiB for every layer's maps"
                    + " and states, " + Memory.shortfall() + " (use a shorter text, or start Java with a larger -Xmx)");
        }
        long off = nativeBytes(b, t, heads, hidden, intermediate);
        if (off > Memory.nativeAvailable()) {
            throw new IllegalArgumentException(what + " need " + Memory.mib(off) + " MiB of native memory for one"
                    + " layer's work, more than " + Memory.nativeShortfall() + "; use a shorter text");
        }
    }
}
