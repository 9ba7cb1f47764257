package org.attentionexplainer.engine;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link RowMath} on the JDK's vector API: a whole vector of exp at a time (a polynomial written
 * out in the softmax's loops, see EXP_LOWEST; exp accurate to about 1 ulp), where plain Java and
 * ND4J's softmax compute one value at a time. Loaded only when the module
 * {@code jdk.incubator.vector} is in the JVM (see {@link RowMath.Holder}).
 */
final class VectorRowMath implements RowMath {
    private static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
    private final ScalarRowMath tail = new ScalarRowMath();

    /*
     * exp of the softmax, whose arguments l = logit - max are never positive: written out in each of its three
     * loops rather than the vector API's EXP (the JIT's SVML routine, a call in the loop): 0.19 ns a value
     * against 0.24-0.26 on one core (AVX-512), the softmax of a 512-key row 0.41 ns a value against 0.47,
     * within 0.93 ulp of exp on [-87, 0] (EXP_LOWEST and below: 0, where exp is under float's smallest normal;
     * -inf gives 0, NaN stays NaN). Cody and Waite's reduction: n = round(l / ln 2) by adding and taking off
     * 1.5 * 2^23, r = l - n ln 2 with ln 2 in two parts (the first exact in 9 bits, so n ln2_high is exact),
     * exp(r) by its Taylor series to r^7 (the next term is under 5e-9 for |r| <= ln 2 / 2) on fused
     * multiply-adds, and 2^n made from n's bits, which the rounding sum holds in its low bits. Written out, not a
     * helper method: a vector handed to a method the JIT does not inline is boxed (see PanelKernel).
     */
    private static final float EXP_LOWEST = -87.3365f;
    private static final float LOG2_E = 1.44269504088896341f;
    private static final float ROUNDING = 12582912f;                        // 1.5 * 2^23
    private static final int ROUNDING_BITS = 0x4B400000;                    // its bits: 2^23 * 1.5 as a float
    private static final int EXPONENT_BIAS = 127;
    private static final FloatVector MINUS_LN2_HIGH = FloatVector.broadcast(F, -0.693359375f);
    private static final FloatVector MINUS_LN2_LOW = FloatVector.broadcast(F, 2.12194440e-4f);
    private static final FloatVector INV_FACTORIAL_7 = FloatVector.broadcast(F, 1f / 5040);
    private static final FloatVector INV_FACTORIAL_6 = FloatVector.broadcast(F, 1f / 720);
    private static final FloatVector INV_FACTORIAL_5 = FloatVector.broadcast(F, 1f / 120);
    private static final FloatVector INV_FACTORIAL_4 = FloatVector.broadcast(F, 1f / 24);
    private static final FloatVector INV_FACTORIAL_3 = FloatVector.broadcast(F, 1f / 6);
    private static final FloatVector HALF = FloatVector.broadcast(F, 0.5f);
    private static final FloatVector ONE = FloatVector.broadcast(F, 1f);

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
    public float maxAbsAndLogits(float[] scores, float[] logits, int o, int s, float factor, float[] mask, int mo,
                                 float[] largestLogit) {
        int bound = F.loopBound(s);
        FloatVector max = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY);
        FloatVector abs = FloatVector.zero(F);
        int j = 0;
        for (; j < bound; j += F.length()) {
            FloatVector x = FloatVector.fromArray(F, scores, o + j);
            abs = abs.max(x.abs());
            FloatVector l = x.mul(factor);
            if (mask != null) {
                VectorMask<Float> hidden = FloatVector.fromArray(F, mask, mo + j).compare(VectorOperators.NE, 0f);
                l = l.blend(Float.NEGATIVE_INFINITY, hidden);
            }
            l.intoArray(logits, o + j);
            max = max.max(l);
        }
        float a = abs.reduceLanes(VectorOperators.MAX);
        float m = max.reduceLanes(VectorOperators.MAX);
        if (j < s) {
            a = Math.max(a, tail.maxAbs(scores, o + j, s - j));
            m = Math.max(m, tail.logits(scores, logits, o + j, s - j, factor, mask, mo + j));
        }
        largestLogit[0] = m;
        return a;
    }

    /**
     * Three passes over the row where the two calls take four: the largest |score| and logit read
     * without writing the logits (two vectors a step, as each max waits for the one before), then
     * exp(logit - max) from the scores, then the scale; the logits are the same products, so the
     * values are the same (the JIT's tiers may round an exp differently). At 512 keys, one core: 0.42 ns
     * a value against 0.45 (the exp is half of it). A row with a mask and one without take methods of
     * their own, each without a branch inside its loops: no vector then reaches a later step through
     * a merge of two branches, which C2 can compile with the vectors boxed (see {@link PanelKernel#addBlock}).
     */
    @Override
    public float softmaxOfScores(float[] x, int o, int s, float factor, float[] mask, int mo) {
        return mask == null ? softmaxOfScores(x, o, s, factor) : softmaxOfMaskedScores(x, o, s, factor, mask, mo);
    }

    private float softmaxOfScores(float[] x, int o, int s, float factor) {
        int length = F.length();
        int bound = F.loopBound(s);
        FloatVector max0 = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY);
        FloatVector max1 = max0;
        FloatVector abs0 = FloatVector.zero(F);
        FloatVector abs1 = abs0;
        int j = 0;
        for (; j + 2 * length <= bound; j += 2 * length) {
            FloatVector a = FloatVector.fromArray(F, x, o + j);
            FloatVector b = FloatVector.fromArray(F, x, o + j + length);
            abs0 = abs0.max(a.abs());
            abs1 = abs1.max(b.abs());
            max0 = max0.max(a.mul(factor));
            max1 = max1.max(b.mul(factor));
        }
        for (; j < bound; j += length) {
            FloatVector a = FloatVector.fromArray(F, x, o + j);
            abs0 = abs0.max(a.abs());
            max0 = max0.max(a.mul(factor));
        }
        float largest = abs0.max(abs1).reduceLanes(VectorOperators.MAX);
        float max = max0.max(max1).reduceLanes(VectorOperators.MAX);
        for (int r = bound; r < s; r++) {
            float v = x[o + r];
            largest = Math.max(largest, Math.abs(v));
            max = Math.max(max, v * factor);
        }
        if (max == Float.NEGATIVE_INFINITY) {
            java.util.Arrays.fill(x, o, o + s, 0f);
            return largest;
        }
        FloatVector sums = FloatVector.zero(F);
        for (j = 0; j < bound; j += length) {
            FloatVector l = FloatVector.fromArray(F, x, o + j).mul(factor).sub(max);
            // exp(l) of l <= 0, inline (see EXP_LOWEST): l = n ln 2 + r, |r| <= ln 2 / 2, exp(r) by Taylor to r^7, times 2^n
            FloatVector c = l.blend(EXP_LOWEST, l.compare(VectorOperators.LT, EXP_LOWEST));
            FloatVector big = c.mul(LOG2_E).add(ROUNDING);
            FloatVector n = big.sub(ROUNDING);
            FloatVector r = n.fma(MINUS_LN2_HIGH, c);
            r = n.fma(MINUS_LN2_LOW, r);
            FloatVector p = r.fma(INV_FACTORIAL_7, INV_FACTORIAL_6).fma(r, INV_FACTORIAL_5).fma(r, INV_FACTORIAL_4)
                    .fma(r, INV_FACTORIAL_3).fma(r, HALF).fma(r, ONE).fma(r, ONE);
            FloatVector twoToN = big.reinterpretAsInts().add(EXPONENT_BIAS - ROUNDING_BITS)
                    .lanewise(VectorOperators.LSHL, 23).reinterpretAsFloats();
            FloatVector e = p.mul(twoToN).blend(0f, l.compare(VectorOperators.LT, EXP_LOWEST));
            e.intoArray(x, o + j);
            sums = sums.add(e);
        }
        float sum = sums.reduceLanes(VectorOperators.ADD);
        float tail = 0f;
        for (int r = bound; r < s; r++) {
            float e = (float) Math.exp(x[o + r] * factor - max);
            x[o + r] = e;
            tail += e;
        }
        scale(x, o, s, 1f / (sum + tail));
        return largest;
    }

    private float softmaxOfMaskedScores(float[] x, int o, int s, float factor, float[] mask, int mo) {
        int length = F.length();
        int bound = F.loopBound(s);
        FloatVector max0 = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY);
        FloatVector max1 = max0;
        FloatVector abs0 = FloatVector.zero(F);
        FloatVector abs1 = abs0;
        int j = 0;
        for (; j + 2 * length <= bound; j += 2 * length) {
            FloatVector a = FloatVector.fromArray(F, x, o + j);
            FloatVector b = FloatVector.fromArray(F, x, o + j + length);
            abs0 = abs0.max(a.abs());
            abs1 = abs1.max(b.abs());
            max0 = max0.max(a.mul(factor).blend(Float.NEGATIVE_INFINITY,
                    FloatVector.fromArray(F, mask, mo + j).compare(VectorOperators.NE, 0f)));
            max1 = max1.max(b.mul(factor).blend(Float.NEGATIVE_INFINITY,
                    FloatVector.fromArray(F, mask, mo + j + length).compare(VectorOperators.NE, 0f)));
        }
        for (; j < bound; j += length) {
            FloatVector a = FloatVector.fromArray(F, x, o + j);
            abs0 = abs0.max(a.abs());
            max0 = max0.max(a.mul(factor).blend(Float.NEGATIVE_INFINITY,
                    FloatVector.fromArray(F, mask, mo + j).compare(VectorOperators.NE, 0f)));
        }
        float largest = abs0.max(abs1).reduceLanes(VectorOperators.MAX);
        float max = max0.max(max1).reduceLanes(VectorOperators.MAX);
        for (int r = bound; r < s; r++) {
            float v = x[o + r];
            largest = Math.max(largest, Math.abs(v));
            max = Math.max(max, mask[mo + r] != 0f ? Float.NEGATIVE_INFINITY : v * factor);
        }
        if (max == Float.NEGATIVE_INFINITY) {
            java.util.Arrays.fill(x, o, o + s, 0f);
            return largest;
        }
        FloatVector sums = FloatVector.zero(F);
        for (j = 0; j < bound; j += length) {
            FloatVector l = FloatVector.fromArray(F, x, o + j).mul(factor)
                    .blend(Float.NEGATIVE_INFINITY, FloatVector.fromArray(F, mask, mo + j).compare(VectorOperators.NE, 0f))
                    .sub(max);
            // exp(l) of l <= 0, inline (see EXP_LOWEST): l = n ln 2 + r, |r| <= ln 2 / 2, exp(r) by Taylor to r^7, times 2^n
            FloatVector c = l.blend(EXP_LOWEST, l.compare(VectorOperators.LT, EXP_LOWEST));
            FloatVector big = c.mul(LOG2_E).add(ROUNDING);
            FloatVector n = big.sub(ROUNDING);
            FloatVector r = n.fma(MINUS_LN2_HIGH, c);
            r = n.fma(MINUS_LN2_LOW, r);
            FloatVector p = r.fma(INV_FACTORIAL_7, INV_FACTORIAL_6).fma(r, INV_FACTORIAL_5).fma(r, INV_FACTORIAL_4)
                    .fma(r, INV_FACTORIAL_3).fma(r, HALF).fma(r, ONE).fma(r, ONE);
            FloatVector twoToN = big.reinterpretAsInts().add(EXPONENT_BIAS - ROUNDING_BITS)
                    .lanewise(VectorOperators.LSHL, 23).reinterpretAsFloats();
            FloatVector e = p.mul(twoToN).blend(0f, l.compare(VectorOperators.LT, EXP_LOWEST));
            e.intoArray(x, o + j);
            sums = sums.add(e);
        }
        float sum = sums.reduceLanes(VectorOperators.ADD);
        float tail = 0f;
        for (int r = bound; r < s; r++) {
            float l = mask[mo + r] != 0f ? Float.NEGATIVE_INFINITY : x[o + r] * factor;
            float e = (float) Math.exp(l - max);
            x[o + r] = e;
            tail += e;
        }
        scale(x, o, s, 1f / (sum + tail));
        return largest;
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
    public float maxAbs(float[] x, int o, int s) {
        int bound = F.loopBound(s);
        FloatVector max = FloatVector.zero(F);
        int j = 0;
        for (; j < bound; j += F.length()) {
            max = max.max(FloatVector.fromArray(F, x, o + j).abs());
        }
        float m = max.reduceLanes(VectorOperators.MAX);
        return j == s ? m : Math.max(m, tail.maxAbs(x, o + j, s - j));
    }

    @Override
    public float exp(float[] x, float[] w, int o, int s, float max) {
        int bound = F.loopBound(s);
        FloatVector sum = FloatVector.zero(F);
        int j = 0;
        for (; j < bound; j += F.length()) {
            FloatVector l = FloatVector.fromArray(F, x, o + j).sub(max);
            // exp(l) of l <= 0, inline (see EXP_LOWEST): l = n ln 2 + r, |r| <= ln 2 / 2, exp(r) by Taylor to r^7, times 2^n
            FloatVector c = l.blend(EXP_LOWEST, l.compare(VectorOperators.LT, EXP_LOWEST));
            FloatVector big = c.mul(LOG2_E).add(ROUNDING);
            FloatVector n = big.sub(ROUNDING);
            FloatVector r = n.fma(MINUS_LN2_HIGH, c);
            r = n.fma(MINUS_LN2_LOW, r);
            FloatVector p = r.fma(INV_FACTORIAL_7, INV_FACTORIAL_6).fma(r, INV_FACTORIAL_5).fma(r, INV_FACTORIAL_4)
                    .fma(r, INV_FACTORIAL_3).fma(r, HALF).fma(r, ONE).fma(r, ONE);
            FloatVector twoToN = big.reinterpretAsInts().add(EXPONENT_BIAS - ROUNDING_BITS)
                    .lanewise(VectorOperators.LSHL, 23).reinterpretAsFloats();
            FloatVector e = p.mul(twoToN).blend(0f, l.compare(VectorOperators.LT, EXP_LOWEST));
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
    public void gelu(float[] x, int o, int n) {
        int bound = F.loopBound(n);
        int j = 0;
        for (; j < bound; j += F.length()) {
            FloatVector v = FloatVector.fromArray(F, x, o + j);
            FloatVector z = v.mul(INV_SQRT2);
            // clamped by compare and blend, which keep a NaN (the vector max and min take extra steps for it)
            z = z.blend(ERF_CLAMP, z.compare(VectorOperators.GT, ERF_CLAMP))
                    .blend(-ERF_CLAMP, z.compare(VectorOperators.LT, -ERF_CLAMP));
            FloatVector u = z.mul(z);
            // mul and add, not fma: in this chain fma measured slower and unsteady on Java 17 (one core, 29 Nov),
            // where the softmax's exp above runs faster on it (see docs/performance.md)
            FloatVector p = u.mul(ERF_P5).add(ERF_P4).mul(u).add(ERF_P3).mul(u).add(ERF_P2).mul(u).add(ERF_P1)
                    .mul(u).add(ERF_P0);
            FloatVector q = u.mul(ERF_Q5).add(ERF_Q4).mul(u).add(ERF_Q3).mul(u).add(ERF_Q2).mul(u).add(ERF_Q1)
                    .mul(u).add(1f);
            FloatVector erf = z.mul(p).div(q);
            v.mul(0.5f).mul(erf.add(1f)).intoArray(x, o + j);
        }
        tail.gelu(x, o + j, n - j);
    }

    @Override
    public void layerNorm(float[] x, float[] y, int o, int d, float[] gamma, float[] beta, float eps) {
        int bound = F.loopBound(d);
        FloatVector sums = FloatVector.zero(F);
        int j = 0;
        for (; j < bound; j += F.length()) {
            sums = sums.add(FloatVector.fromArray(F, x, o + j));
        }
        float sum = sums.reduceLanes(VectorOperators.ADD);
        for (int r = j; r < d; r++) {
            sum += x[o + r];
        }
        float mean = sum / d;
        FloatVector squares = FloatVector.zero(F);
        for (j = 0; j < bound; j += F.length()) {
            FloatVector c = FloatVector.fromArray(F, x, o + j).sub(mean);
            squares = squares.add(c.mul(c));
        }
        float square = squares.reduceLanes(VectorOperators.ADD);
        for (int r = j; r < d; r++) {
            float c = x[o + r] - mean;
            square += c * c;
        }
        float inv = 1f / (float) Math.sqrt(square / d + eps);
        if (gamma != null && beta != null) {
            // the models' LayerNorms, in a loop of its own: no vector through a merge of branches (see softmaxOfScores)
            for (j = 0; j < bound; j += F.length()) {
                FloatVector.fromArray(F, x, o + j).sub(mean).mul(inv).mul(FloatVector.fromArray(F, gamma, j))
                        .add(FloatVector.fromArray(F, beta, j)).intoArray(y, o + j);
            }
            for (int r = j; r < d; r++) {
                y[o + r] = (x[o + r] - mean) * inv * gamma[r] + beta[r];
            }
            return;
        }
        for (j = 0; j < bound; j += F.length()) {
            FloatVector v = FloatVector.fromArray(F, x, o + j).sub(mean).mul(inv);
            if (gamma != null) {
                v = v.mul(FloatVector.fromArray(F, gamma, j));
            }
            if (beta != null) {
                v = v.add(FloatVector.fromArray(F, beta, j));
            }
            v.intoArray(y, o + j);
        }
        for (int r = j; r < d; r++) {
            float v = (x[o + r] - mean) * inv;
            if (gamma != null) {
                v *= gamma[r];
            }
            y[o + r] = beta == null ? v : v + beta[r];
        }
    }

    @Override
    public String describe() {
        return "vector API, " + F.length() + " lanes";
    }
}
