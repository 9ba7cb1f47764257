package org.attentionexplainer.lesson.chapters;

import static org.attentionexplainer.lesson.chapters.Golden.assertClose;
import static org.attentionexplainer.lesson.chapters.Golden.chapter;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.Tensor;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.attentionexplainer.lesson.Text;

class HardSoftChapterTest {
    private static AttentionEngine engine;
    private static HardSoftChapter c;

    @BeforeAll
    static void compute() {
        engine = new AttentionEngine();
        c = HardSoftChapter.compute(engine);
    }

    @Test
    void courseFiguresAtBetaOne() {
        assertArrayEquals(new float[] {0.7842f, 1.3569f, 1.2487f}, c.scores().row(1), 5e-5f);
        assertArrayEquals(new float[] {0.2291f, 0.4063f, 0.3646f}, c.soft().row(1), 5e-5f);
        assertClose("scores", chapter("hard_soft/scores.npy"), c.scores(), 1e-6);
        assertClose("beta 1", chapter("hard_soft/weights_beta1p0.npy"), c.soft(), 1e-6);
        assertClose("hard", chapter("hard_soft/weights_hard.npy"), c.hard(), 0);
        // hard attention returns exactly the value of "shiny"
        assertArrayEquals(new float[] {0.53f, 0.34f, 0.98f}, c.hardContext().toArray());
    }

    @Test
    void betaSharpensTowardsArgmax() {
        for (String beta : new String[] {"0.5", "2", "10"}) {
            HardSoftChapter at = HardSoftChapter.compute(engine, 1, Double.parseDouble(beta));
            String file = "hard_soft/weights_beta" + (beta.contains(".") ? beta.replace('.', 'p') : beta + "p0") + ".npy";
            assertClose("beta " + beta, chapter(file), at.soft(), 1e-6);
        }
        float previous = 0;
        for (HardSoftChapter.BetaPoint p : c.betaSeries()) {
            float top = p.weights().get(1);
            assertTrue(top > previous, "weight of the best key grows with beta");
            previous = top;
        }
        // beta 16: 1 / (1 + e^(-16 (1.3569 - 1.2487)) + e^(-16 (1.3569 - 0.7842))) = 1 / 1.17720 = 0.84947
        assertEquals(0.84947, previous, 2e-4);
        assertThrows(IllegalArgumentException.class, () -> HardSoftChapter.compute(engine, 1, 0));
    }

    @Test
    void sunAttendsMostToShinyNotToItself() {
        // sun . shiny = 0.29*0.53 + 0.54*0.34 + 0.93*0.98 = 1.2487 > sun . sun = 0.0841 + 0.2916 + 0.8649 = 1.2406
        HardSoftChapter sun = HardSoftChapter.compute(engine, 2, 1);
        assertEquals(1, sun.strongestKey());
        assertEquals(1.2487, sun.scores().get(2, 1), 5e-5);
        assertEquals(1.2406, sun.scores().get(2, 2), 5e-5);
        Text dot = sun.dotProductText(0);
        assertEquals("chapter.hardsoft.dot", dot.key());
        assertEquals(0.7196, (double) dot.args().get(8), 5e-5, "0.0986 + 0.1188 + 0.5022");
    }

    @Test
    void recipeStoreMatchesPyTorch() {
        RecipeStore s = c.store();
        // scores by hand: cake 0.9+0.6, soup 0.1+0.9, sorbet 0.7+0, pie 0.8+0.8
        assertArrayEquals(new float[] {1.5f, 1.0f, 0.7f, 1.6f}, s.scores().toArray(), 1e-6f);
        assertClose("weights", chapter("hard_soft/recipe_weights_beta1p0.npy"), s.soft(), 1e-6);
        assertClose("blend", chapter("hard_soft/recipe_output_beta1p0.npy"), s.softOutput(), 1e-6);
        assertClose("lookup", chapter("hard_soft/recipe_output_hard.npy"), s.hardOutput(), 0);
        assertEquals(3, s.bestRecipe(), "apple pie");
        RecipeStore sharp = RecipeStore.compute(engine, 5);
        assertClose("beta 5", chapter("hard_soft/recipe_weights_beta5p0.npy"), sharp.soft(), 1e-6);
        assertClose("blend 5", chapter("hard_soft/recipe_output_beta5p0.npy"), sharp.softOutput(), 1e-6);
        assertEquals(Tensor.vector(1.0f, 2.5f, 0f, 0f, 0f, 3.0f), s.hardOutput());
    }
}
