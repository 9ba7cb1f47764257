package org.attentionexplainer.lesson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.attentionexplainer.engine.AttentionEngine;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * "Your journey starts with one step" through the textbook's {@code SelfAttention_v2} after
 * {@code torch.manual_seed(789)}: the numbers printed in the book (and by PyTorch).
 */
class TrainableAttentionTest {
    private static TrainableAttention lesson;

    @BeforeAll
    static void compute() {
        ProjectionWeights w = ProjectionWeights.fromSeed(CourseExample.SEED, CourseExample.D_IN, CourseExample.D_OUT);
        lesson = TrainableAttention.compute(new AttentionEngine(), CourseExample.yourJourneyStartsWithOneStep(), w);
    }

    @Test
    void seed789GivesTheTextbooksWeights() {
        // PyTorch: sa_v2.W_query.weight.T, W_key.weight.T, W_value.weight.T after manual_seed(789)
        ProjectionWeights w = lesson.weights();
        assertArrayEquals(new double[] {0.3161, -0.1683, 0.4568, -0.3379, 0.5118, -0.0918}, w.query().data(), 5e-5);
        assertArrayEquals(new double[] {0.4058, 0.2134, -0.4704, -0.2601, 0.2368, -0.5105}, w.key().data(), 5e-5);
        assertArrayEquals(new double[] {0.2526, 0.5191, -0.1415, -0.0852, -0.1962, -0.2043}, w.value().data(), 5e-5);
    }

    @Test
    void contextVectorsAreTheTextbooks() {
        double[][] book = {
            {-0.0739, 0.0713}, {-0.0748, 0.0703}, {-0.0749, 0.0702},
            {-0.0760, 0.0685}, {-0.0763, 0.0679}, {-0.0754, 0.0693}};
        for (int i = 0; i < book.length; i++) {
            assertArrayEquals(book[i], lesson.context().row(i), 5e-5, "row " + i);
        }
    }

    @Test
    void attentionWeightsAreTheTextbooks() {
        assertArrayEquals(new double[] {0.1921, 0.1646, 0.1652, 0.1550, 0.1721, 0.1510}, lesson.attention().row(0), 5e-5);
        assertArrayEquals(new double[] {0.2041, 0.1659, 0.1662, 0.1496, 0.1665, 0.1477}, lesson.attention().row(1), 5e-5);
    }

    @Test
    void scoresAreDividedBySqrtDk() {
        assertEquals(2, lesson.dk());
        assertEquals(1 / Math.sqrt(2), lesson.scale(), 1e-9);
        // PyTorch: (q @ k.T)[1] for "journey"
        assertArrayEquals(new double[] {0.4656, 0.1723, 0.1751, 0.0259, 0.1771, 0.0085}, lesson.scores().row(1), 5e-5);
        for (int j = 0; j < 6; j++) {
            assertEquals(lesson.scores().get(1, j) / Math.sqrt(2), lesson.scaled().get(1, j), 1e-6);
        }
    }

    @Test
    void projectionsAreWrittenOutTermByTerm() {
        // q_journey = x_journey W_query = [0.9091, -0.4471] (PyTorch)
        DotProduct first = lesson.queryProjection(1).get(0);
        assertEquals(0.55, first.terms().get(0).left());
        assertEquals(0.3161, first.terms().get(0).right(), 5e-5);
        assertEquals(0.9091, first.value(), 5e-5);
        assertEquals(first.value(), first.exactSum(), 1e-6);
        assertEquals(-0.4471, lesson.queryProjection(1).get(1).value(), 5e-5);
        DotProduct score = lesson.scoreRow(1).get(0);
        assertEquals(score.value(), score.exactSum(), 1e-6);
        DotProduct context = lesson.contextRow(1).get(0);
        assertEquals(-0.0748, context.value(), 5e-5);
        assertEquals(context.value(), context.exactSum(), 1e-6);
    }

    @Test
    void anotherSeedGivesOtherWeights() {
        ProjectionWeights other = ProjectionWeights.fromSeed(123, 3, 2);
        assertNotEquals(lesson.weights().query(), other.query());
    }
}
