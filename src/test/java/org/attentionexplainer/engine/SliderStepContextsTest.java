package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A slider step on the ND4J path leaves the heads, the context, the output and the result
 * (none of which its picture shows) to be made when first read. Read later, after other steps
 * have reused the engine's arrays, and from two threads at once, they are the steps' definition
 * for that trace's own temperature (worked out here in double from the inputs and weights) and
 * the same as a computation from scratch; a step whose output could overflow float32 is still
 * refused at once.
 */
class SliderStepContextsTest {
    private static final int T = 48;
    private static final int D = 32;
    private static final int HEADS = 4;

    @Test
    void aSliderStepMakesTheStepsAfterTheWeightsWhenRead() {
        AttentionSpec spec = model(new Random(11));
        AttentionEngine engine = new AttentionEngine(false);
        AttentionTrace first = engine.compute(spec);
        assertFalse(first.context().pending(), "a new model computes every step");
        AttentionTrace second = engine.compute(spec.toBuilder().temperature(2).build(), first);
        for (Tensor step : List.of(second.heads(), second.context(), second.output(), second.result())) {
            assertTrue(step.pending(), "nothing after the weights is computed before it is read");
        }
        AttentionTrace third = engine.compute(spec.toBuilder().temperature(0.3).build(), second);
        org.junit.jupiter.api.Assertions.assertSame(first.mask(), third.mask(), "the same masks are taken over");
        AttentionTrace open = engine.compute(spec.toBuilder().causal(false).build(), third);
        assertEquals(0f, open.mask().get(0, 0, 1), "a mask toggle makes its own mask");
        assertTrue(open.weights().get(0, 0, 0, 1) > 0, "query 0 sees key 1 without the causal mask");

        for (AttentionTrace trace : List.of(third, second)) {
            double[][] want = reference(trace.spec());
            String at = "T = " + trace.spec().temperature() + ": ";
            Arrays32.assertClose(at + "heads", toFloats(want[0]), trace.heads().toArray(), 1e-4);
            Arrays32.assertClose(at + "context", toFloats(want[1]), trace.context().toArray(), 1e-4);
            Arrays32.assertClose(at + "output", toFloats(want[2]), trace.output().toArray(), 1e-4);
            Arrays32.assertClose(at + "result", toFloats(want[3]), trace.result().toArray(), 5e-4);
            AttentionTrace fresh = new AttentionEngine(false).compute(trace.spec());
            assertEquals(fresh.heads(), trace.heads(), at + "the same heads as from scratch");
            assertEquals(fresh.context(), trace.context(), at + "the same context as from scratch");
            assertEquals(fresh.output(), trace.output(), at + "the same output as from scratch");
            assertEquals(fresh.result(), trace.result(), at + "the same result as from scratch");
        }
    }

    @Test
    void comparingTwoTracesMakesNothing() {
        // a property holding the trace compares the old with the new at every step, on the UI thread
        AttentionSpec spec = model(new Random(13));
        AttentionEngine engine = new AttentionEngine(false);
        AttentionTrace first = engine.compute(spec);
        AttentionTrace a = engine.compute(spec.toBuilder().temperature(2).build(), first);
        AttentionTrace b = engine.compute(spec.toBuilder().temperature(2).build(), first);
        assertNotEquals(a, b, "two computations, though of the same values");
        assertEquals(a, a);
        for (AttentionTrace t : List.of(a, b)) {
            assertTrue(t.heads().pending() && t.context().pending() && t.output().pending() && t.result().pending());
        }
    }

    @Test
    void twoThreadsReadingWhileTheEngineComputesGetTheSameValues() throws Exception {
        AttentionSpec spec = model(new Random(12));
        AttentionEngine engine = new AttentionEngine(false);
        for (int round = 0; round < 20; round++) {
            AttentionTrace first = engine.compute(spec);
            AttentionTrace step = engine.compute(spec.toBuilder().temperature(0.5 + round * 0.1).build(), first);
            CountDownLatch go = new CountDownLatch(1);
            List<CompletableFuture<float[][]>> reads = new ArrayList<>();
            for (int reader = 0; reader < 2; reader++) {
                boolean resultFirst = reader == 0;
                reads.add(CompletableFuture.supplyAsync(() -> {
                    await(go);
                    float[] one = resultFirst ? step.result().toArray() : step.context().toArray();
                    float[] other = resultFirst ? step.context().toArray() : step.result().toArray();
                    return resultFirst ? new float[][] {other, one} : new float[][] {one, other};
                }, r -> new Thread(r).start()));
            }
            CompletableFuture<AttentionTrace> meanwhile = CompletableFuture.supplyAsync(() -> {
                await(go);
                return engine.compute(spec.toBuilder().temperature(4).build(), first);
            }, r -> new Thread(r).start());
            go.countDown();
            float[][] a = reads.get(0).get(30, TimeUnit.SECONDS);
            float[][] b = reads.get(1).get(30, TimeUnit.SECONDS);
            meanwhile.get(30, TimeUnit.SECONDS);
            assertSame("round " + round + " context, the two readers", a[0], b[0]);
            assertSame("round " + round + " result, the two readers", a[1], b[1]);
            double[][] want = reference(step.spec());
            Arrays32.assertClose("round " + round + " context", toFloats(want[1]), b[0], 1e-4);
            Arrays32.assertClose("round " + round + " result", toFloats(want[3]), a[1], 5e-4);
        }
    }

    @Test
    void aStepWhoseOutputCouldOverflowIsRefusedAtTheStep() {
        // Q = K = V = X: at T = 100 query 0 weighs both keys about alike, its context is about
        // 2 * 0.03 and its output 1.7e37; at T = 0.05 it takes key 0 alone: 2 * 3e38 overflows
        Tensor x = Tensor.matrix(new float[][] {{2, 0}, {-2, 0}});
        Tensor wo = Tensor.matrix(new float[][] {{3e38f, 0}, {0, 3e38f}});
        AttentionSpec mild = AttentionSpec.builder(x).outProjection(wo, null).temperature(100).build();
        AttentionEngine engine = new AttentionEngine(false);
        AttentionTrace before = engine.compute(mild);
        assertTrue(Float.isFinite(before.output().get(0, 0, 0)));
        InvalidSpecException refused = assertThrows(InvalidSpecException.class,
                () -> engine.compute(mild.toBuilder().temperature(0.05).build(), before));
        assertEquals("weights.out", refused.field());
    }

    /** Equal bit for bit, or the first place where not. */
    private static void assertSame(String what, float[] want, float[] got) {
        assertEquals(want.length, got.length, what);
        for (int i = 0; i < want.length; i++) {
            if (Float.floatToIntBits(want[i]) != Float.floatToIntBits(got[i])) {
                throw new AssertionError(what + ": at " + i + " " + got[i] + " instead of " + want[i]);
            }
        }
    }

    private static void await(CountDownLatch go) {
        try {
            go.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Separate projections with biases, W_o and b_o, residual and LayerNorm, causal. */
    private static AttentionSpec model(Random rng) {
        return AttentionSpec.builder(random(rng, 1, T, D))
                .projection(new Projection.Separate(random(rng, D, D), random(rng, D, D), random(rng, D, D),
                        random(rng, D), random(rng, D), random(rng, D)))
                .outProjection(random(rng, D, D), random(rng, D))
                .heads(HEADS)
                .causal(true)
                .residual(true)
                .layerNorm(new LayerNormParams(random(rng, D), random(rng, D), 1e-5))
                .build();
    }

    private static Tensor random(Random rng, int... shape) {
        int n = 1;
        for (int d : shape) {
            n *= d;
        }
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = (float) (rng.nextGaussian() * 0.4);
        }
        return Tensor.of(v, shape);
    }

    /**
     * heads (h, t, hd), context (t, d), output (t, d) and result (t, d) by their definition, in
     * double: Q = X W_q + b_q (and K, V), logits = q.k / sqrt(hd) / T, -inf past the query,
     * softmax, heads = weights V, context = concat, output = context W_o + b_o, result =
     * LayerNorm(X + output) with the biased variance.
     */
    private static double[][] reference(AttentionSpec spec) {
        Projection.Separate p = (Projection.Separate) spec.projection();
        double[][] x = rows(spec.input().toArray(), T, D);
        double[][] q = linear(x, p.query(), p.queryBias());
        double[][] k = linear(x, p.key(), p.keyBias());
        double[][] v = linear(x, p.value(), p.valueBias());
        int hd = D / HEADS;
        double[] heads = new double[HEADS * T * hd];
        double[][] context = new double[T][D];
        for (int h = 0; h < HEADS; h++) {
            for (int i = 0; i < T; i++) {
                double[] w = new double[i + 1];
                double max = Double.NEGATIVE_INFINITY;
                for (int j = 0; j <= i; j++) {
                    double dot = 0;
                    for (int c = 0; c < hd; c++) {
                        dot += q[i][h * hd + c] * k[j][h * hd + c];
                    }
                    w[j] = dot / Math.sqrt(hd) / spec.temperature();
                    max = Math.max(max, w[j]);
                }
                double sum = 0;
                for (int j = 0; j <= i; j++) {
                    w[j] = Math.exp(w[j] - max);
                    sum += w[j];
                }
                for (int c = 0; c < hd; c++) {
                    double z = 0;
                    for (int j = 0; j <= i; j++) {
                        z += w[j] / sum * v[j][h * hd + c];
                    }
                    heads[(h * T + i) * hd + c] = z;
                    context[i][h * hd + c] = z;
                }
            }
        }
        double[][] output = linear(context, spec.outWeight(), spec.outBias());
        double[] gamma = doubles(spec.layerNorm().gamma());
        double[] beta = doubles(spec.layerNorm().beta());
        double[] result = new double[T * D];
        for (int i = 0; i < T; i++) {
            double mean = 0;
            for (int c = 0; c < D; c++) {
                mean += (x[i][c] + output[i][c]) / D;
            }
            double var = 0;
            for (int c = 0; c < D; c++) {
                var += Math.pow(x[i][c] + output[i][c] - mean, 2) / D;
            }
            for (int c = 0; c < D; c++) {
                result[i * D + c] = (x[i][c] + output[i][c] - mean) / Math.sqrt(var + 1e-5) * gamma[c] + beta[c];
            }
        }
        return new double[][] {heads, flat(context), flat(output), result};
    }

    private static double[][] linear(double[][] x, Tensor w, Tensor bias) {
        double[] wv = doubles(w);
        double[] b = doubles(bias);
        int cols = w.dim(1);
        double[][] y = new double[x.length][cols];
        for (int i = 0; i < x.length; i++) {
            for (int c = 0; c < cols; c++) {
                double s = b[c];
                for (int r = 0; r < x[i].length; r++) {
                    s += x[i][r] * wv[r * cols + c];
                }
                y[i][c] = s;
            }
        }
        return y;
    }

    private static double[] doubles(Tensor t) {
        float[] f = t.toArray();
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            d[i] = f[i];
        }
        return d;
    }

    private static double[][] rows(float[] flat, int n, int d) {
        double[][] out = new double[n][d];
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < d; c++) {
                out[i][c] = flat[i * d + c];
            }
        }
        return out;
    }

    private static double[] flat(double[][] m) {
        double[] out = new double[m.length * m[0].length];
        for (int i = 0; i < m.length; i++) {
            System.arraycopy(m[i], 0, out, i * m[0].length, m[0].length);
        }
        return out;
    }

    private static float[] toFloats(double[] d) {
        float[] f = new float[d.length];
        for (int i = 0; i < d.length; i++) {
            f[i] = (float) d[i];
        }
        return f;
    }
}
