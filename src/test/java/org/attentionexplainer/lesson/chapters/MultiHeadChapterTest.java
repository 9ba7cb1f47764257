package org.attentionexplainer.lesson.chapters;

import static org.attentionexplainer.lesson.chapters.Golden.assertClose;
import static org.attentionexplainer.lesson.chapters.Golden.chapter;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.InvalidSpecException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class MultiHeadChapterTest {
    private static AttentionEngine engine;
    private static MultiHeadChapter m;

    @BeforeAll
    static void compute() {
        engine = new AttentionEngine();
        m = MultiHeadChapter.compute(engine);
    }

    @Test
    void everyStepMatchesPyTorch() {
        assertClose("q", chapter("multihead/q.npy"), m.trace().q(), 1e-6);
        assertClose("scores", chapter("multihead/scores.npy"), m.trace().scores(), 1e-6);
        assertClose("weights", chapter("multihead/weights.npy"), m.trace().weights(), 1e-6);
        assertClose("heads", chapter("multihead/heads.npy"), m.trace().heads(), 1e-6);
        assertClose("context", chapter("multihead/context.npy"), m.trace().context(), 1e-6);
        assertClose("output", chapter("multihead/output.npy"), m.trace().output(), 1e-6);
        assertArrayEquals(chapter("multihead/weights.npy").reshape(2, 2, 6, 6).matrix(0, 1)[3], m.headWeights(1)[3],
                1e-6f);
    }

    @Test
    void fusedProjectionGivesTheSameOutput() {
        assertClose("fused", chapter("multihead/output_fused.npy"), m.fusedTrace().output(), 1e-6);
        assertTrue(m.maxDifference() < 1e-6, "difference " + m.maxDifference());
        assertEquals(3, m.fusedQkv().dim(0));
        assertEquals(12, m.fusedQkv().dim(1));
        assertEquals(m.trace().q(), m.fusedTrace().q(), "the first d_out columns are W_q");
    }

    @Test
    void shapesAtEachStep() {
        List<List<Integer>> want = List.of(List.of(2, 6, 3), List.of(2, 6, 4), List.of(2, 6, 2, 2), List.of(2, 2, 6, 2),
                List.of(2, 2, 6, 6), List.of(2, 2, 6, 6), List.of(2, 2, 6, 2), List.of(2, 6, 2, 2), List.of(2, 6, 4),
                List.of(2, 6, 4));
        assertEquals(want, m.shapes().stream().map(ShapeStep::dims).toList());
        assertEquals("(b, h, t, hd)", m.shapes().get(3).symbols());
        assertEquals("(2, 2, 6, 2)", m.shapes().get(3).dimsString());
    }

    @Test
    void theBooksConfigurationGivesTheBooksNumbers() {
        // rasbt ch. 3: d_out 2, 2 heads, seed 123; printed context of the first sentence
        MultiHeadChapter book = MultiHeadChapter.compute(engine, 2, 2, 123);
        assertArrayEquals(new float[] {0.3190f, 0.4858f}, book.trace().output().row(0, 0), 5e-5f);
        assertArrayEquals(new float[] {0.2575f, 0.4028f}, book.trace().output().row(0, 5), 5e-5f);
        assertArrayEquals(book.trace().output().row(0, 5), book.trace().output().row(1, 5), "same sentence twice");
    }

    /**
     * "Same sentence, different patterns": the two heads' maps of the first sentence must differ
     * where a learner can see it. The figure colours weights on one scale from 0 to 1, so a cell
     * that differs by more than half of it changes colour from one end of the colour bar towards
     * the other; and on average a query (each row after the first, which sees only itself) moves
     * more than 40 % of its attention elsewhere (total variation, half the sum of |differences|).
     * PyTorch gives 0.788 and 0.589 for these settings (tools/golden/make_chapters.py); the
     * book's nn.Linear weights as drawn give 0.022 and 0.017: two maps that look the same.
     */
    @Test
    void theHeadsShowDifferentPatterns() {
        float[][] a = m.headWeights(0);
        float[][] b = m.headWeights(1);
        double maxAbs = 0;
        double totalVariation = 0;
        for (int i = 1; i < a.length; i++) {
            double row = 0;
            for (int j = 0; j < a[i].length; j++) {
                double d = Math.abs(a[i][j] - b[i][j]);
                maxAbs = Math.max(maxAbs, d);
                row += d;
            }
            totalVariation += row / 2;
        }
        totalVariation /= a.length - 1;
        assertTrue(maxAbs > 0.5, "largest difference between the heads " + maxAbs);
        assertTrue(totalVariation > 0.4, "mean total variation between the heads " + totalVariation);
    }

    @Test
    void headsThatDoNotDivideTheWidthAreRefused() {
        InvalidSpecException e = assertThrows(InvalidSpecException.class,
                () -> MultiHeadChapter.compute(engine, 3, 4, 123));
        assertEquals("heads", e.field());
    }
}
