package org.attentionexplainer.ui.walkthrough;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.lesson.Step;
import org.attentionexplainer.ui.shell.AppContext;
import org.junit.jupiter.api.Test;

/** Stepping, progress and resuming where the learner stopped. */
class WalkthroughViewModelTest {
    private final AppContext context = TestContexts.english();
    private final WalkthroughViewModel model = new WalkthroughViewModel(context);

    @Test
    void stepsForwardAndBackWithinTheEightSteps() {
        assertEquals(8, model.steps().size());
        assertEquals(Step.SCORES, model.stepProperty().get());
        assertEquals("Step 1 of 8", model.progressText().get());
        assertFalse(model.previous());
        assertTrue(model.next());
        assertEquals(Step.SOFTMAX, model.stepProperty().get());
        assertEquals("Step 2 of 8", model.progressText().get());
        assertTrue(model.book().last());
        assertEquals(Step.WHY_SQRT_DK, model.stepProperty().get());
        assertFalse(model.next());
        assertTrue(model.book().first());
        assertEquals(0, model.indexProperty().get());
    }

    @Test
    void progressFollowsTheLanguage() {
        model.goTo(Step.CONTEXT);
        context.i18n().localeProperty().set(Locale.forLanguageTag("tr"));
        assertEquals("Adım 3 / 8", model.progressText().get());
    }

    @Test
    void aNewStartResumesWhereTheLearnerStopped() {
        model.goTo(Step.ALL_QUERIES);
        model.hello().selectQuery(2);
        AppContext again = new AppContext(context.i18n(), context.work(), context.engine(), context.settings());
        WalkthroughViewModel resumed = new WalkthroughViewModel(again);
        assertEquals(Step.ALL_QUERIES, resumed.stepProperty().get());
        assertEquals(2, resumed.hello().queryProperty().get());
    }

    @Test
    void aBrokenSettingStartsAtTheFirstStep() {
        context.settings().put(WalkthroughViewModel.STEP_SETTING, "99");
        assertEquals(Step.WHY_SQRT_DK, new WalkthroughViewModel(context).stepProperty().get());
        context.settings().put(WalkthroughViewModel.STEP_SETTING, "x");
        assertEquals(Step.SCORES, new WalkthroughViewModel(context).stepProperty().get());
    }

    @Test
    void clickingATokenReplaysStepsOneToThreeForIt() {
        model.goTo(Step.ALL_QUERIES);
        model.replayFor(0);
        assertEquals(Step.SCORES, model.stepProperty().get());
        assertEquals(0, model.hello().queryProperty().get());
        // Hello as the query: Hello·Hello = 0.34² + 0.22² + 0.54² = 0.4556
        assertEquals(0.4556, model.hello().breakdownProperty().get().scores().get(0).value(), 5e-5);
    }
}
