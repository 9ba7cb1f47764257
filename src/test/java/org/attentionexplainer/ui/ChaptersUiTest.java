package org.attentionexplainer.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.chart.Chart;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Labeled;
import javafx.scene.input.KeyCode;
import org.attentionexplainer.ui.chapters.RegisteredChapters;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.MainViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The chapters in a real window, headless: presenter keys through all of them, a quiz answered by
 * clicking and by typing, presentation mode with its headline, blanking and chapter index.
 */
class ChaptersUiTest {
    /** The chapters, as the one registry lists them. */
    private static final List<String> IDS = RegisteredChapters.ids();
    private static final int CHAPTERS = IDS.size();

    private final FxRobot robot = new FxRobot();
    private MainViewModel model;

    @BeforeEach
    void open() throws Exception {
        AppContext context = TestContexts.english();
        model = MainWindow.open(context, "chapters");
        robot.clickOn("#chapter-progress");
    }

    @AfterEach
    void close() throws Exception {
        MainWindow.close();
    }

    private String text(String query) {
        return robot.lookup(query).queryAs(Labeled.class).getText();
    }

    private void key(KeyCode... codes) {
        robot.push(codes);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Drawn, and on screen unless it gives a quiz's answer away (then its cover is). */
    private void assertMapShown(String query) {
        HeatmapControl map = robot.lookup(query).queryAs(HeatmapControl.class);
        assertNotNull(map.getFigure(), query + " has nothing to draw");
        assertTrue(map.isVisible() || robot.lookup("#cover-" + map.getId()).query().isVisible(), query);
    }

    /**
     * The page of chapter {@code id} shows what it is about: its maps drawn (each on screen or under
     * the cover of a quiz's answer), and at least one map, chart or table.
     */
    private void assertPageShown(String id) {
        Node page = robot.lookup("#chapter-" + id).query();
        assertTrue(page.isVisible(), id);
        int visuals = robot.from(page).lookup(".chapter-table").queryAll().size()
                + robot.from(page).lookup((Node n) -> n instanceof Chart).queryAll().size();
        for (Node n : robot.from(page).lookup((Node n) -> n instanceof HeatmapControl).queryAll()) {
            assertMapShown("#" + n.getId());
            visuals++;
        }
        assertTrue(visuals > 0, id + " shows no map, chart or table");
    }

    /** Presses {@code code} until the next chapter shows: a chapter with steps takes one press per step. */
    private void turnPage(KeyCode code) {
        String before = text("#chapter-progress");
        for (int i = 0; i < 100 && text("#chapter-progress").equals(before); i++) {
            key(code);
        }
    }

    @Test
    void presenterKeysStepThroughEveryChapter() {
        for (int i = 0; i < CHAPTERS; i++) {
            assertEquals("Chapter " + (i + 1) + " of " + CHAPTERS, text("#chapter-progress"));
            assertPageShown(IDS.get(i));
            assertFalse(text("#quiz-prompt").isEmpty());
            turnPage(i % 2 == 0 ? KeyCode.RIGHT : KeyCode.PAGE_DOWN);
        }
        assertEquals("Chapter " + CHAPTERS + " of " + CHAPTERS, text("#chapter-progress"));
        key(KeyCode.I);
        robot.clickOn("#index-stability");
        WaitForAsyncUtils.waitForFxEvents();
        // stable softmax of [1000, 1001, 1002] = softmax([0, 1, 2]) = [0.0900, 0.2447, 0.6652]
        assertEquals("[0.0900, 0.2447, 0.6652]", text("#stability-large-6"));
        assertEquals("[NaN, NaN, NaN]", text("#stability-large-2"));
        key(KeyCode.HOME);
        assertEquals("Chapter 1 of " + CHAPTERS, text("#chapter-progress"));
    }

    @Test
    void aQuizIsAnsweredByClickingAndByTyping() {
        key(KeyCode.RIGHT);
        assertEquals("Chapter 2 of " + CHAPTERS, text("#chapter-progress"));
        assertTrue(text("#quiz-prompt").contains("“with”"), text("#quiz-prompt"));
        robot.clickOn("#quiz-choice-1");
        WaitForAsyncUtils.waitForFxEvents();
        // "with" attends most to "Your" (0.2758 in the book), so "journey" is wrong
        assertTrue(text("#quiz-message").startsWith("Not quite: the answer is Your. Your answer: journey."),
                text("#quiz-message"));
        assertTrue(text("#quiz-score").startsWith("Score in this chapter: 0 of 1 right"), text("#quiz-score"));
        // the chosen answer marked wrong, the right one marked right, next to the explanation
        assertTrue(robot.lookup("#quiz-choice-1").query().getStyleClass().contains("quiz-choice-wrong"));
        assertTrue(robot.lookup("#quiz-choice-0").query().getStyleClass().contains("quiz-choice-right"));
        assertEquals("✗", ((Labeled) robot.lookup("#quiz-choice-1").queryAs(Labeled.class).getGraphic()).getText());
        robot.clickOn("#quiz-next");
        robot.clickOn("#quiz-next");
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#quiz-answer");
        // 0.5517 / (1 - 0.5) = 1.1034
        robot.write("1.1034");
        key(KeyCode.ENTER);
        assertTrue(text("#quiz-message").startsWith("Right (1.1034)."), text("#quiz-message"));
        assertTrue(text("#quiz-score").startsWith("Score in this chapter: 1 of 2 right"), text("#quiz-score"));
    }

    @Test
    void presentationModeShowsHeadlinesBlanksAndOpensTheIndex() {
        Node narrative = robot.lookup(".chapter-narrative").query();
        assertTrue(narrative.isVisible());
        key(KeyCode.F5);
        assertTrue(model.presentingProperty().get());
        assertTrue(model.fullScreenProperty().get());
        assertFalse(narrative.isVisible(), "the narrative shrinks to the headline");
        assertTrue(robot.lookup("#headline-why-attention").query().isVisible());
        assertFalse(robot.lookup("#navigation").query().isVisible());

        Node blank = robot.lookup("#blank-screen").query();
        assertFalse(blank.isVisible());
        key(KeyCode.B);
        assertTrue(blank.isVisible());
        key(KeyCode.B);
        assertFalse(blank.isVisible());

        // Why attention has two parts, its map and then its chart: Right shows the chart, then turns the page
        key(KeyCode.RIGHT);
        assertEquals("Chapter 1 of " + CHAPTERS, text("#chapter-progress"));
        key(KeyCode.RIGHT);
        assertEquals("Chapter 2 of " + CHAPTERS, text("#chapter-progress"));
        key(KeyCode.I);
        assertTrue(robot.lookup("#chapter-index").query().isVisible());
        robot.clickOn("#index-cost");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Chapter " + (IDS.indexOf("cost") + 1) + " of " + CHAPTERS, text("#chapter-progress"));
        assertFalse(robot.lookup("#chapter-index").query().isVisible());

        key(KeyCode.F5);
        assertFalse(model.presentingProperty().get());
        assertTrue(robot.lookup("#navigation").query().isVisible());
        key(KeyCode.B);
        assertFalse(blank.isVisible(), "B blanks only in presentation mode");
    }

    @Test
    void aSeedThatIsNoNumberIsRefusedAndTheDrawStays() {
        key(KeyCode.RIGHT);
        String before = text("#dropout-summary");
        javafx.scene.control.Spinner<?> seed = robot.lookup("#dropout-seed").queryAs(javafx.scene.control.Spinner.class);
        robot.clickOn(seed.getEditor());
        robot.interact(() -> seed.getEditor().selectAll());
        robot.write("b1");
        key(KeyCode.ENTER);
        assertEquals(123, seed.getValue());
        assertEquals("123", seed.getEditor().getText());
        assertEquals(before, text("#dropout-summary"));
        robot.interact(() -> seed.getEditor().selectAll());
        robot.write("7");
        key(KeyCode.ENTER);
        assertEquals(7, seed.getValue());
        // a new draw: p = 0.5 still, a different count of kept weights is likely but not certain
        assertTrue(text("#dropout-summary").startsWith("p = 0.5:"), text("#dropout-summary"));
    }

    @Test
    void theAnswerIsCoveredUntilTheQuestionAndCountsOnce() {
        openCausal();
        assertFalse(robot.lookup("#causal-leak").query().isVisible(), "0.8029 waits for the question about it");
        robot.clickOn("#quiz-next");
        robot.clickOn("#quiz-answer");
        robot.write("0.8029");
        key(KeyCode.ENTER);
        assertTrue(text("#quiz-message").startsWith("Right (0.8029)."), text("#quiz-message"));
        assertTrue(robot.lookup("#causal-leak").query().isVisible());
        key(KeyCode.ESCAPE);
        key(KeyCode.RIGHT);
        key(KeyCode.LEFT);
        assertTrue(text("#quiz-score").startsWith("Score in this chapter: 1 of 1 right"), text("#quiz-score"));
        assertEquals("", text("#quiz-message"), "back on the first open question");
        robot.clickOn("#quiz-next");
        assertTrue(text("#quiz-message").startsWith("Answered before, and right: 0.8029."), text("#quiz-message"));
        assertTrue(robot.lookup("#quiz-answer").query().isDisabled(), "a question counts once");
        assertTrue(text("#quiz-score").startsWith("Score in this chapter: 1 of 1 right"), text("#quiz-score"));
    }

    @Test
    void classModeRevealsWithSpaceButNotWhileTyping() {
        openCausal();
        robot.clickOn("#quiz-class-mode");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup(".quiz").query().getStyleClass().contains("quiz-class"), "the question large");
        key(KeyCode.SPACE);
        assertEquals("Chapter 2 of " + CHAPTERS, text("#chapter-progress"));
        assertTrue(text("#quiz-message").startsWith("The answer: Your."), text("#quiz-message"));
        key(KeyCode.SPACE);
        assertTrue(text("#quiz-prompt").contains("Masking with 0"), text("#quiz-prompt"));
        robot.clickOn("#quiz-answer");
        key(KeyCode.SPACE);
        assertEquals("", text("#quiz-message"), "Space in a text field is typed, not a shortcut");
        key(KeyCode.ESCAPE);
        key(KeyCode.SPACE);
        assertTrue(text("#quiz-message").startsWith("The answer: 0.8029."), text("#quiz-message"));
        assertTrue(robot.lookup("#causal-leak").query().isVisible(), "revealed on the page too");
        key(KeyCode.F5);
        assertTrue(robot.lookup("#quiz-prompt").query().isVisible(), "presentation mode keeps the quiz in class mode");
        key(KeyCode.ESCAPE);
    }

    @Test
    void theIndexShowsProgressAndATeacherResetsItAfterConfirming() {
        openCausal();
        robot.clickOn("#quiz-choice-0");
        key(KeyCode.I);
        assertEquals("1 of 3 done, 1 right", text("#index-progress-causal"));
        assertEquals("", text("#index-progress-cost"));
        robot.clickOn("#chapter-reset-all");
        WaitForAsyncUtils.waitForFxEvents();
        DialogPane ask = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        robot.clickOn((Button) ask.lookupButton(ButtonType.CANCEL));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("1 of 3 done, 1 right", text("#index-progress-causal"), "cancelled: nothing lost");
        robot.clickOn("#chapter-reset-all");
        WaitForAsyncUtils.waitForFxEvents();
        ask = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        robot.clickOn((Button) ask.lookupButton(ButtonType.OK));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("", text("#index-progress-causal"));
        assertTrue(text("#quiz-score").startsWith("Score in this chapter: 0 of 0 right"), text("#quiz-score"));
    }

    /** The causal chapter (second, after "Why attention"), from the index. */
    private void openCausal() {
        key(KeyCode.I);
        robot.clickOn("#index-causal");
        WaitForAsyncUtils.waitForFxEvents();
    }
}
