package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The heap route ({@link HeapAttention}) against the definition computed here in double:
 * one token, heads whose width and whose key count leave a remainder in the kernel's panels,
 * a cross-attention with padding, grouped key/value heads, causal masks, the real model's shape
 * at 16 and 128 tokens, 200 tokens in two pieces of query rows (spread over the cores), with and
 * without output projection, residual and LayerNorm; and a slider step that takes the scores over.
 */
class HeapAttentionTest {
    /** Every input of up to 4096 rows on the heap route. */
    private static final AttentionEngine HEAP = new AttentionEngine(false, Routes.BEST, 4096);

    private record Case(String name, int b, int t, int s, int d, int heads, int kvHeads, boolean cross,
                        boolean causal, boolean padding, boolean fused, boolean after) {
    }

    @Test
    void matchesTheDefinitionInDoubleAtEverySizeAndEdge() {
        assumeTrue(PackedWeights.available() && Routes.BEST.direct(), "the heap route needs the vector kernel");
        Case[] cases = {
            new Case("one token", 1, 1, 1, 8, 2, 2, false, false, false, true, true),
            new Case("one token, causal", 1, 1, 1, 768, 12, 12, false, true, false, true, false),
            new Case("head width 12, 7 keys, cross-attention", 2, 13, 7, 60, 5, 5, true, false, true, false, true),
            new Case("grouped key/value heads, causal", 2, 9, 9, 96, 4, 2, false, true, true, true, true),
            new Case("50 keys: one panel and two left", 1, 50, 50, 40, 2, 2, false, true, false, true, false),
            new Case("16 tokens, d_model 768", 1, 16, 16, 768, 12, 12, false, false, false, true, false),
            new Case("128 tokens, d_model 768, causal", 1, 128, 128, 768, 12, 12, false, true, false, true, true),
            new Case("200 tokens: pieces of 128 and 72 rows", 2, 200, 200, 64, 2, 1, false, true, true, true, false),
        };
        for (Case c : cases) {
            Random rng = new Random(c.name().hashCode());
            AttentionSpec spec = spec(c, rng);
            Shapes sh = Shapes.check(spec, batch(spec.input()), spec.source() == null ? batch(spec.input())
                    : batch(spec.source()));
            assertTrue(HeapAttention.applies(spec, sh, Routes.BEST, 4096), c.name());
            AttentionTrace trace = HEAP.compute(spec);
            Reference want = reference(spec, c);
            // float32 rounds Q, K and V before the products take them: the absolute tolerance grows with
            // the square root of the sums' length, d_model, from the golden cases' 2e-5 at d_model 8
            double atol = Arrays32.ATOL * Math.sqrt(c.d() / 8.0);
            close(c.name() + " q", want.q, trace.q().data(), atol);
            close(c.name() + " scores", want.scores, trace.scores().data(), atol);
            close(c.name() + " weights", want.weights, trace.weights().data(), atol);
            close(c.name() + " heads", want.heads, trace.heads().data(), atol);
            close(c.name() + " result", want.result, trace.result().data(), atol);
            // a slider step: another temperature on the same projections takes Q, K, V and scores over
            AttentionTrace warmer = HEAP.compute(spec.toBuilder().temperature(spec.temperature() * 2).build(), trace);
            assertSame(trace.scores(), warmer.scores(), c.name());
            AttentionTrace back = HEAP.compute(spec, warmer);
            assertTrue(back.heads().pending(), c.name() + ": a slider step makes the heads when they are read");
            Arrays32.assertClose(c.name() + " weights after a step back", trace.weights().data(),
                    back.weights().data(), 0);
            Arrays32.assertClose(c.name() + " result after a step back", trace.result().data(),
                    back.result().data(), 0);
            Arrays32.assertClose(c.name() + " heads after a step back", trace.heads().data(), back.heads().data(), 0);
        }
    }

    @Test
    void hardmaxAndDropoutMatchTheNd4jRoute() {
        assumeTrue(PackedWeights.available() && Routes.BEST.direct(), "the heap route needs the vector kernel");
        AttentionEngine nd4j = new AttentionEngine(false);
        Random rng = new Random(3);
        AttentionSpec base = spec(new Case("both", 2, 40, 40, 64, 4, 4, false, true, true, true, true), rng);
        for (Normalization n : Normalization.values()) {
            AttentionSpec spec = base.toBuilder().normalization(n).dropout(new Dropout(0.2, 7)).build();
            AttentionTrace heap = HEAP.compute(spec);
            AttentionTrace other = nd4j.compute(spec);
            Arrays32.assertClose(n + " weights", other.weights().data(), heap.weights().data(), 1e-5);
            Arrays32.assertClose(n + " result", other.result().data(), heap.result().data(), 1e-4);
            assertEquals(other.fullyMaskedRows(), heap.fullyMaskedRows());
        }
    }

    private static AttentionSpec spec(Case c, Random rng) {
        int kv = c.d() / c.heads() * c.kvHeads();
        AttentionSpec.Builder b = AttentionSpec.builder(random(rng, 1f, c.b(), c.t(), c.d()))
                .heads(c.heads()).kvHeads(c.kvHeads()).temperature(0.7).causal(c.causal());
        if (c.cross()) {
            b.source(random(rng, 1f, c.b(), c.s(), c.d()));
        }
        float init = (float) (1 / Math.sqrt(c.d()));
        if (c.fused()) {
            int width = c.d() + 2 * kv;
            b.projection(new Projection.Fused(random(rng, init, c.d(), width), random(rng, 0.1f, width)));
        } else {
            b.projection(new Projection.Separate(random(rng, init, c.d(), c.d()), random(rng, init, c.d(), kv),
                    random(rng, init, c.d(), kv), random(rng, 0.1f, c.d()), null, random(rng, 0.1f, kv)));
        }
        if (c.padding()) {
            float[] keep = new float[c.b() * c.s()];
            java.util.Arrays.fill(keep, 1f);
            keep[c.b() * c.s() - 1] = 0f;                              // the last batch entry's last key
            b.padding(Tensor.of(keep, c.b(), c.s()));
        }
        if (c.after()) {
            b.outProjection(random(rng, init, c.d(), c.d()), random(rng, 0.1f, c.d())).residual(true)
                    .layerNorm(new LayerNormParams(random(rng, 1f, c.d()), random(rng, 1f, c.d()), 1e-5));
        }
        return b.build();
    }

    private static final class Reference {
        double[] q;
        double[] scores;
        double[] weights;
        double[] heads;
        double[] result;
    }

    /** The forward in double, from the spec's tensors, with the masks made here. */
    private static Reference reference(AttentionSpec spec, Case c) {
        int b = c.b();
        int t = c.t();
        int s = c.s();
        int d = c.d();
        int h = c.heads();
        int hd = d / h;
        int kvh = c.kvHeads();
        int kv = kvh * hd;
        float[] x = spec.input().data();
        float[] src = spec.source() == null ? x : spec.source().data();
        double[] qf;
        double[] kf;
        double[] vf;
        if (spec.projection() instanceof Projection.Fused f) {
            double[] xq = linear(x, b * t, d, f.qkv().data(), d + 2 * kv, f.qkvBias().data());
            double[] sk = linear(src, b * s, d, f.qkv().data(), d + 2 * kv, f.qkvBias().data());
            qf = columns(xq, b * t, d + 2 * kv, 0, d);
            kf = columns(sk, b * s, d + 2 * kv, d, kv);
            vf = columns(sk, b * s, d + 2 * kv, d + kv, kv);
        } else {
            Projection.Separate p = (Projection.Separate) spec.projection();
            qf = linear(x, b * t, d, p.query().data(), d, p.queryBias().data());
            kf = linear(src, b * s, d, p.key().data(), kv, null);
            vf = linear(src, b * s, d, p.value().data(), kv, p.valueBias().data());
        }
        Reference r = new Reference();
        r.q = new double[b * h * t * hd];
        r.scores = new double[b * h * t * s];
        r.weights = new double[b * h * t * s];
        r.heads = new double[b * h * t * hd];
        double[] context = new double[b * t * d];
        double factor = 1 / Math.sqrt(hd) / spec.temperature();
        for (int bi = 0; bi < b; bi++) {
            for (int hi = 0; hi < h; hi++) {
                int m = bi * h + hi;
                int g = hi / (h / kvh);
                for (int i = 0; i < t; i++) {
                    for (int c2 = 0; c2 < hd; c2++) {
                        r.q[(m * t + i) * hd + c2] = qf[(bi * t + i) * d + hi * hd + c2];
                    }
                    double max = Double.NEGATIVE_INFINITY;
                    double[] logits = new double[s];
                    for (int j = 0; j < s; j++) {
                        double dot = 0;
                        for (int c2 = 0; c2 < hd; c2++) {
                            dot += qf[(bi * t + i) * d + hi * hd + c2] * kf[(bi * s + j) * kv + g * hd + c2];
                        }
                        r.scores[(m * t + i) * s + j] = dot;
                        boolean hidden = (c.causal() && j > i) || (c.padding() && bi == b - 1 && j == s - 1);
                        logits[j] = hidden ? Double.NEGATIVE_INFINITY : dot * factor;
                        max = Math.max(max, logits[j]);
                    }
                    double sum = 0;
                    for (int j = 0; j < s; j++) {
                        sum += max == Double.NEGATIVE_INFINITY ? 0 : Math.exp(logits[j] - max);
                    }
                    for (int j = 0; j < s; j++) {
                        double w = sum == 0 ? 0 : Math.exp(logits[j] - max) / sum;
                        r.weights[(m * t + i) * s + j] = w;
                        for (int c2 = 0; c2 < hd; c2++) {
                            double value = w * vf[(bi * s + j) * kv + g * hd + c2];
                            r.heads[(m * t + i) * hd + c2] += value;
                            context[(bi * t + i) * d + hi * hd + c2] += value;
                        }
                    }
                }
            }
        }
        r.result = context;
        if (spec.outWeight() != null) {
            double[] out = linear(toFloat(context), b * t, d, spec.outWeight().data(), d, spec.outBias().data());
            float[] gamma = spec.layerNorm().gamma().data();
            float[] beta = spec.layerNorm().beta().data();
            for (int row = 0; row < b * t; row++) {
                double mean = 0;
                for (int j = 0; j < d; j++) {
                    out[row * d + j] += x[row * d + j];
                    mean += out[row * d + j];
                }
                mean /= d;
                double var = 0;
                for (int j = 0; j < d; j++) {
                    var += (out[row * d + j] - mean) * (out[row * d + j] - mean);
                }
                double std = Math.sqrt(var / d + 1e-5);
                for (int j = 0; j < d; j++) {
                    out[row * d + j] = (out[row * d + j] - mean) / std * gamma[j] + beta[j];
                }
            }
            r.result = out;
        }
        return r;
    }

    /** |got - want| <= atol + rtol |want|, the golden cases' relative tolerance ({@link Arrays32}). */
    private static void close(String what, double[] want, float[] got, double atol) {
        assertEquals(want.length, got.length, what);
        for (int i = 0; i < want.length; i++) {
            if (!(Math.abs(got[i] - want[i]) <= atol + Arrays32.RTOL * Math.abs(want[i]))) {
                throw new AssertionError(what + ": at flat index " + i + " got " + got[i] + ", want " + want[i]);
            }
        }
    }

    private static double[] linear(float[] x, int rows, int width, float[] w, int cols, float[] bias) {
        double[] y = new double[rows * cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                double sum = bias == null ? 0 : bias[j];
                for (int k = 0; k < width; k++) {
                    sum += (double) x[i * width + k] * w[k * cols + j];
                }
                y[i * cols + j] = sum;
            }
        }
        return y;
    }

    private static double[] columns(double[] m, int rows, int cols, int from, int width) {
        double[] out = new double[rows * width];
        for (int i = 0; i < rows; i++) {
            System.arraycopy(m, i * cols + from, out, i * width, width);
        }
        return out;
    }

    /** The context as the float32 the output projection reads. */
    private static float[] toFloat(double[] v) {
        float[] f = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            f[i] = (float) v[i];
        }
        return f;
    }

    private static Tensor batch(Tensor x) {
        return x.rank() == 3 ? x : x.reshape(1, x.dim(0), x.dim(1));
    }

    private static Tensor random(Random rng, float std, int... shape) {
        int n = 1;
        for (int v : shape) {
            n *= v;
        }
        float[] values = new float[n];
        for (int i = 0; i < n; i++) {
            values[i] = (float) rng.nextGaussian() * std;
        }
        return Tensor.of(values, shape);
    }
}
