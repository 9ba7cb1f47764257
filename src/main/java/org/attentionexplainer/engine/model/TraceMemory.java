package org.attentionexplainer.engine.model;

import org.attentionexplainer.engine.Memory;
import org.attentionexplainer.engine.Worded;

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
     * @throws TraceTooLargeException naming the tokens, the memory needed and what is free
     */
    public static void require(int b, int t, int layers, int heads, int hidden, int intermediate) {
        Worded.Phrase what = b == 1 ? new Worded.Phrase("engine.model.trace.one", String.valueOf(t))
                : new Worded.Phrase("engine.model.trace.many", String.valueOf(b), String.valueOf(t));
        long map = (long) b * heads * t * t;
        if (map > Memory.MAX_ARRAY) {
            throw new TraceTooLargeException("engine.model.trace.array", what, String.valueOf(map));
        }
        long heap = heapBytes(b, t, layers, heads, hidden);
        if (!Memory.fits(heap)) {
            throw new TraceTooLargeException("engine.model.trace.heap", what, String.valueOf(Memory.mib(heap)),
                    Memory.heapFree());
        }
        long off = nativeBytes(b, t, heads, hidden, intermediate);
        if (off > Memory.nativeAvailable()) {
            throw new TraceTooLargeException("engine.model.trace.native", what, String.valueOf(Memory.mib(off)),
                    Memory.nativeFree());
        }
    }
}
