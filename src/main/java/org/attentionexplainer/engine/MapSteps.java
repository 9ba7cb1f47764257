package org.attentionexplainer.engine;

import java.nio.FloatBuffer;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * The steps of {@link AttentionEngine} on the (b, h, t, s) maps, for a group of g heads at a
 * time: scores, logits, weights, and the heads' contexts. The products run on the BLAS (see
 * {@link Products}) into and out of one reused off-heap array (g, t, s); the row passes
 * (scale, mask, softmax) run in Java on the heap arrays of the trace (see {@link Maps}),
 * where the values must end up anyway, spread over the cores, with {@link RowMath}.
 */
final class MapSteps {
    private MapSteps() {
    }

    /**
     * The three (b, h, t, s) maps on the heap: scores (null when they are made only if read, see
     * {@link #scoresLater}), logits (the same array when scale and temperature change nothing and
     * nothing is masked, {@code logitsApart} false; null when the logits are made only if read,
     * see {@link #logitsTensor}) and weights.
     */
    record Maps(float[] scores, float[] logits, float[] weights, boolean logitsApart) {
        /** @param logitsLater the logits are made when read (softmax only: they are written where the weights go) */
        static Maps allocate(Shapes sh, boolean logitsDiffer, boolean logitsLater) {
            int n = sh.b() * sh.h() * sh.t() * sh.s();
            return around(new float[n], logitsDiffer, logitsLater);
        }

        /** The maps around scores computed before (not written to: tensors are immutable). */
        static Maps reusing(float[] scores, boolean logitsDiffer, boolean logitsLater) {
            return around(scores, logitsDiffer, logitsLater);
        }

        /**
         * Weights alone: the scores and logits are made when read, from Q and K (softmax only:
         * each row's scores are copied from the products where its weights go, and the softmax
         * runs there in place).
         */
        static Maps scoresLater(Shapes sh, boolean logitsDiffer) {
            return scoresLater(new float[sh.b() * sh.h() * sh.t() * sh.s()], logitsDiffer);
        }

        /** {@link #scoresLater(Shapes, boolean)} with the weights in an array of zeros made before. */
        static Maps scoresLater(float[] weights, boolean logitsDiffer) {
            return new Maps(null, null, weights, logitsDiffer);
        }

        private static Maps around(float[] scores, boolean logitsDiffer, boolean logitsLater) {
            int n = scores.length;
            return new Maps(scores, !logitsDiffer ? scores : logitsLater ? null : new float[n], new float[n],
                    logitsDiffer);
        }

        Tensor tensor(float[] values, Shapes sh) {
            return Tensor.wrap(values, sh.b(), sh.h(), sh.t(), sh.s());
        }

        /**
         * The logits as a tensor of the trace: the scores' when they are the same; when these maps
         * keep none, made when first read, by the same row pass ({@link MapSteps#logits}): a
         * slider step at 512 tokens x 12 heads then writes 12 MiB less, which no view reads
         * unless it shows the logits.
         */
        Tensor logitsTensor(Tensor scoresTensor, float factor, float[] mask, Shapes sh, RowMath math) {
            if (!logitsApart) {
                return scoresTensor;
            }
            if (logits != null) {
                return tensor(logits, sh);
            }
            return Tensor.lazy(() -> MapSteps.logits(scoresTensor.data(), factor, mask, sh, math),
                    sh.b(), sh.h(), sh.t(), sh.s());
        }
    }

    /** logits = scores * factor, -inf where the (b, t, s) mask (null: none) hides a key: every row, as {@link #rows}. */
    static float[] logits(float[] scores, float factor, float[] mask, Shapes sh, RowMath math) {
        int s = sh.s();
        float[] out = new float[scores.length];
        inParallel(0, scores.length / s, s, (from, to) -> {
            for (int r = from; r < to; r++) {
                math.logits(scores, out, r * s, s, factor, mask, maskRow(r, sh));
            }
        });
        return out;
    }

    /**
     * Heads per group: as many as keep a group's map within {@link #GROUP_BYTES}, so that the
     * products' output is still in cache when it is copied out, and a divisor of h, so that no
     * group straddles two batch entries. Long inputs go one head at a time.
     */
    static int headsPerGroup(Shapes sh) {
        long perHead = 4L * sh.t() * sh.s();
        int best = 1;
        for (int g = 2; g <= sh.h(); g++) {
            if (sh.h() % g == 0 && g * perHead <= GROUP_BYTES) {
                best = g;
            }
        }
        return best;
    }

    static final long GROUP_BYTES = 4L << 20;

    /** The map of the i-th head of a group array (g, t, s). */
    static Block head(INDArray group, int i, Shapes sh) {
        long ts = (long) sh.t() * sh.s();
        return new Block(group, i * ts, sh.t(), sh.s(), sh.s());
    }

    /** scores = Q K^T for heads first..first+g of the b*h sequence, into group (g, t, s). */
    static void scores(HeadLayout q, HeadLayout k, int first, INDArray group, int g, Shapes sh, Routes routes) {
        for (int i = 0; i < g; i++) {
            int m = first + i;
            Products.gemm(q.block(m / sh.h(), m % sh.h()), false, k.block(m / sh.h(), m % sh.h()), true,
                    head(group, i, sh), 0f, routes.direct());
        }
    }

    /** contexts = weights V for heads first..first+g, from group (g, t, s) into the context's layout. */
    static void headContexts(INDArray group, HeadLayout v, HeadLayout context, int first, int g, Shapes sh,
                             Routes routes) {
        for (int i = 0; i < g; i++) {
            int m = first + i;
            Products.gemm(head(group, i, sh), false, v.block(m / sh.h(), m % sh.h()), false,
                    context.block(m / sh.h(), m % sh.h()), 0f, routes.direct());
        }
    }

    /**
     * contexts = weights V for every head, the (b, h, t, s) weights from the heap, a group of heads
     * at a time through the scratch array of the maps, into {@code context} (b*t, d_out), whose
     * heads it returns; {@code values} is V (b, kvh, s, hd) off the heap.
     */
    static HeadLayout headContexts(float[] weights, INDArray values, INDArray context, NdBuffers buffers, Shapes sh,
                                   Routes routes) {
        HeadLayout v = HeadLayout.split(values, sh.s(), sh.kvh(), sh.group(), sh);
        HeadLayout heads = HeadLayout.columns(context, 1, 0, sh.t(), sh);
        int groupSize = headsPerGroup(sh);
        INDArray group = buffers.scratch("maps", groupSize, sh.t(), sh.s());          // (g, t, s)
        for (int first = 0; first < sh.b() * sh.h(); first += groupSize) {
            NdBuffers.write(group, weights, first * sh.t() * sh.s(), routes.hostMemory());
            headContexts(group, v, heads, first, groupSize, sh, routes);
        }
        return heads;
    }

    /**
     * Rows [from, to) of the (b*h*t, s) maps, whose products are in {@code group} (its first
     * row is row {@code from}): copies the scores out of it unless {@code scoresIn} is false
     * (they are in the maps already); logits = scores * factor with -inf where the (b, t, s)
     * mask (null: none) hides a key, when the maps keep logits apart (or where the weights go,
     * when the maps keep none: the softmax then runs in place); for softmax the weights,
     * copied back into the group when {@code weightsOut} (for the product with V). Row by row
     * while a row is in cache, on both cores when there are values enough to pay for it. The
     * group is touched only when {@code scoresIn} or {@code weightsOut}: in the process's own
     * memory, that is (see {@link Products#hostMemory()}).
     */
    static void rows(Maps maps, INDArray group, int from, int to, float factor, float[] mask, boolean softmax,
                     boolean scoresIn, boolean weightsOut, Shapes sh, RowMath math) {
        int s = sh.s();
        if (scoresIn || weightsOut) {
            NativeMemory.onFloats(group, products -> inParallel(from, to, s, (a, z) ->
                    rows(maps, products, a, z, from, factor, mask, softmax, scoresIn, weightsOut, math, sh)));
        } else {
            inParallel(from, to, s, (a, z) -> rows(maps, null, a, z, from, factor, mask, softmax, false, false, math, sh));
        }
    }

    /**
     * Rows [a, z) of a pass of {@link #rows(Maps, INDArray, int, int, float, float[], boolean, boolean, boolean,
     * Shapes)}, with the group's memory as {@code products} (its first row is row {@code from}).
     * Where the maps keep no scores, returns the largest |score| of these rows (NaN if one is NaN),
     * which {@link Overflow#requireFiniteLogits(float, double, double)} needs; 0 otherwise.
     */
    static float rows(Maps maps, FloatBuffer products, int a, int z, int from, float factor, float[] mask,
                             boolean softmax, boolean scoresIn, boolean weightsOut, RowMath math, Shapes sh) {
        boolean logits = maps.logitsApart();
        if (maps.logits() == null && !softmax) {
            throw new IllegalStateException("logits made only when read need the softmax");
        }
        boolean scoresKept = maps.scores() != null;
        if (!scoresKept && !scoresIn) {
            throw new IllegalStateException("scores made only when read come from the products");
        }
        // exp(x - max) reads each value before it writes its place: the softmax may run in place
        float[] logitsInto = maps.logits() == null ? maps.weights() : maps.logits();
        float[] scores = scoresKept ? maps.scores() : maps.weights();
        float largest = 0f;
        float[] largestLogit = new float[1];
        int s = sh.s();
        for (int r = a; r < z; r++) {
            int o = r * s;
            int g = (r - from) * s;
            if (scoresIn) {
                products.get(g, scores, o, s);
            }
            float max = Float.NaN;
            boolean logitsMade = false;
            if (!scoresKept && logits) {
                // one pass for both: the row is read once before the softmax
                largest = Math.max(largest, math.maxAbsAndLogits(scores, logitsInto, o, s, factor, mask,
                        maskRow(r, sh), largestLogit));
                max = largestLogit[0];
                logitsMade = true;
            } else if (!scoresKept) {
                largest = Math.max(largest, math.maxAbs(scores, o, s));
            }
            if (logits) {
                if (!logitsMade) {
                    max = math.logits(scores, logitsInto, o, s, factor, mask, maskRow(r, sh));
                }
            } else if (softmax) {
                max = math.max(scores, o, s);
            }
            if (softmax) {
                math.softmaxRow(logits ? logitsInto : scores, maps.weights(), o, s, max);
                if (weightsOut) {
                    products.put(g, maps.weights(), o, s);
                }
            }
        }
        return largest;
    }

    /** Where the (b, t, s) mask's row for row r of the (b*h*t, s) maps starts: its batch entry's, its query's. */
    static int maskRow(int r, Shapes sh) {
        int query = r % sh.t();
        int batch = r / (sh.h() * sh.t());
        return (batch * sh.t() + query) * sh.s();
    }

    /** A pass over rows [from, to). */
    interface RowPass {
        void run(int from, int to);
    }

    /** Below this many values a pass runs on the calling thread alone. */
    static final int PARALLEL_VALUES = 1 << 16;

    /**
     * Runs a pass over rows [from, to) of {@code s} values on the {@link Team} (this thread and a
     * helper per other core), in four parts per core (none under {@link #PARALLEL_VALUES} / 4 values): a core that
     * the machine takes away for a moment then holds up only a small part, the others take over
     * the rest.
     */
    static void inParallel(int from, int to, int s, RowPass pass) {
        int rows = to - from;
        long values = (long) rows * s;
        int cores = Runtime.getRuntime().availableProcessors();
        int parts = values < PARALLEL_VALUES || cores < 2 ? 1
                : (int) Math.min(Math.min(rows, 4L * cores), Math.max(1, values / (PARALLEL_VALUES / 4)));
        if (parts <= 1) {
            pass.run(from, to);
            return;
        }
        Team.forEach(parts, p -> pass.run(from + (int) ((long) rows * p / parts), from + (int) ((long) rows * (p + 1) / parts)));
    }
}
