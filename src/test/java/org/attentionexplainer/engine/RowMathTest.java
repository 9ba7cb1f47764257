package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * Both row implementations against softmax in double precision (Math.exp, sums in order), on
 * rows of every length around the vector width, so that the vector loops and their scalar
 * tails are both exercised; and against figures worked out by hand.
 */
class RowMathTest {
    static List<RowMath> implementations() {
        return List.of(new ScalarRowMath(), new VectorRowMath());
    }

    @Test
    void theTestsRunWithTheVectorApi() {
        // surefire starts Java with --add-modules jdk.incubator.vector, as the launcher does
        assertTrue(RowMath.best() instanceof VectorRowMath, RowMath.best().describe());
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void softmaxOfTheWorkedExampleRow(RowMath math) {
        // softmax([1, 2, 3]) = e^{-2,-1,0} / (e^-2 + e^-1 + 1) = [0.09003057, 0.24472847, 0.66524096]
        float[] w = new float[3];
        math.softmax(new float[] {1f, 2f, 3f}, w, 0, 1, 3);
        assertArrayEquals(new float[] {0.09003057f, 0.24472847f, 0.66524096f}, w, 1e-7f);
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void softmaxMatchesDoublePrecisionAtEveryLength(RowMath math) {
        Random rng = new Random(3);
        for (int s = 1; s <= 70; s++) {
            int rows = 3;
            float[] x = new float[rows * s];
            for (int i = 0; i < x.length; i++) {
                x[i] = (float) (rng.nextGaussian() * 6);
            }
            x[s / 2] = Float.NEGATIVE_INFINITY;                 // a hidden key in row 0 (not computed)
            if (s > 1) {
                x[2 * s + s / 3] = Float.NEGATIVE_INFINITY;     // and one in row 2
            }
            float[] w = new float[x.length];
            math.softmax(x, w, 1, rows, s);                     // rows 1 and 2 only
            for (int j = 0; j < s; j++) {
                assertEquals(0f, w[j], "row 0 is not touched");
            }
            for (int r = 1; r < rows; r++) {
                double max = Double.NEGATIVE_INFINITY;
                for (int j = 0; j < s; j++) {
                    max = Math.max(max, x[r * s + j]);
                }
                double sum = 0;
                for (int j = 0; j < s; j++) {
                    sum += Math.exp(x[r * s + j] - max);
                }
                for (int j = 0; j < s; j++) {
                    double want = Math.exp(x[r * s + j] - max) / sum;   // 0 for a hidden key
                    assertEquals(want, w[r * s + j], 2e-7 + 4e-6 * want, "s " + s + " row " + r + " key " + j);
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void logitsScaleAndHideMaskedKeysAndARowWithNoKeyIsZero(RowMath math) {
        int s = 37;                                             // not a multiple of any vector width
        float[] scores = new float[2 * s];
        float[] mask = new float[2 * s];
        for (int j = 0; j < s; j++) {
            scores[j] = j - 10f;
            scores[s + j] = 0.5f * j;
            mask[j] = j % 3 == 0 ? 1f : 0f;                     // row 0: every third key hidden
            mask[s + j] = 1f;                                   // row 1: every key hidden
        }
        float[] logits = new float[2 * s];
        float max0 = math.logits(scores, logits, 0, s, 0.125f, mask, 0);
        float max1 = math.logits(scores, logits, s, s, 0.125f, mask, s);
        for (int j = 0; j < s; j++) {
            assertEquals(j % 3 == 0 ? Float.NEGATIVE_INFINITY : (j - 10f) / 8f, logits[j], "key " + j);
            assertEquals(Float.NEGATIVE_INFINITY, logits[s + j]);
        }
        assertEquals((35 - 10f) / 8f, max0, "key 36 is hidden, 35 is the largest seen");
        assertEquals(Float.NEGATIVE_INFINITY, max1);
        float[] w = new float[2 * s];
        java.util.Arrays.fill(w, 9f);
        math.softmaxRow(logits, w, 0, s, max0);
        math.softmaxRow(logits, w, s, s, max1);
        double sum = 0;
        for (int j = 0; j < s; j++) {
            sum += w[j];
            if (j % 3 == 0) {
                assertEquals(0f, w[j], "hidden key " + j);
            }
            assertEquals(0f, w[s + j], "a query with no key to attend to gets no weight, not NaN");
        }
        assertEquals(1.0, sum, 1e-6);
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void geluMatchesPyTorch(RowMath math) {
        // torch.nn.functional.gelu (exact, erf) in float64
        float[] x = {-8f, -5.5f, -3f, -2.25f, -1f, -0.5f, -0.125f, 0f, 0.0625f, 0.3f, 0.75f, 1f, 1.7f, 2.5f, 3.5f, 4f,
            6f, 9f, -0.9f, 1.25f};
        double[] expected = {-4.88498131e-15, -1.04442594e-07, -0.00404969409, -0.0275050635, -0.158655254,
            -0.154268769, -0.0562827219, 0, 0.0328073543, 0.185373427, 0.580029486, 0.841344746, 1.62423871,
            2.48447584, 3.4991858, 3.99987332, 5.99999999, 9, -0.165654113, 1.11793778};
        float[] row = new float[x.length + 3];
        System.arraycopy(x, 0, row, 2, x.length);
        row[0] = 7f;
        row[row.length - 1] = -7f;
        math.gelu(row, 2, x.length);
        for (int i = 0; i < x.length; i++) {
            assertEquals(expected[i], row[2 + i], 1e-6 + 2e-7 * Math.abs(x[i]), "gelu(" + x[i] + ")");
        }
        assertEquals(7f, row[0], "before the row");
        assertEquals(-7f, row[row.length - 1], "after the row");
    }

    /**
     * GELU on a dense grid of [-10, 10] against erf in double precision by Abramowitz and Stegun's
     * series 7.1.6, erf(z) = 2/sqrt(pi) e^(-z^2) sum 2^n z^(2n+1) / (1 3 5 ... (2n+1)), whose terms are
     * all positive (no cancellation), within the tolerance of {@link #geluMatchesPyTorch}; a NaN stays NaN.
     */
    @ParameterizedTest
    @MethodSource("implementations")
    void geluOnADenseGridMatchesErfBySeries(RowMath math) {
        int count = 40_001;
        float[] x = new float[count + 1];
        for (int i = 0; i < count; i++) {
            x[i] = -10f + 20f * i / (count - 1);
        }
        x[count] = Float.NaN;
        math.gelu(x, 0, x.length);
        for (int i = 0; i < count; i++) {
            double v = (float) (-10.0 + 20.0 * i / (count - 1));
            double want = 0.5 * v * (1 + erfBySeries(v / Math.sqrt(2)));
            assertEquals(want, x[i], 1e-6 + 2e-7 * Math.abs(v), "gelu(" + v + ")");
        }
        assertTrue(Float.isNaN(x[count]), "gelu(NaN)");
    }

    /**
     * exp of what the softmax hands it, x - max <= 0, against Math.exp in double on a dense grid of [-87.3, 0]:
     * within one ulp of the float result (the vector one is a polynomial of its own); below float's smallest normal
     * 0 or the true tiny value, -inf gives 0, NaN stays NaN, and the sum returned is the values' sum.
     */
    @ParameterizedTest
    @MethodSource("implementations")
    void expOfTheSoftmaxIsWithinOneUlp(RowMath math) {
        int count = 100_003;
        float[] x = new float[count + 4];
        for (int i = 0; i < count; i++) {
            x[i] = -87.3f * i / (count - 1);
        }
        x[count] = Float.NEGATIVE_INFINITY;
        x[count + 1] = -100f;
        x[count + 2] = -87.34f;
        x[count + 3] = Float.NaN;
        float[] w = new float[x.length];
        math.exp(x, w, 0, count + 3, 0f);
        double sum = 0;
        for (int i = 0; i < count; i++) {
            double want = Math.exp(x[i]);
            assertEquals(want, w[i], Math.ulp((float) want), "exp(" + x[i] + ")");
            sum += w[i];
        }
        assertEquals(0f, w[count], "exp(-inf)");
        assertTrue(w[count + 1] <= Float.MIN_NORMAL && w[count + 2] <= Float.MIN_NORMAL, "under the smallest normal");
        float total = math.exp(x, w, 0, count, 0f);
        assertEquals(sum, total, 1e-3 * sum, "the sum, in float (100 003 values)");
        math.exp(x, w, count + 3, 1, 0f);
        assertTrue(Float.isNaN(w[count + 3]), "exp(NaN)");
        float[] row = {Float.NaN, -1f, -2f, -3f, -4f, -5f, -6f, -7f, -8f, -9f, -10f, -11f, -12f, -13f, -14f, -15f, -16f};
        math.exp(row, row, 0, row.length, 0f);
        assertTrue(Float.isNaN(row[0]), "exp(NaN) in a whole vector");
        assertEquals(Math.exp(-16), row[16], Math.ulp((float) Math.exp(-16)));
    }

    /** The vector GELU does the scalar one's operations in the same order: the same floats, tails and all. */
    @Test
    void vectorAndScalarGeluAgreeBitForBit() {
        Random random = new Random(11);
        float[] x = new float[1000];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) (random.nextGaussian() * 4);
        }
        float[] scalar = x.clone();
        float[] vector = x.clone();
        new ScalarRowMath().gelu(scalar, 3, 997);
        new VectorRowMath().gelu(vector, 3, 997);
        assertArrayEquals(scalar, vector);
    }

    private static double erfBySeries(double z) {
        double a = Math.abs(z);
        double term = a;
        double sum = a;
        for (int n = 1; term > 1e-17 * sum; n++) {
            term *= 2 * a * a / (2 * n + 1);
            sum += term;
        }
        double erf = 2 / Math.sqrt(Math.PI) * Math.exp(-a * a) * sum;
        return z < 0 ? -erf : erf;
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void layerNormMatchesPyTorch(RowMath math) {
        // torch.nn.functional.layer_norm(x, (37,), gamma, beta, eps=1e-12) in float64
        float[] x = {-5.0f, -2.83f, -0.66f, -2.99f, -0.82f, -3.15f, -0.98f, 1.19f, -1.14f, 1.03f, -1.3f, 0.87f, 3.04f,
            0.71f, 2.88f, 0.55f, 2.72f, 4.89f, 2.56f, 4.73f, 2.4f, 4.57f, 6.74f, 4.41f, 6.58f, 4.25f, 6.42f, 8.59f,
            6.26f, 8.43f, 6.1f, 8.27f, 10.44f, 8.11f, 10.28f, 7.95f, 10.12f};
        float[] gamma = {0.9f, 1.05f, 1.2f, 1.0f, 1.15f, 0.95f, 1.1f, 0.9f, 1.05f, 1.2f, 1.0f, 1.15f, 0.95f, 1.1f, 0.9f,
            1.05f, 1.2f, 1.0f, 1.15f, 0.95f, 1.1f, 0.9f, 1.05f, 1.2f, 1.0f, 1.15f, 0.95f, 1.1f, 0.9f, 1.05f, 1.2f, 1.0f,
            1.15f, 0.95f, 1.1f, 0.9f, 1.05f};
        float[] beta = {-0.05f, 0.05f, -0.03f, 0.07f, -0.01f, 0.09f, 0.01f, 0.11f, 0.03f, -0.05f, 0.05f, -0.03f, 0.07f,
            -0.01f, 0.09f, 0.01f, 0.11f, 0.03f, -0.05f, 0.05f, -0.03f, 0.07f, -0.01f, 0.09f, 0.01f, 0.11f, 0.03f, -0.05f,
            0.05f, -0.03f, 0.07f, -0.01f, 0.09f, 0.01f, 0.11f, 0.03f, -0.05f};
        double[] expected = {-1.8731043, -1.5282332, -1.2065844, -1.4716114, -1.181872, -1.4111363, -1.1533064,
            -0.3714631, -1.1208876, -0.73818938, -1.0846156, -0.73382679, -0.014959482, -0.72561099, -0.025166864,
            -0.71354197, -0.089794396, 0.38609693, -0.2857816, 0.35168654, -0.29791559, 0.32112937, 0.83170614,
            0.37860058, 0.77309275, 0.34226359, 0.71833257, 1.3218681, 0.66742561, 1.2390518, 0.84699557, 1.1600886,
            2.036583, 1.0849786, 1.9295635, 1.0137218, 1.6463974};
        float[] rows = new float[5 + x.length];
        System.arraycopy(x, 0, rows, 5, x.length);
        float[] y = new float[rows.length];
        math.layerNorm(rows, y, 5, x.length, gamma, beta, 1e-12f);
        for (int j = 0; j < x.length; j++) {
            assertEquals(expected[j], y[5 + j], 2e-6, "value " + j);
        }
        assertEquals(0f, y[4], "before the row");
        math.layerNorm(rows, rows, 5, x.length, gamma, beta, 1e-12f);       // in place
        for (int j = 0; j < x.length; j++) {
            assertEquals(y[5 + j], rows[5 + j], "in place, value " + j);
        }
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void maxAbsFindsTheLargestMagnitudeAndKeepsNaN(RowMath math) {
        for (int s = 1; s <= 40; s++) {
            float[] x = new float[s + 2];
            for (int j = 0; j < x.length; j++) {
                x[j] = (j % 3 - 1) * 0.5f * j;
            }
            x[0] = -1e30f;                                       // outside the row
            x[1 + (s * 5) / 7] = -99f;
            assertEquals(99f, math.maxAbs(x, 1, s), "length " + s);
            x[1 + s / 2] = Float.NaN;
            assertTrue(Float.isNaN(math.maxAbs(x, 1, s)), "NaN at length " + s);
            x[1 + s / 2] = Float.NEGATIVE_INFINITY;
            assertEquals(Float.POSITIVE_INFINITY, math.maxAbs(x, 1, s), "infinity at length " + s);
        }
        assertEquals(0f, math.maxAbs(new float[0], 0, 0));
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void maxAbsAndLogitsInOnePassGiveTheLargestMagnitudeAndTheMaskedScaledRow(RowMath math) {
        Random rng = new Random(5);
        float factor = 0.17677669f;                               // 1 / sqrt(32)
        for (int s = 1; s <= 40; s++) {
            float[] x = new float[s + 3];
            float[] mask = new float[s + 1];
            for (int j = 0; j < x.length; j++) {
                x[j] = (float) (rng.nextGaussian() * 8);
            }
            for (int j = 0; j < mask.length; j++) {
                mask[j] = j % 4 == 1 ? 1f : 0f;
            }
            float largestAbs = 0f;
            float largestLogit = Float.NEGATIVE_INFINITY;
            float[] expected = x.clone();
            for (int j = 0; j < s; j++) {
                largestAbs = Math.max(largestAbs, Math.abs(x[2 + j]));
                expected[2 + j] = mask[1 + j] != 0f ? Float.NEGATIVE_INFINITY : x[2 + j] * factor;
                largestLogit = Math.max(largestLogit, expected[2 + j]);
            }
            float[] logit = new float[1];
            float abs = math.maxAbsAndLogits(x, x, 2, s, factor, mask, 1, logit);    // in place, as the forward runs it
            assertEquals(largestAbs, abs, "largest |score| at length " + s);
            assertEquals(largestLogit, logit[0], "largest logit at length " + s);
            assertArrayEquals(expected, x, "logits at length " + s);
        }
        float[] withNaN = {1f, Float.NaN, -3f};
        float[] logit = new float[1];
        assertTrue(Float.isNaN(math.maxAbsAndLogits(withNaN, withNaN.clone(), 0, 3, 1f, null, 0, logit)));
    }

    /**
     * The softmax straight from the scores gives what the two calls it stands for give (to the last bit of an exp)
     * at every length around two vectors' width, with and without a mask, a row the mask hides whole (zeros), and
     * a NaN (the largest |score| NaN); against the definition in double too.
     */
    @ParameterizedTest
    @MethodSource("implementations")
    void softmaxOfScoresIsTheLogitsThenTheSoftmax(RowMath math) {
        Random rng = new Random(9);
        float factor = 0.17677669f;                               // 1 / sqrt(32)
        for (int s = 1; s <= 70; s++) {
            for (boolean masked : new boolean[] {false, true}) {
                float[] x = new float[s + 3];
                for (int j = 0; j < x.length; j++) {
                    x[j] = (float) (rng.nextGaussian() * 8);
                }
                float[] mask = new float[s + 1];
                for (int j = 0; j < mask.length; j++) {
                    mask[j] = masked && j % 3 == 2 ? 1f : 0f;
                }
                float[] twoCalls = x.clone();
                float[] logit = new float[1];
                float abs = math.maxAbsAndLogits(twoCalls, twoCalls, 2, s, factor, masked ? mask : null, 1, logit);
                math.softmaxRow(twoCalls, twoCalls, 2, s, logit[0]);
                float[] one = x.clone();
                String at = "length " + s + (masked ? ", masked" : "");
                assertEquals(abs, math.softmaxOfScores(one, 2, s, factor, masked ? mask : null, 1), at);
                // the same operations in the same order: equal, but for the last bit of an exp that one of the
                // JIT's tiers computes (the vector API's exp before C2 compiles it rounds differently)
                for (int j = 0; j < one.length; j++) {
                    assertEquals(twoCalls[j], one[j], 2 * Math.ulp(twoCalls[j]), at + " at " + j);
                }
                double max = Double.NEGATIVE_INFINITY;
                for (int j = 0; j < s; j++) {
                    if (!masked || mask[1 + j] == 0f) {
                        max = Math.max(max, (double) x[2 + j] * factor);
                    }
                }
                double sum = 0;
                for (int j = 0; j < s; j++) {
                    sum += !masked || mask[1 + j] == 0f ? Math.exp((double) x[2 + j] * factor - max) : 0;
                }
                for (int j = 0; j < s; j++) {
                    double want = !masked || mask[1 + j] == 0f ? Math.exp((double) x[2 + j] * factor - max) / sum : 0;
                    assertEquals(want, one[2 + j], 1e-6, at + " at " + j);
                }
                assertEquals(x[0], one[0], at + ": before the row");
                assertEquals(x[s + 2], one[s + 2], at + ": after the row");
            }
        }
        float[] hidden = {3f, -1f, 2f};
        assertEquals(3f, math.softmaxOfScores(hidden, 0, 3, 1f, new float[] {1f, 1f, 1f}, 0));
        assertArrayEquals(new float[] {0f, 0f, 0f}, hidden, "a row the mask hides whole");
        float[] withNaN = {1f, Float.NaN, -3f};
        assertTrue(Float.isNaN(math.softmaxOfScores(withNaN, 0, 3, 1f, null, 0)));
    }
}
