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
}
