package org.attentionexplainer.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Labeled;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.attentionexplainer.render.CellHit;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.FigureLayout;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.shell.AppContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The walkthrough in a real window, headless: presenter keys, clicking a token, switching to
 * Turkish from the menu, a refused cell. Work runs on the FX thread here, so every result is
 * there as soon as the event that asked for it has been handled.
 */
class WalkthroughUiTest {
    private final FxRobot robot = new FxRobot();
    private AppContext context;

    /** Monocle's headless screen is 1280×800: the window stays inside it. */
    @BeforeEach
    void open() throws Exception {
        context = TestContexts.english();
        MainWindow.open(context, "walkthrough");
        robot.clickOn("#walk-progress");
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

    @Test
    void presenterKeysStepThroughTheWalkthrough() {
        assertEquals("Step 1 of 8", text("#walk-progress"));
        assertTrue(text("#score-line-0").endsWith("= 0.7842"), text("#score-line-0"));
        key(KeyCode.RIGHT);
        assertEquals("Step 2 of 8", text("#walk-progress"));
        assertEquals("0.2291 + 0.4063 + 0.3646 = 1.0000", text("#weight-sum").replaceAll(".*: ", ""));
        key(KeyCode.PAGE_DOWN);
        assertEquals("Step 3 of 8", text("#walk-progress"));
        assertTrue(text("#context-vector").endsWith("[0.3990, 0.3854, 0.8610]"), text("#context-vector"));
        assertTrue(text("#rounding-note").contains("[0.3992, 0.3858, 0.8610]"));
        key(KeyCode.SPACE);
        assertEquals("4. All queries at once", text("#walk-title"));
        key(KeyCode.SHIFT, KeyCode.SPACE);
        assertEquals("Step 3 of 8", text("#walk-progress"));
        key(KeyCode.LEFT);
        key(KeyCode.PAGE_UP);
        assertEquals("Step 1 of 8", text("#walk-progress"));
        key(KeyCode.END);
        assertEquals("Step 8 of 8", text("#walk-progress"));
        assertFalse(robot.lookup("#variance-raw").tryQuery().isEmpty());
        key(KeyCode.HOME);
        assertEquals("Step 1 of 8", text("#walk-progress"));
    }

    /**
     * Step 4 draws its matrices as the figure builder does: the weights are a heatmap on 0 to 1
     * with their numbers in the cells. The row of "shiny" is the worked example's published
     * [0.2291, 0.4063, 0.3646]; the weight 0.2291 is a fifth of the way up the scale, not the
     * palest colour of its row.
     */
    @Test
    void stepFourDrawsTheWeightsAsAHeatmapOnZeroToOne() {
        toStepFour();
        HeatmapControl map = robot.lookup("#all-figure").queryAs(HeatmapControl.class);
        Figure figure = map.getFigure();
        int weights = panel(figure, "Weights A (each row sums to 1)");
        HeatmapData d = figure.data(weights);
        assertEquals(List.of("Hello", "shiny", "sun"), d.rowLabels());
        double[] shiny = {0.2291, 0.4063, 0.3646};
        for (int j = 0; j < 3; j++) {
            assertEquals(shiny[j], d.value(1, j), 5e-5, "weight of shiny for key " + j);
        }
        assertEquals(0, figure.scale(weights).min(), 0);
        assertEquals(1, figure.scale(weights).max(), 0);
        assertEquals(0.2291, figure.scale(weights).position(d.value(1, 0)), 5e-5);
        // shiny·Hello = 0.53×0.34 + 0.34×0.22 + 0.98×0.54 = 0.7842, a heatmap of its own
        int scores = panel(figure, "Scores S = X Xᵀ");
        assertEquals(0.7842, figure.data(scores).value(1, 0), 5e-5);
        assertTrue(figure.scale(scores) != null && figure.scale(scores).max() > 1, "scores on their own range");
        FigureLayout shown = map.shownProperty().get();
        assertTrue(shown.valuesShown(), "the numbers are drawn in the cells");
        assertTrue(shown.labelsShown(), "every token is named");
        assertTrue(shown.cellSize() >= 32, "cells of " + shown.cellSize() + " px");
    }

    private void toStepFour() {
        for (int i = 0; i < 3; i++) {
            key(KeyCode.RIGHT);
        }
        assertEquals("Step 4 of 8", text("#walk-progress"));
    }

    private static int panel(Figure figure, String title) {
        for (int p = 0; p < figure.panelCount(); p++) {
            if (title.equals(figure.title(p))) {
                return p;
            }
        }
        throw new AssertionError("no panel " + title);
    }

    @Test
    void presentationModeKeepsTheHeadlineAndPictureAndHidesTheProse() {
        assertTrue(narrativeShown(), "the prose is there outside presentation mode");
        key(KeyCode.F5);
        assertFalse(narrativeShown(), "presentation mode hides the prose of the step shown");
        key(KeyCode.RIGHT);
        assertEquals("Step 2 of 8", text("#walk-progress"));
        assertFalse(narrativeShown(), "and of the next step");
        assertTrue(robot.lookup(".page-formula").queryAll().stream().anyMatch(Node::isVisible),
                "the formula stays");
        key(KeyCode.RIGHT);
        assertEquals("Step 3 of 8", text("#walk-progress"));
        assertTrue(leftColumnFits(), "in large type the inputs' column widens instead of cutting its table");
        key(KeyCode.ESCAPE);
        assertTrue(narrativeShown(), "leaving presentation mode brings the prose back");
        assertTrue(leftColumnFits());
        assertTrue(leftColumnShare() < 0.36, "back in normal type the column is a third of the page again: "
                + leftColumnShare());
    }

    /** Whether the shown step's left column holds its inputs without a horizontal scroll bar. */
    private boolean leftColumnFits() {
        List<ScrollPane> shown = robot.lookup(".page-left").queryAllAs(ScrollPane.class).stream()
                .filter(n -> n.isVisible() && n.getScene() != null).collect(Collectors.toList());
        assertFalse(shown.isEmpty(), "a step's left column is shown");
        return shown.stream().allMatch(p -> p.getContent().minWidth(-1) <= p.getViewportBounds().getWidth() + 0.5);
    }

    /** The shown step's left column's share of its page. */
    private double leftColumnShare() {
        ScrollPane left = robot.lookup(".page-left").queryAllAs(ScrollPane.class).stream()
                .filter(n -> n.isVisible() && n.getScene() != null).findFirst().orElseThrow();
        return left.getWidth() / left.getParent().getLayoutBounds().getWidth();
    }

    /** Whether the shown step's prose is visible (the hidden steps' pages are not in the scene). */
    private boolean narrativeShown() {
        return robot.lookup(".page-text").queryAll().stream().anyMatch(n -> n.isVisible() && n.isManaged());
    }

    @Test
    void clickingATokenMakesItTheQueryAndReplaysTheSteps() {
        toStepFour();
        HeatmapControl map = robot.lookup("#all-figure").queryAs(HeatmapControl.class);
        int weights = panel(map.getFigure(), "Weights A (each row sums to 1)");
        // the cell of query "sun", key "Hello"
        double[] cell = map.shownProperty().get().bounds(new CellHit(weights, 2, 0));
        robot.clickOn(map.localToScreen(cell[0] + cell[2] / 2, cell[1] + cell[3] / 2));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Step 1 of 8", text("#walk-progress"));
        assertTrue(text(".page-heading").startsWith("Query “sun”"), text(".page-heading"));
        // Hello·sun = 0.34×0.29 + 0.22×0.54 + 0.54×0.93 = 0.0986 + 0.1188 + 0.5022 = 0.7196
        assertEquals("0.34 × 0.29 + 0.22 × 0.54 + 0.54 × 0.93\n= 0.0986 + 0.1188 + 0.5022 = 0.7196",
                text("#score-line-0"));
        robot.clickOn("#query-0");
        WaitForAsyncUtils.waitForFxEvents();
        // Hello·Hello = 0.34² + 0.22² + 0.54² = 0.4556
        assertTrue(text("#score-line-0").endsWith("= 0.4556"), text("#score-line-0"));
    }

    @Test
    void stepFiveIntroducesItsNewSentence() {
        for (int i = 0; i < 4; i++) {
            key(KeyCode.RIGHT);
        }
        assertEquals("Step 5 of 8", text("#walk-progress"));
        Labeled intro = robot.lookup("#new-sentence").queryAs(Labeled.class);
        assertTrue(intro.isVisible());
        assertTrue(intro.getText().contains("“Your journey starts with one step”"), intro.getText());
        assertTrue(intro.getText().contains("“Hello shiny sun”"), intro.getText());
        key(KeyCode.F5);
        assertTrue(intro.isVisible(), "the change of sentence is said in presentation mode too");
        key(KeyCode.ESCAPE);
        key(KeyCode.LEFT);
        assertTrue(robot.lookup("#new-sentence").queryAll().stream().noneMatch(n -> n.getScene() != null && isShown(n)),
                "step 4 keeps its sentence");
    }

    private static boolean isShown(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
    }

    @Test
    void theLanguageMenuSwitchesToTurkishWithDecimalCommas() {
        robot.clickOn("View");
        robot.clickOn("Language");
        // into the submenu along its first item, so the pointer never crosses another menu
        robot.moveTo("English");
        robot.clickOn("Türkçe");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Adım 1 / 8", text("#walk-progress"));
        assertEquals("1. Dikkat skorları", text("#walk-title"));
        assertEquals("0,34 × 0,53 + 0,22 × 0,34 + 0,54 × 0,98\n= 0,1802 + 0,0748 + 0,5292 = 0,7842",
                text("#score-line-0"));
        assertEquals("0,34", robot.lookup("#tokens-cell-0-0").queryAs(TextField.class).getText());
    }

    @Test
    void textInANumberCellIsRefusedAtTheCell() {
        Node cell = robot.lookup("#tokens-cell-0-0").query();
        robot.clickOn(cell);
        robot.interact(() -> ((TextField) cell).selectAll());
        robot.write("abc");
        key(KeyCode.ENTER);
        Labeled error = robot.lookup("#tokens-error-0").queryAs(Labeled.class);
        assertTrue(error.isVisible());
        assertEquals("Hello, 1: “abc” is not a number; the cell keeps 0.34.", error.getText());
        assertTrue(cell.getPseudoClassStates().stream().anyMatch(p -> p.getPseudoClassName().equals("invalid")));
        assertTrue(text("#score-line-0").endsWith("= 0.7842"), "nothing downstream changed");
        robot.interact(() -> ((TextField) cell).selectAll());
        robot.write("0.5");
        key(KeyCode.ENTER);
        assertFalse(error.isVisible());
        // 0.5×0.53 + 0.22×0.34 + 0.54×0.98 = 0.265 + 0.0748 + 0.5292 = 0.869
        assertTrue(text("#score-line-0").endsWith("= 0.8690"), text("#score-line-0"));
    }

    @Test
    void resetToTheCourseExampleCanBeUndone() {
        Node cell = robot.lookup("#tokens-cell-0-0").query();
        robot.clickOn(cell);
        robot.interact(() -> ((TextField) cell).selectAll());
        robot.write("0.5");
        key(KeyCode.ENTER);
        assertTrue(text("#score-line-0").endsWith("= 0.8690"), text("#score-line-0"));
        assertFalse(robot.lookup("#tokens-undo-reset").query().isVisible(), "nothing to undo yet");
        robot.clickOn("#tokens-reset");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(text("#score-line-0").endsWith("= 0.7842"), text("#score-line-0"));
        robot.clickOn("#tokens-undo-reset");
        WaitForAsyncUtils.waitForFxEvents();
        // the learner's 0.5 is back: 0.5×0.53 + 0.22×0.34 + 0.54×0.98 = 0.8690
        assertTrue(text("#score-line-0").endsWith("= 0.8690"), text("#score-line-0"));
        assertFalse(robot.lookup("#tokens-undo-reset").query().isVisible());
    }
}
