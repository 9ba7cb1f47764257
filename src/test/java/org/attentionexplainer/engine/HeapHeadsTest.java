package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The real model's heads on the heap ({@link HeapHeads}, through {@link ForwardBlocks}) against the
 * definition computed here in double from the same fused projection: one token; a head width of 12
 * and 50 keys, which leave remainders in the kernel's panels; two texts with padding; causal masks;
 * all-MiniLM-L6-v2's shape (12 heads of 32) at 16 tokens and at 200, in pieces of 128 and 72 query
 * rows spread over the cores; and a NaN in the projection, which the largest |score| must carry.
 */
class HeapHeadsTest {
    private record Case(String name, int b, int t, int d, int h, boolean causal, int[] lengths) {
    }

    @Test
    void matchesTheDefinitionInDoubleAtEverySizeAndEdge() {
        assumeTrue(PackedWeights.available(), "the heap heads need the vector kernel");
        Case[] cases = {
            new Case("one token", 1, 1, 8, 2, false, null),
            new Case("head width 12, 50 keys, causal", 1, 50, 60, 5, true, null),
            new Case("two texts, padding", 2, 13, 64, 4, false, new int[] {13, 6}),
            new Case("two texts, padding and causal", 2, 9, 96, 3, true, new int[] {4, 9}),
            new Case("16 tokens, 12 heads of 32", 1, 16, 384, 12, false, null),
            new Case("200 tokens: pieces of 128 and 72 rows", 1, 200, 384, 12, false, null),
        };
        ForwardBlocks blocks = new ForwardBlocks();
        for (Case c : cases) {
            Random rng = new Random(c.name().hashCode());
            int n = c.b() * c.t();
            float[] qkv = new float[n * 3 * c.d()];
            for (int i = 0; i < qkv.length; i++) {
                qkv[i] = (float) rng.nextGaussian();
            }
            float[] mask = mask(c);
            float factor = (float) (1 / Math.sqrt(c.d() / (double) c.h()));
            ForwardBlocks.Attention got = blocks.selfAttention(Tensor.of(qkv, n, 3 * c.d()), c.b(), c.t(), c.h(),
                    factor, mask == null ? null : Tensor.of(mask, c.b(), c.t(), c.t()));
            Reference want = reference(qkv, mask, factor, c);
            // float32 sums over the head width: the golden cases' tolerance grown with its square root
            double atol = Arrays32.ATOL * Math.sqrt(c.d() / (double) c.h() / 8.0);
            close(c.name() + " scores", want.scores, got.scores().data(), atol);
            close(c.name() + " weights", want.weights, got.weights().data(), atol);
            close(c.name() + " heads", want.heads, got.heads().data(), atol);
            close(c.name() + " context", want.context, got.concatenated().data(), atol);
            assertEquals(want.largest, got.largestScore(), atol + 1e-4 * want.largest, c.name() + " largest |score|");
            assertTrue(got.context() == null, c.name() + ": nothing off the heap");
            // Q, K and V: the projection's columns of each head, as they were
            int hd = c.d() / c.h();
            for (int bi = 0; bi < c.b(); bi++) {
                for (int hi = 0; hi < c.h(); hi++) {
                    for (int i = 0; i < c.t(); i++) {
                        for (int e = 0; e < hd; e++) {
                            int at = (bi * c.t() + i) * 3 * c.d() + hi * hd + e;
                            String where = c.name() + " head " + hi + " token " + i + " text " + bi;
                            assertEquals(qkv[at], got.q().get(bi, hi, i, e), where + " q");
                            assertEquals(qkv[at + c.d()], got.k().get(bi, hi, i, e), where + " k");
                            assertEquals(qkv[at + 2 * c.d()], got.v().get(bi, hi, i, e), where + " v");
                        }
                    }
                }
            }
            // the logits made when read are the ones the weights came from: their softmax is the weights up to
            // the last bits of exp (compiled and interpreted, the vector exp may round differently)
            float[] again = new float[got.weights().size()];
            float[] logits = got.logits().data();
            RowMath math = Routes.BEST.rows();
            for (int r = 0; r < again.length / c.t(); r++) {
                float max = Float.NEGATIVE_INFINITY;
                for (int j = 0; j < c.t(); j++) {
                    max = Math.max(max, logits[r * c.t() + j]);
                }
                math.softmaxRow(logits, again, r * c.t(), c.t(), max);
            }
            Arrays32.assertClose(c.name() + ": softmax of the logits made when read", got.weights().data(), again,
                    1e-7);
        }
    }

    /**
     * The projection and the heads in one ({@link ForwardBlocks#projectAndAttend}, the arrays made beside the
     * projection) give what the projection and then the heads give, twice in a row (its projection's array is
     * reused): Q, V and the scores bit for bit; two texts with padding, and 200 tokens spread over the cores.
     */
    @Test
    void projectingAndAttendingInOneGivesWhatTheTwoStepsGive() {
        assumeTrue(PackedWeights.available(), "the heap heads need the vector kernel");
        ForwardBlocks blocks = new ForwardBlocks();
        for (Case c : new Case[] {new Case("two texts, padding", 2, 13, 64, 4, false, new int[] {13, 6}),
            new Case("200 tokens", 1, 200, 384, 12, false, null)}) {
            Random rng = new Random(c.name().hashCode());
            int n = c.b() * c.t();
            float[] x = new float[n * c.d()];
            float[] w = new float[c.d() * 3 * c.d()];
            float[] bias = new float[3 * c.d()];
            for (float[] a : new float[][] {x, w, bias}) {
                for (int i = 0; i < a.length; i++) {
                    a[i] = (float) rng.nextGaussian() / 4;
                }
            }
            ForwardBlocks.Linear linear = ForwardBlocks.Linear.of(
                    Nd4j.create(w, new long[] {c.d(), 3 * c.d()},
                            DataType.FLOAT),
                    Nd4j.create(bias, new long[] {3 * c.d()},
                            DataType.FLOAT));
            float[] mask = mask(c);
            Tensor masks = mask == null ? null : Tensor.of(mask, c.b(), c.t(), c.t());
            Tensor rows = Tensor.of(x, n, c.d());
            ForwardBlocks.Attention two = blocks.selfAttention(blocks.linearOnHeap(rows, linear), c.b(), c.t(), c.h(),
                    0.25f, masks);
            for (int round = 0; round < 2; round++) {
                ForwardBlocks.Attention one = blocks.projectAndAttend(rows, linear, c.b(), c.t(), c.h(), 0.25f, masks,
                        null);
                String what = c.name() + ", round " + round + ": ";
                assertArrayEquals(two.q().toArray(), one.q().toArray(), what + "q");
                assertArrayEquals(two.v().toArray(), one.v().toArray(), what + "v");
                assertArrayEquals(two.scores().toArray(), one.scores().toArray(), what + "scores");
                // up to the last bits of exp, which the JIT's tiers may round differently (see above)
                Arrays32.assertClose(what + "weights", two.weights().toArray(), one.weights().toArray(), 1e-7);
                Arrays32.assertClose(what + "concatenation", two.concatenated().toArray(),
                        one.concatenated().toArray(), 1e-6);
                assertEquals(two.largestScore(), one.largestScore(), what + "largest |score|");
            }
        }
        assertThrows(IllegalArgumentException.class, () -> blocks.projectAndAttend(
                Tensor.of(new float[6 * 8], 6, 8), ForwardBlocks.Linear.of(Nd4j.create(
                        new float[8 * 24], new long[] {8, 24}, DataType.FLOAT), null),
                2, 2, 2, 1f, null, null), "6 rows are not 2 texts of 2 tokens");
    }

    @Test
    void aNaNInTheProjectionIsTheLargestScore() {
        assumeTrue(PackedWeights.available(), "the heap heads need the vector kernel");
        int t = 40;
        int d = 64;
        float[] qkv = new float[t * 3 * d];
        Random rng = new Random(5);
        for (int i = 0; i < qkv.length; i++) {
            qkv[i] = (float) rng.nextGaussian();
        }
        qkv[7 * 3 * d + d + 3] = Float.NaN;                                  // a key of token 7
        ForwardBlocks.Attention got = new ForwardBlocks().selfAttention(Tensor.of(qkv, t, 3 * d), 1, t, 4, 0.25f, null);
        assertTrue(Float.isNaN(got.largestScore()), "largest |score| " + got.largestScore());
    }

    /** 1 where a key is hidden: padding keys of each text, and later keys where causal; null for none. */
    private static float[] mask(Case c) {
        if (!c.causal() && c.lengths() == null) {
            return null;
        }
        float[] mask = new float[c.b() * c.t() * c.t()];
        for (int bi = 0; bi < c.b(); bi++) {
            int length = c.lengths() == null ? c.t() : c.lengths()[bi];
            for (int i = 0; i < c.t(); i++) {
                for (int j = 0; j < c.t(); j++) {
                    boolean hidden = j >= length || (c.causal() && j > i);
                    mask[(bi * c.t() + i) * c.t() + j] = hidden ? 1f : 0f;
                }
            }
        }
        return mask;
    }

    private record Reference(double[] scores, double[] weights, double[] heads, double[] context, double largest) {
    }

    /** The definition, in double: per text and head, Q K^T, masked and scaled logits, softmax, weights V. */
    private static Reference reference(float[] qkv, float[] mask, float factor, Case c) {
        int b = c.b();
        int t = c.t();
        int d = c.d();
        int h = c.h();
        int hd = d / h;
        double[] scores = new double[b * h * t * t];
        double[] weights = new double[scores.length];
        double[] heads = new double[b * h * t * hd];
        double[] context = new double[b * t * d];
        double largest = 0;
        for (int bi = 0; bi < b; bi++) {
            for (int hi = 0; hi < h; hi++) {
                for (int i = 0; i < t; i++) {
                    int row = ((bi * h + hi) * t + i) * t;
                    double max = Double.NEGATIVE_INFINITY;
                    double[] logits = new double[t];
                    for (int j = 0; j < t; j++) {
                        double sum = 0;
                        for (int e = 0; e < hd; e++) {
                            sum += (double) qkv[(bi * t + i) * 3 * d + hi * hd + e]
                                    * qkv[(bi * t + j) * 3 * d + d + hi * hd + e];
                        }
                        scores[row + j] = sum;
                        largest = Math.max(largest, Math.abs(sum));
                        boolean hidden = mask != null && mask[(bi * t + i) * t + j] != 0f;
                        logits[j] = hidden ? Double.NEGATIVE_INFINITY : sum * factor;
                        max = Math.max(max, logits[j]);
                    }
                    double total = 0;
                    for (int j = 0; j < t; j++) {
                        weights[row + j] = max == Double.NEGATIVE_INFINITY ? 0 : Math.exp(logits[j] - max);
                        total += weights[row + j];
                    }
                    for (int j = 0; j < t; j++) {
                        weights[row + j] = total == 0 ? 0 : weights[row + j] / total;
                    }
                    for (int e = 0; e < hd; e++) {
                        double sum = 0;
                        for (int j = 0; j < t; j++) {
                            sum += weights[row + j] * qkv[(bi * t + j) * 3 * d + 2 * d + hi * hd + e];
                        }
                        heads[((bi * h + hi) * t + i) * hd + e] = sum;
                        context[(bi * t + i) * d + hi * hd + e] = sum;
                    }
                }
            }
        }
        return new Reference(scores, weights, heads, context, largest);
    }

    private static void close(String what, double[] want, float[] got, double atol) {
        assertEquals(want.length, got.length, what + ": size");
        for (int i = 0; i < want.length; i++) {
            if (!(Math.abs(got[i] - want[i]) <= atol + Arrays32.RTOL * Math.abs(want[i]))) {
                throw new AssertionError(what + ": at flat index " + i + " got " + got[i] + ", want " + want[i]);
            }
        }
    }
}
