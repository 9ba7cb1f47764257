package org.attentionexplainer.lesson.chapters;

import static org.attentionexplainer.lesson.chapters.Golden.assertClose;
import static org.attentionexplainer.lesson.chapters.Golden.chapter;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.attentionexplainer.engine.AttentionEngine;
import org.junit.jupiter.api.Test;

class CrossChapterTest {
    @Test
    void rectangularMapMatchesPyTorch() {
        CrossChapter c = CrossChapter.compute(new AttentionEngine());
        assertEquals(4, c.rows());
        assertEquals(3, c.columns());
        assertClose("scores", chapter("cross/scores.npy"), c.scores(), 1e-6);
        assertClose("weights", chapter("cross/weights.npy"), c.weights(), 1e-6);
        assertClose("context", chapter("cross/context.npy"), c.context(), 1e-6);
        // Merhaba . Hello = 1.6*0.34 - 1.0*0.22 - 0.9*0.54 = -0.162
        assertEquals(-0.162, c.scores().get(1, 0), 1e-6);
        assertEquals(0, c.strongestSource(1), "Merhaba -> Hello");
        assertEquals(1, c.strongestSource(2), "parlak -> shiny");
        assertEquals(2, c.strongestSource(3), "güneş -> sun");
        assertEquals(c.encoderTokens(), c.trace().sourceTokens());
    }
}
