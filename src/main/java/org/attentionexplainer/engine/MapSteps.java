package org.attentionexplainer.engine;

import java.util.List;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.ops.impl.transforms.custom.SoftMax;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.indexing.BooleanIndexing;
import org.nd4j.linalg.indexing.NDArrayIndex;
import org.nd4j.linalg.indexing.conditions.Conditions;

/**
 * The steps of {@link AttentionEngine} on the (b, h, t, s) maps, for a group of g heads of one
 * batch entry at a time: scores, logits, weights, and the heads' contexts. The group's maps
 * live in one reused off-heap array, (g, t, s), changed in place from step to step; each
 * step's values are copied into the heap arrays of the trace (see {@link Maps}).
 */
final class MapSteps {
    private MapSteps() {
    }

    /**
     * The three (b, h, t, s) maps on the heap: scores, logits (the same array when scale and
     * temperature change nothing and nothing is masked) and weights.
     */
    record Maps(float[] scores, float[] logits, float[] weights) {
        static Maps allocate(Shapes sh, boolean logitsDiffer) {
            int n = sh.b() * sh.h() * sh.t() * sh.s();
            float[] scores = new float[n];
            return new Maps(scores, logitsDiffer ? new float[n] : scores, new float[n]);
        }

        /** The maps around scores computed before (not written to: tensors are immutable). */
        static Maps reusing(float[] scores, Shapes sh, boolean logitsDiffer) {
            int n = scores.length;
            return new Maps(scores, logitsDiffer ? new float[n] : scores, new float[n]);
        }

        /**
         * Refuses, with a message instead of an OutOfMemoryError, maps that cannot fit: more
         * values than a Java array holds, or more bytes (with the (b, t, s) mask) than the heap.
         */
        static void requireRoom(AttentionSpec spec, Shapes sh) {
            long n = (long) sh.b() * sh.h() * sh.t() * sh.s();
            boolean maskable = spec.causal() || spec.window() != null || spec.padding() != null;
            boolean logitsDiffer = maskable || spec.scale().factorFor(sh.hd()) / spec.temperature() != 1;
            long bytes = 4 * (n * (logitsDiffer ? 3 : 2) + (long) sh.b() * sh.t() * sh.s());
            long heap = Runtime.getRuntime().maxMemory();
            if (n > Integer.MAX_VALUE - 8 || bytes > heap) {
                throw new InvalidSpecException("input", sh.t() + " x " + sh.s() + " positions in " + sh.h()
                        + " heads need " + (bytes >> 20) + " MiB for the attention maps, more than the "
                        + (heap >> 20) + " MiB Java heap holds (start Java with a larger -Xmx, or use fewer tokens)");
            }
        }

        Tensor tensor(float[] values, Shapes sh) {
            return Tensor.wrap(values, sh.b(), sh.h(), sh.t(), sh.s());
        }
    }

    /**
     * Heads per group: as many as keep a group's maps within {@link #GROUP_BYTES}, so that the
     * in-place passes over them run in cache, and a divisor of h, so that no group straddles
     * two batch entries. Long inputs go one head at a time.
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

    /**
     * scores = Q K^T for the group's heads (first.. of the b*h sequence) into group (g, t, s),
     * from K already transposed, (b*h, hd, s).
     */
    static void scores(INDArray q, INDArray kTransposed, int first, INDArray group, Shapes sh) {
        int n = sh.b() * sh.h();
        int g = (int) group.size(0);
        INDArray q3 = q.reshape(n, sh.t(), sh.hd());
        Nd4j.matmul(heads(q3, first, g), heads(kTransposed, first, g), group, false, false, false);
    }

    /** Heads first..first+count of a (b*h, n, hd) array, as a view. */
    static INDArray heads(INDArray perHead, int first, int count) {
        return count == perHead.size(0) ? perHead
                : perHead.get(NDArrayIndex.interval(first, first + count), NDArrayIndex.all(), NDArrayIndex.all());
    }

    /** (b, t, s) mask as (b, t*s) of 0 (keep) and -inf (hidden), to add to logits. */
    static INDArray blockedKeys(Tensor mask, Shapes sh) {
        float[] m = mask.data();
        float[] additive = new float[m.length];
        for (int i = 0; i < m.length; i++) {
            additive[i] = m[i] != 0f ? Float.NEGATIVE_INFINITY : 0f;
        }
        return Nd4j.create(additive, new long[] {sh.b(), (long) sh.t() * sh.s()}, DataType.FLOAT);
    }

    /**
     * In place, scores to logits for a group of heads of one batch entry: times scale / T, then
     * -inf where {@code blocked} (t*s) hides a key.
     */
    static void logits(INDArray group, float factor, INDArray blocked, Shapes sh) {
        if (factor != 1f) {
            group.muli(factor);
        }
        if (blocked != null) {
            group.reshape(group.size(0), (long) sh.t() * sh.s())
                    .addiRowVector(blocked.reshape(1, (long) sh.t() * sh.s()));
        }
    }

    /**
     * In place, logits to weights for a group: softmax or hardmax, then dropout; the group
     * array holds them for the next product, {@code maps.weights()} from {@code offset} on
     * receives them as the step's value.
     */
    static void weights(INDArray group, Maps maps, int offset, AttentionSpec spec, INDArray zeroRows,
                                TorchRandom draws, Shapes sh) {
        int end = offset + Math.toIntExact(group.length());
        if (spec.normalization() == Normalization.SOFTMAX) {
            softmax(group, zeroRows, sh);
            NdBuffers.readInto(group, maps.weights(), offset);
        } else {
            WeightRules.hardmax(maps.logits(), maps.weights(), offset, end, sh.s());
        }
        if (draws != null) {
            WeightRules.dropout(maps.weights(), offset, end, spec.dropout(), draws);
        }
        if (spec.normalization() != Normalization.SOFTMAX || draws != null) {
            NdBuffers.write(group, maps.weights(), offset);
        }
    }

    /**
     * exp(x - rowmax) / sum per row, in one native operation. Rows whose keys are all masked
     * come out NaN (or 1 for a single key); {@code zeroRows} (g*t, 1), 0 for those rows, sets
     * them to 0.
     */
    static void softmax(INDArray group, INDArray zeroRows, Shapes sh) {
        INDArray rows = group.reshape(group.size(0) * sh.t(), sh.s());        // (g*t, s)
        Nd4j.exec(new SoftMax(rows, rows, 1));
        if (zeroRows != null) {
            BooleanIndexing.replaceWhere(rows, 0.0, Conditions.isNan());
            rows.muliColumnVector(zeroRows);
        }
    }

    /** (g*t, 1) of 1, and 0 for the queries of {@code batch} whose keys are all masked; null if none. */
    static INDArray rowsToZero(List<MaskedRow> fullyMasked, int batch, int groupSize, Shapes sh) {
        float[] keep = null;
        for (MaskedRow r : fullyMasked) {
            if (r.batch() == batch) {
                if (keep == null) {
                    keep = new float[groupSize * sh.t()];
                    java.util.Arrays.fill(keep, 1f);
                }
                for (int j = 0; j < groupSize; j++) {
                    keep[j * sh.t() + r.query()] = 0f;
                }
            }
        }
        return keep == null ? null : Nd4j.create(keep, new long[] {keep.length, 1}, DataType.FLOAT);
    }

    /** heads = weights V for the group's heads, one batched product into heads (b, h, t, hd). */
    static void headContexts(INDArray group, INDArray v, INDArray heads, int first, Shapes sh) {
        int n = sh.b() * sh.h();
        int g = (int) group.size(0);
        INDArray v3 = v.reshape(n, sh.s(), sh.hd());
        INDArray h3 = heads.reshape(n, sh.t(), sh.hd());
        Nd4j.matmul(group, heads(v3, first, g), heads(h3, first, g), false, false, false);
    }
}
