package org.attentionexplainer.engine;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link RowMath} on the JDK's vector API: a whole vector of exp at a time (the JIT compiles
 * it to the CPU's vector math routines; exp accurate to about 1 ulp), where plain Java and
 * ND4J's softmax compute one value at a time. Loaded only when the module
 * {@code jdk.incubator.vector} is in the JVM (see {@link RowMath.Holder}).
 */
final class VectorRowMath implements RowMath {
    private static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
    private final ScalarRowMath tail = new ScalarRowMath();

    @Override
    public float logits(float[] scores, float[] logits, int o, int s, float factor, float[] mask, int mo) {
        int bound = F.loopBound(s);
        FloatVector max = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY);
        int j = 0;
        for (; j < bound; j += F.length()) {
            FloatVector l = FloatVector.fromArray(F, scores, o + j).mul(factor);
            if (mask != null) {
                VectorMask<Float> hidden = FloatVector.fromArray(F, mask, mo + j).compare(VectorOperators.NE, 0f);
                l = l.blend(Float.NEGATIVE_INFINITY, hidden);
            }
            l.intoArray(logits, o + j);
            max = max.max(l);
        }
        float m = max.reduceLanes(VectorOperators.MAX);
        return j == s ? m : Math.max(m, tail.logits(scores, logits, o + j, s - j, factor, mask, mo + j));
    }

    @Override
    public float max(float[] x, int o, int s) {
        int bound = F.loopBound(s);
        FloatVector max = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY);
        int j = 0;
        for (; j < bound; j += F.length()) {
            max = max.max(FloatVector.fromArray(F, x, o + j));
        }
        float m = max.reduceLanes(VectorOperators.MAX);
        return j == s ? m : Math.max(m, tail.max(x, o + j, s - j));
    }

    @Override
    public float exp(float[] x, float[] w, int o, int s, float max) {
        int bound = F.loopBound(s);
        FloatVector sum = FloatVector.zero(F);
        int j = 0;
        for (; j < bound; j += F.length()) {
            FloatVector e = FloatVector.fromArray(F, x, o + j).sub(max).lanewise(VectorOperators.EXP);
            e.intoArray(w, o + j);
            sum = sum.add(e);
        }
        float total = sum.reduceLanes(VectorOperators.ADD);
        return j == s ? total : total + tail.exp(x, w, o + j, s - j, max);
    }

    @Override
    public void scale(float[] w, int o, int s, float factor) {
        int bound = F.loopBound(s);
        int j = 0;
        for (; j < bound; j += F.length()) {
            FloatVector.fromArray(F, w, o + j).mul(factor).intoArray(w, o + j);
        }
        tail.scale(w, o + j, s - j, factor);
    }

    @Override
    public String describe() {
        return "vector API, " + F.length() + " lanes";
    }
}
