package org.attentionexplainer.lesson.tinygpt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.tinygpt.ShippedModel;
import org.attentionexplainer.engine.tinygpt.TinyGpt;
import org.junit.jupiter.api.Test;

/**
 * The shipped model reaches the numbers the course promises, on 200 held-out repeated sequences:
 * an induction head in layer 2 and a previous-token head in layer 1, each at least 0.9, and at
 * least 95 % of the repeat's predictable symbols named. The thresholds are the issue's, not this
 * model's results; what it scored is in docs/tiny-gpt.md.
 */
class TinyGptScoresTest {
    @Test
    void theShippedModelHasAnInductionAndAPreviousTokenHeadAndCopiesTheRepeat() throws IOException {
        TinyGptScores scores = TinyGptScores.heldOut(new TinyGpt(ShippedModel.load().weights(), new AttentionEngine()));
        assertEquals(200, scores.sequences());
        TinyGptScores.Best induction = scores.bestInduction();
        TinyGptScores.Best previous = scores.bestPreviousToken();
        assertEquals(1, induction.layer(), "the induction head is in layer 2");
        assertEquals(0, previous.layer(), "the previous-token head is in layer 1");
        assertTrue(induction.score() >= 0.9, "induction " + induction);
        assertTrue(previous.score() >= 0.9, "previous-token " + previous);
        assertTrue(scores.accuracy() >= 0.95, "next-symbol accuracy on the repeat " + scores.accuracy());
    }
}
