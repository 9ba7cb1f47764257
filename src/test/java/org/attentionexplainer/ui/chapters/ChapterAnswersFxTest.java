package org.attentionexplainer.ui.chapters;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.stream.Collectors;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.stage.Stage;
import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.ui.theme.Theme;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Predict, then reveal, as the page framework does it for every chapter: each page covers what
 * gives its quiz's answers away, under the ids its quiz really has, and a cover lifts when its
 * question is answered or its Reveal is pressed.
 */
@ExtendWith(ApplicationExtension.class)
class ChapterAnswersFxTest {
    private ChaptersViewModel model;

    @Start
    void start(Stage stage) {
        model = new ChaptersViewModel(TestContexts.english());
        Scene scene = new Scene(new ChaptersView(model).createView(), 1200, 760);
        scene.getStylesheets().setAll(Theme.base(), Theme.LIGHT.stylesheet());
        stage.setScene(scene);
        stage.show();
    }

    /** The chapters whose answers were on screen before their questions. */
    private static final Set<String> COURSE = Set.of("causal", "multi-head", "masks", "hard-soft", "cross",
            "encoder", "stability", "cost", "edge-cases", "why-attention", "kv-cache", "flash", "gqa", "rope", "heads");

    @Test
    void everyChapterCoversItsAnswersUnderItsQuestionsIds(FxRobot robot) {
        for (ChapterPage<?> page : model.chapters()) {
            robot.interact(() -> page.create(model));
            Set<String> asked = page.model().get().quiz().questions().stream().map(q -> q.id())
                    .collect(Collectors.toSet());
            if (COURSE.contains(page.id())) {
                assertFalse(page.coveredQuestions().isEmpty(), page.id() + " gives nothing away?");
            }
            // the masks' "empty" question is asked only while a row is left with no key; it is now
            assertTrue(asked.containsAll(page.coveredQuestions()), page.id() + ": " + page.coveredQuestions()
                    + " not all in " + asked);
        }
    }

    @Test
    void aCoverLiftsWhenItsQuestionIsAnsweredOrRevealed(FxRobot robot) {
        robot.interact(() -> model.goTo(model.chapters().indexOf(model.page(CausalPage.class))));
        Node leak = robot.lookup("#causal-leak").query();
        assertFalse(leak.isVisible(), "0.8029 is not shown before the question about it");
        assertTrue(robot.lookup("#cover-causal-leak").query().isVisible());
        robot.interact(() -> {
            model.quiz().nextQuestion();
            model.quiz().answer("0.5");
        });
        assertTrue(leak.isVisible(), "answered, even wrongly: the number is there to compare");

        Node map = robot.lookup("#causal-zero").query();
        assertTrue(map.isVisible(), "a map that gives nothing away is never covered");

        robot.interact(() -> model.goTo(model.chapters().indexOf(model.page(CrossPage.class))));
        WaitForAsyncUtils.waitForFxEvents();
        Node cross = robot.lookup("#cross-weights").query();
        assertFalse(cross.isVisible(), "the 4 × 3 map answers both questions of chapter 5");
        robot.clickOn(robot.lookup("#reveal-cross-weights").queryAs(Button.class));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(cross.isVisible());
        assertTrue(robot.lookup("#cross-shape").query().isVisible(), "revealed with it: the same question");
    }
}
