package org.attentionexplainer.lesson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Steps 1–4 of "Hello shiny sun!" against the course's published figures. */
class SimpleAttentionTest {
    private static SimpleAttention lesson;
    private static QueryBreakdown shiny;

    @BeforeAll
    static void compute() {
        lesson = SimpleAttention.compute(new AttentionEngine(), CourseExample.helloShinySun());
        shiny = lesson.query(CourseExample.HELLO_QUERY);
    }

    @Test
    void scoresAreWrittenOutTermByTerm() {
        DotProduct hello = shiny.scores().get(0);
        // 0.34×0.53 + 0.22×0.34 + 0.54×0.98 = 0.1802 + 0.0748 + 0.5292 = 0.7842
        assertEquals(List.of(new Term(0.34, 0.53), new Term(0.22, 0.34), new Term(0.54, 0.98)), hello.terms());
        assertEquals(0.1802, hello.terms().get(0).product(), 1e-12);
        assertEquals(0.0748, hello.terms().get(1).product(), 1e-12);
        assertEquals(0.5292, hello.terms().get(2).product(), 1e-12);
        assertEquals(0.7842, hello.exactSum(), 1e-12);
    }

    @Test
    void scoresOfShinyAreThePublishedOnes() {
        double[] expected = {0.7842, 1.3569, 1.2487};
        for (int j = 0; j < 3; j++) {
            assertEquals(expected[j], shiny.scores().get(j).value(), 5e-5);
            assertEquals(expected[j], shiny.scores().get(j).exactSum(), 1e-12);
        }
    }

    @Test
    void softmaxShowsExponentialsTheirSumAndWeightsThatSumToOne() {
        assertEquals(0.0, shiny.shift());
        // e^0.7842, e^1.3569, e^1.2487 by hand: 2.1907, 3.8841, 3.4858; sum 9.5606
        assertArrayEquals(new double[] {2.1907, 3.8841, 3.4858}, shiny.exponentials(), 1e-4);
        assertEquals(9.5606, shiny.exponentialSum(), 1e-4);
        assertArrayEquals(new double[] {0.2291, 0.4063, 0.3646}, shiny.weights(), 5e-5);
        assertEquals(1.0, shiny.weightSum(), 1e-6);
    }

    @Test
    void contextIsTheExactWeightedSumNotTheNotesRoundedOne() {
        double[] exact = {0.3990, 0.3854, 0.8610};
        assertArrayEquals(exact, shiny.context(), 5e-5);
        assertArrayEquals(exact, shiny.contextFromTerms(), 5e-5);
        // 0.2291 × [0.34, 0.22, 0.54] = [0.0779, 0.0504, 0.1237]
        assertArrayEquals(new double[] {0.0779, 0.0504, 0.1237}, shiny.weightedEmbeddings().get(0), 1e-4);
        double[] notes = CourseExample.notesContext();
        assertArrayEquals(new double[] {0.3992, 0.3858, 0.8610}, notes);
        assertTrue(Math.abs(notes[1] - shiny.context()[1]) > 3e-4, "the notes' rounded figure differs");
        assertTrue(lesson.isCourseExample());
    }

    @Test
    void allQueriesAtOnceGiveThe3x3Matrices() {
        // Row "shiny" of the matrices is steps 1–2 again; the matrix of dot products is symmetric.
        assertArrayEquals(new double[] {0.7842, 1.3569, 1.2487}, lesson.scores().row(1), 5e-5);
        assertArrayEquals(new double[] {0.2291, 0.4063, 0.3646}, lesson.weights().row(1), 5e-5);
        // Hello·Hello = 0.34² + 0.22² + 0.54² = 0.4556; sun·sun = 0.29² + 0.54² + 0.93² = 1.2406
        assertEquals(0.4556, lesson.scores().get(0, 0), 5e-5);
        assertEquals(1.2406, lesson.scores().get(2, 2), 5e-5);
        assertEquals(lesson.scores().get(0, 2), lesson.scores().get(2, 0), 1e-6);
        for (int i = 0; i < 3; i++) {
            double sum = 0;
            for (double w : lesson.weights().row(i)) {
                sum += w;
            }
            assertEquals(1.0, sum, 1e-6);
        }
    }

    @Test
    void anotherQueryReplaysTheStepsForIt() {
        QueryBreakdown sun = lesson.query(2);
        // 0.29×0.34 + 0.54×0.22 + 0.93×0.54 = 0.0986 + 0.1188 + 0.5022 = 0.7196
        assertEquals(0.7196, sun.scores().get(0).value(), 5e-5);
        assertEquals(1.2487, sun.scores().get(1).value(), 5e-5);
        assertEquals(1.2406, sun.scores().get(2).value(), 5e-5);
        assertEquals(1.0, sun.weightSum(), 1e-6);
    }

    @Test
    void largeScoresAreShiftedSoTheExponentialsStayFinite() {
        SimpleAttention big = SimpleAttention.compute(new AttentionEngine(),
                List.of(Token.of("a", 30, 0, 0), Token.of("b", 29, 0, 0)));
        QueryBreakdown a = big.query(0);
        assertEquals(900.0, a.shift(), 1e-3);
        // e^(900 − 900) = 1, e^(870 − 900) = e^−30
        assertArrayEquals(new double[] {1.0, Math.exp(-30)}, a.exponentials(), 1e-6);
        assertEquals(1.0, a.weights()[0], 1e-6);
        assertFalse(big.isCourseExample());
    }
}
