package org.attentionexplainer.engine;

import java.util.Objects;

/** When a slider step may take an earlier trace's Q, K, V and scores over (see {@link AttentionEngine}). */
final class Reuse {
    private Reuse() {
    }

    /** Whether {@code previous} projected the same tensors into the same heads as {@code spec} will. */
    static boolean sameProjections(AttentionTrace previous, AttentionSpec spec, Shapes sh) {
        AttentionSpec p = previous.spec();
        return p.input() == spec.input() && p.source() == spec.source() && p.heads() == spec.heads()
                && p.kvHeadCount() == spec.kvHeadCount() && Objects.equals(p.rope(), spec.rope())
                && sameProjection(p.projection(), spec.projection())
                && previous.batch() == sh.b() && previous.headCount() == sh.h()
                && previous.queryLength() == sh.t() && previous.keyLength() == sh.s()
                && previous.headDim() == sh.hd();
    }

    private static boolean sameProjection(Projection a, Projection b) {
        if (a == b) {
            return true;
        }
        if (a instanceof Projection.Separate x && b instanceof Projection.Separate y) {
            return x.query() == y.query() && x.key() == y.key() && x.value() == y.value()
                    && x.queryBias() == y.queryBias() && x.keyBias() == y.keyBias() && x.valueBias() == y.valueBias();
        }
        if (a instanceof Projection.Fused x && b instanceof Projection.Fused y) {
            return x.qkv() == y.qkv() && x.qkvBias() == y.qkvBias();
        }
        return a instanceof Projection.Identity && b instanceof Projection.Identity;
    }
}
