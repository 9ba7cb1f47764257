package org.attentionexplainer.engine;

/**
 * The heap one computation of {@link AttentionEngine} allocates, counted from the shapes
 * before anything is: the (b, t, s) mask, the (b, h, t, s) maps (scores, logits when they
 * differ from the scores, weights), the trace's copies of Q, K, V, and the heads, context,
 * output and result rows. The long-input path's off-heap work arrays are a few MiB and the
 * small-problem path's are tiny, so neither is counted.
 */
final class AttentionMemory {
    private AttentionMemory() {
    }

    /** Bytes of a computation; {@code reuse}: Q, K, V and the scores come from an earlier trace. */
    static long bytes(AttentionSpec spec, Shapes sh, boolean reuse) {
        return bytes(spec, sh, reuse, false);
    }

    /**
     * Bytes of a computation; {@code later}: a slider step that makes the heads and all after them
     * when read ({@link AfterWeights}), and with the softmax the logits too ({@link MapSteps.Maps}):
     * it allocates the mask and the weights alone.
     */
    static long bytes(AttentionSpec spec, Shapes sh, boolean reuse, boolean later) {
        long map = (long) sh.b() * sh.h() * sh.t() * sh.s();
        long mask = (long) sh.b() * sh.t() * sh.s();
        boolean logitsApart = spec.causal() || spec.window() != null || spec.padding() != null
                || Overflow.factor(spec.scale().factorFor(sh.hd()), spec.temperature()) != 1f;
        boolean logitsLater = later && spec.normalization() == Normalization.SOFTMAX;
        long maps = map * ((reuse ? 0 : 1) + (logitsApart && !logitsLater ? 1 : 0) + 1);
        long qkv = reuse ? 0 : (long) sh.b() * sh.dOut() * (sh.t() + 2L * sh.s());
        long rows = later ? 0 : (long) sh.b() * sh.t() * (2L * sh.dOut() + 2L * sh.dModel());
        return 4 * (mask + maps + qkv + rows);
    }

    /**
     * Refuses, naming the input, a computation whose maps cannot be Java arrays or whose arrays
     * do not fit in the heap that is free.
     */
    static void require(AttentionSpec spec, Shapes sh, boolean reuse, boolean later) {
        long map = (long) sh.b() * sh.h() * sh.t() * sh.s();
        // t x s positions in h heads (and b batch entries)
        Object[] size = {String.valueOf(sh.t()), String.valueOf(sh.s()), sh.h(), sh.b()};
        if (map > Memory.MAX_ARRAY) {
            throw new InvalidSpecException("input", "engine.spec.mapsTooLarge", size[0], size[1], size[2], size[3],
                    String.valueOf(map));
        }
        long bytes = bytes(spec, sh, reuse, later);
        if (!Memory.fits(bytes)) {
            throw new InvalidSpecException("input", "engine.spec.mapsTooBig", size[0], size[1], size[2], size[3],
                    String.valueOf(Memory.mib(bytes)), String.valueOf(Memory.usable() >> 20),
                    String.valueOf(Runtime.getRuntime().maxMemory() >> 20));
        }
    }
}
