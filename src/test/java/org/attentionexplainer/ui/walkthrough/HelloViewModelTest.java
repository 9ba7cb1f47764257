package org.attentionexplainer.ui.walkthrough;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.lesson.CourseExample;
import org.attentionexplainer.lesson.QueryBreakdown;
import org.attentionexplainer.lesson.SimpleAttention;
import org.attentionexplainer.ui.common.Numbers;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.walkthrough.EditableMatrixModel.Cell;
import org.junit.jupiter.api.Test;

/** Steps 1–4: the published numbers, another query, edits, refusals, Turkish numbers. */
class HelloViewModelTest {
    private final AppContext context = TestContexts.english();
    private final HelloViewModel model = new HelloViewModel(context);
    private final Numbers numbers = new Numbers(context.i18n());

    private QueryBreakdown breakdown() {
        QueryBreakdown b = model.breakdownProperty().get();
        assertNotNull(b, "computed");
        return b;
    }

    private double[] scores() {
        QueryBreakdown b = breakdown();
        double[] s = new double[b.scores().size()];
        for (int j = 0; j < s.length; j++) {
            s[j] = b.scores().get(j).value();
        }
        return s;
    }

    @Test
    void theQueryShinyGivesThePublishedNumbers() {
        assertEquals(CourseExample.HELLO_QUERY, model.queryProperty().get());
        assertArrayEquals(new double[] {0.7842, 1.3569, 1.2487}, scores(), 5e-5);
        assertArrayEquals(new double[] {0.2291, 0.4063, 0.3646}, breakdown().weights(), 5e-5);
        assertEquals(1.0, breakdown().weightSum(), 1e-6);
        assertArrayEquals(new double[] {0.3990, 0.3854, 0.8610}, breakdown().context(), 5e-5);
    }

    @Test
    void theArithmeticIsWrittenAsInTheCourse() {
        assertEquals("0.34 × 0.53 + 0.22 × 0.34 + 0.54 × 0.98\n= 0.1802 + 0.0748 + 0.5292 = 0.7842",
                numbers.dotWithProducts(breakdown().scores().get(0)));
        assertEquals("2.1907 + 3.8841 + 3.4858", numbers.sum(breakdown().exponentials()));
        assertEquals("0.2291 + 0.4063 + 0.3646", numbers.sum(breakdown().weights()));
        assertEquals("[0.3990, 0.3854, 0.8610]", numbers.vector(breakdown().context()));
    }

    @Test
    void turkishWritesDecimalCommasAndSeparatesVectorItemsWithSemicolons() {
        context.i18n().localeProperty().set(Locale.forLanguageTag("tr"));
        assertEquals("0,34 × 0,53 + 0,22 × 0,34 + 0,54 × 0,98\n= 0,1802 + 0,0748 + 0,5292 = 0,7842",
                numbers.dotWithProducts(breakdown().scores().get(0)));
        assertEquals("[0,3990; 0,3854; 0,8610]", numbers.vector(breakdown().context()));
        assertEquals("0,34", model.tokens().format(0, 0));
        // a Turkish decimal comma is accepted: Hello's first value becomes 0.5
        assertTrue(model.tokens().editValue(0, 0, "0,5"));
        // 0.5×0.53 + 0.22×0.34 + 0.54×0.98 = 0.265 + 0.0748 + 0.5292 = 0.869
        assertEquals(0.869, scores()[0], 5e-5);
    }

    @Test
    void anotherQueryGivesItsOwnNumbers() {
        model.selectQuery(2);
        // sun: 0.29×0.34 + 0.54×0.22 + 0.93×0.54 = 0.7196; sun·shiny = 1.2487; sun·sun = 1.2406
        assertArrayEquals(new double[] {0.7196, 1.2487, 1.2406}, scores(), 5e-5);
        double[] w = breakdown().weights();
        // softmax by hand: e^0.7196, e^1.2487, e^1.2406 over their sum
        double e0 = Math.exp(0.7196);
        double e1 = Math.exp(1.2487);
        double e2 = Math.exp(1.2406);
        double sum = e0 + e1 + e2;
        assertArrayEquals(new double[] {e0 / sum, e1 / sum, e2 / sum}, w, 1e-4);
    }

    @Test
    void anEditedValueRecomputesEverythingDownstream() {
        assertTrue(model.tokens().editValue(1, 2, "0.5"));
        // shiny = [0.53, 0.34, 0.5]: Hello·shiny = 0.1802 + 0.0748 + 0.54×0.5 = 0.525
        assertEquals(0.525, scores()[0], 5e-5);
        assertEquals(1.0, breakdown().weightSum(), 1e-6);
    }

    @Test
    void valuesThatMakeNoSenseAreRefusedAtTheirCell() {
        SimpleAttention before = model.resultProperty().get();
        for (String bad : new String[] {"abc", "NaN", "Infinity", "-inf", "1e999", "", "1001", "0.3.4"}) {
            assertFalse(model.tokens().editValue(0, 1, bad), bad);
            assertTrue(model.tokens().errors().containsKey(new Cell(0, 1)), bad);
        }
        assertEquals("walk.table.notNumber", model.tokens().errors().get(new Cell(0, 1)).key());
        assertSame(before, model.resultProperty().get(), "nothing recomputed");
        assertEquals(0.22, model.tokens().rows().get(0).value(1));
        assertFalse(model.tokens().editValue(0, 1, "NaN"));
        assertEquals("walk.table.notFinite", model.tokens().errors().get(new Cell(0, 1)).key());
        assertFalse(model.tokens().editValue(0, 1, "1e999"));
        assertEquals("walk.table.notFinite", model.tokens().errors().get(new Cell(0, 1)).key());
        assertFalse(model.tokens().editValue(0, 1, "2000"));
        assertEquals("walk.table.tooLarge", model.tokens().errors().get(new Cell(0, 1)).key());
        assertTrue(model.tokens().editValue(0, 1, "0.22"));
        assertTrue(model.tokens().errors().isEmpty());
        assertFalse(model.tokens().editLabel(0, "  "));
        assertEquals("Hello", model.tokens().rows().get(0).label());
    }

    @Test
    void tokensCanBeAddedRemovedRenamedAndReset() {
        model.tokens().addRow();
        assertEquals(4, model.resultProperty().get().size());
        assertEquals("token4", model.tokens().rows().get(3).label());
        assertTrue(model.tokens().editLabel(3, "moon"));
        assertEquals("moon", model.resultProperty().get().tokens().get(3).label());
        model.selectQuery(3);
        model.tokens().removeRow(3);
        assertEquals(3, model.resultProperty().get().size());
        assertEquals(2, model.queryProperty().get(), "the query moved to a token that exists");
        model.tokens().removeRow(0);
        model.tokens().removeRow(0);
        model.tokens().removeRow(0);
        assertEquals(1, model.tokens().rows().size(), "the last token stays");
        assertEquals(1.0, breakdown().weights()[0], 1e-6);
        model.reset();
        assertEquals(CourseExample.helloShinySun(), model.tokens().rows());
        assertEquals(CourseExample.HELLO_QUERY, model.queryProperty().get());
        assertTrue(model.resultProperty().get().isCourseExample());
    }

    @Test
    void aResetCanBeUndoneUntilTheNextEdit() {
        assertFalse(model.undoResetAvailableProperty().get());
        assertTrue(model.tokens().editLabel(0, "Goodbye"));
        assertTrue(model.tokens().editValue(1, 2, "0.5"));
        model.selectQuery(2);
        model.reset();
        assertEquals(CourseExample.helloShinySun(), model.tokens().rows());
        assertTrue(model.undoResetAvailableProperty().get(), "the learner's edits can come back");
        model.undoReset();
        assertEquals("Goodbye", model.tokens().rows().get(0).label());
        assertEquals(0.5, model.tokens().rows().get(1).values()[2]);
        assertEquals(2, model.queryProperty().get());
        // 0.98 of "shiny" became 0.5: 0.34×0.53 + 0.22×0.34 + 0.54×0.5 = 0.1802 + 0.0748 + 0.27 = 0.5250
        assertEquals(0.5250, model.resultProperty().get().scores().get(0, 1), 1e-4);
        assertFalse(model.undoResetAvailableProperty().get(), "undone once");

        model.reset();
        assertTrue(model.tokens().editValue(0, 0, "0.1"));
        assertFalse(model.undoResetAvailableProperty().get(), "an edit after the reset ends the undo");
    }
}
