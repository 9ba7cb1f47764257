package org.attentionexplainer.lesson.heads;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Every expected number below is worked out by hand in the comment beside it. */
class HeadDetectorsTest {
    /** A causal map of four rows; tokens 7 8 7 8 (the second pair repeats the first). */
    private static final float[][] W = {
        {1f, 0f, 0f, 0f},
        {0.25f, 0.75f, 0f, 0f},
        {0.1f, 0.6f, 0.3f, 0f},
        {0.2f, 0.1f, 0.5f, 0.2f},
    };
    private static final int[] TOKENS = {7, 8, 7, 8};

    @Test
    void previousTokenIsTheMeanWeightJustBeforeTheQuery() {
        // rows 1..3: w[1][0] = 0.25, w[2][1] = 0.6, w[3][2] = 0.5 -> 1.35 / 3 = 0.45
        assertEquals(0.45, HeadDetectors.previousToken(W).getAsDouble(), 1e-7);
    }

    @Test
    void firstTokenLeavesOutRowZero() {
        // rows 1..3: 0.25, 0.1, 0.2 -> 0.55 / 3
        assertEquals(0.55 / 3, HeadDetectors.firstToken(W).getAsDouble(), 1e-7);
    }

    @Test
    void inductionLooksAtTheKeyAfterTheLastEarlierOccurrence() {
        // row 2 (token 7, seen at 0) -> key 1: 0.6; row 3 (token 8, seen at 1) -> key 2: 0.5; rows 0, 1 have
        // no earlier occurrence -> (0.6 + 0.5) / 2 = 0.55
        assertEquals(0.55, HeadDetectors.induction(W, TOKENS).getAsDouble(), 1e-7);
        // tokens 5 5 5 5: row 1 -> key 1 (0.75), row 2 -> last earlier is 1 -> key 2 (0.3), row 3 -> key 3 (0.2)
        assertEquals((0.75 + 0.3 + 0.2) / 3, HeadDetectors.induction(W, new int[] {5, 5, 5, 5}).getAsDouble(), 1e-7);
        assertFalse(HeadDetectors.induction(W, new int[] {1, 2, 3, 4}).isPresent(), "no repeated token, no score");
    }

    @Test
    void delimiterSumsTheWeightOnTheGivenPositions() {
        // positions {0, 2}: rows 1 + 0, 0.25 + 0, 0.1 + 0.3, 0.2 + 0.5 -> (1 + 0.25 + 0.4 + 0.7) / 4 = 0.5875
        assertEquals(0.5875, HeadDetectors.delimiter(W, new int[] {0, 2}).getAsDouble(), 1e-7);
        assertFalse(HeadDetectors.delimiter(W, new int[0]).isPresent());
        assertArrayEquals(new int[] {1, 3}, HeadDetectors.positionsOf(TOKENS, id -> id == 8));
    }

    @Test
    void broadIsTheMeanRowEntropyInNats() {
        float[][] w = {{1f, 0f}, {0.5f, 0.5f}};
        // row 0: 0; row 1: -2 * 0.5 ln 0.5 = ln 2 -> ln 2 / 2
        assertEquals(Math.log(2) / 2, HeadDetectors.broad(w).getAsDouble(), 1e-7);
    }

    @Test
    void severalSequencesPoolTheirRows() {
        float[][] a = {{1f, 0f}, {0.8f, 0.2f}};
        // a: one previous-token row (0.8); W: three (0.25, 0.6, 0.5) -> (0.8 + 1.35) / 4 = 0.5375,
        // not the mean of the two means ((0.8 + 0.45) / 2 = 0.625)
        HeadScores s = HeadDetectors.score(List.of(a, W), List.of(new int[] {1, 2}, TOKENS),
                List.of(new int[0], new int[0]));
        assertEquals(0.5375, s.previousToken().getAsDouble(), 1e-7);
        // induction: only W has repeated tokens -> 0.55
        assertEquals(0.55, s.induction().getAsDouble(), 1e-7);
    }

    @Test
    void surveyScoresEveryLayerAndHead() {
        float[][] ident = {{1f, 0f, 0f, 0f}, {0f, 1f, 0f, 0f}, {0f, 0f, 1f, 0f}, {0f, 0f, 0f, 1f}};
        float[][][][] model = {{W, ident}, {ident, W}};
        List<List<HeadScores>> scores = HeadDetectors.survey(List.of(new HeadDetectors.Sample(model, TOKENS),
                new HeadDetectors.Sample(model, TOKENS)));
        assertEquals(2, scores.size());
        assertEquals(0.45, scores.get(0).get(0).previousToken().getAsDouble(), 1e-7);
        // the identity map puts no weight before the query, and a one-hot row has entropy 0
        assertEquals(0.0, scores.get(0).get(1).previousToken().getAsDouble(), 0);
        assertEquals(0.0, scores.get(1).get(0).broad().getAsDouble(), 0);
        assertEquals(0.55, scores.get(1).get(1).induction().getAsDouble(), 1e-7);
    }

    @Test
    void shortAndMismatchedInputs() {
        float[][] one = {{1f}};
        assertFalse(HeadDetectors.previousToken(one).isPresent(), "one token has no previous one");
        assertEquals(0.0, HeadDetectors.broad(one).getAsDouble(), 0);
        assertThrows(IllegalArgumentException.class, () -> HeadDetectors.induction(W, new int[] {1, 2}));
        assertThrows(IllegalArgumentException.class, () -> HeadDetectors.delimiter(W, new int[] {4}));
        assertThrows(IllegalArgumentException.class, () -> HeadDetectors.broad(new float[][] {{1f, 0f}}));
        assertThrows(IllegalArgumentException.class, () -> HeadDetectors.broad(new float[][] {{Float.NaN}}));
    }
}
