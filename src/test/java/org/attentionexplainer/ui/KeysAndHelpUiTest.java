package org.attentionexplainer.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.ui.help.Shortcuts;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.MainViewModel;
import org.attentionexplainer.ui.shell.Settings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window's one key rule, as a teacher meets it: typing in presentation mode types and does
 * not blank the screen, Escape leaves the field before it ends presentation mode, and it closes
 * the chapter index first; F1 opens the shortcuts sheet and Help > About the version and
 * licences, in both languages.
 */
class KeysAndHelpUiTest {
    private static final AttentionEngine ENGINE = new AttentionEngine();
    private final FxRobot robot = new FxRobot();
    private MainViewModel model;

    private MainViewModel open(String screen, Locale locale) throws Exception {
        AppContext context = new AppContext(new I18n(locale), BackgroundWork.sameThread(),
                CompletableFuture.completedFuture(ENGINE), new org.attentionexplainer.ui.MemorySettings());
        model = MainWindow.open(context, screen);
        return model;
    }

    @AfterEach
    void close() throws Exception {
        robot.interact(() -> Window.getWindows().stream().filter(w -> w instanceof Stage s && s.getOwner() != null)
                .map(w -> (Stage) w).toList().forEach(Stage::close));
        MainWindow.close();
    }

    private void key(KeyCode... codes) {
        robot.push(codes);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void presentationModeFromTheNavigationLeavesTheKeysToThePresenter() throws Exception {
        open("explorer", Locale.ENGLISH);
        Node navigation = robot.lookup("#navigation").query();
        robot.interact(navigation::requestFocus);
        key(KeyCode.F5);
        WaitForAsyncUtils.waitForFxEvents();
        Node owner = navigation.getScene().getFocusOwner();
        assertTrue(model.presentingProperty().get());
        assertFalse(owner instanceof javafx.scene.control.TextInputControl,
                "the hidden navigation handed its focus to the page's first field: " + owner);
        key(KeyCode.B);
        assertTrue(robot.lookup("#blank-screen").query().isVisible(), "B is the presenter's, not typed");
        assertEquals("Your journey starts with one step",
                robot.lookup("#explorer-sentence").queryAs(TextField.class).getText().trim());
    }

    @Test
    void typingInPresentationModeTypesAndEscapeLeavesTheFieldFirst() throws Exception {
        open("explorer", Locale.ENGLISH);
        robot.interact(() -> model.presentingProperty().set(true));
        TextField sentence = robot.lookup("#explorer-sentence").queryAs(TextField.class);
        robot.clickOn(sentence);
        robot.interact(() -> sentence.clear());
        robot.write("a bird");
        key(KeyCode.SPACE);
        robot.write("big");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("a bird big", sentence.getText(), "b, i, g and Space were typed");
        assertFalse(robot.lookup("#blank-screen").query().isVisible(), "b did not blank the screen");
        assertTrue(model.presentingProperty().get());

        key(KeyCode.ESCAPE);
        assertFalse(sentence.isFocused(), "Escape leaves the field");
        assertEquals("a bird big", sentence.getText(), "and keeps what was typed");
        assertTrue(model.presentingProperty().get(), "presentation goes on");
        key(KeyCode.ESCAPE);
        assertFalse(model.presentingProperty().get(), "the second Escape ends it");
    }

    private Node tabUntil(java.util.function.Predicate<Node> found, int most) {
        for (int i = 0; i < most; i++) {
            Node owner = robot.lookup("#blank-screen").query().getScene().getFocusOwner();
            if (owner != null && found.test(owner)) {
                return owner;
            }
            key(KeyCode.TAB);
        }
        return null;
    }

    @Test
    void theHeatmapIsReachedWithTabItsCursorMovesWithArrowsAndEnterOpensTheArithmetic() throws Exception {
        open("explorer", Locale.ENGLISH);
        org.attentionexplainer.ui.heatmap.HeatmapControl map =
                robot.lookup("#explorer-heatmap").queryAs(org.attentionexplainer.ui.heatmap.HeatmapControl.class);
        robot.clickOn("#explorer-sentence");
        assertTrue(tabUntil(n -> n == map, 60) == map, "Tab reaches the map");
        assertEquals(new org.attentionexplainer.render.CellHit(0, 0, 0), map.cellCursorProperty().get());
        assertTrue(map.getFigure().panelCount() > 1, "the explorer opens on the grid of heads");
        key(KeyCode.ENTER);                                                  // in the grid: enlarge the head
        assertEquals(1, map.getFigure().panelCount(), "Enter on a head of the grid enlarges it");
        robot.interact(map::requestFocus);
        key(KeyCode.RIGHT);
        key(KeyCode.RIGHT);
        key(KeyCode.DOWN);
        var at = map.cellCursorProperty().get();
        assertEquals(1, at.row());
        assertEquals(2, at.col());
        var data = map.getFigure().data(at.panel());
        String said = (String) map.queryAccessibleAttribute(javafx.scene.AccessibleAttribute.TEXT);
        assertTrue(said.contains(data.rowLabels().get(1)) && said.contains(data.colLabels().get(2)), said);
        assertTrue(said.contains(String.format(Locale.ROOT, "%.4f", data.value(1, 2))), said);
        key(KeyCode.ENTER);
        assertEquals(at, map.selectedProperty().get(), "Enter shows the arithmetic of the cursor's cell");
        key(KeyCode.LEFT);
        assertEquals(1, map.cellCursorProperty().get().col(), "the map keeps its arrows: no page turned");
    }

    @Test
    void tabReachesAQuizAnswer() throws Exception {
        open("chapters", Locale.ENGLISH);
        Node answer = tabUntil(n -> n.getId() != null && (n.getId().startsWith("quiz-choice-")
                || n.getId().equals("quiz-answer")), 80);
        assertTrue(answer != null, "a quiz answer is reachable with Tab");
    }

    @Test
    void escapeClosesTheChapterIndexBeforeEndingPresentation() throws Exception {
        open("chapters", Locale.ENGLISH);
        robot.clickOn("#chapter-progress");
        key(KeyCode.F5);
        key(KeyCode.I);
        Node index = robot.lookup("#chapter-index").query();
        assertTrue(index.isVisible());
        key(KeyCode.ESCAPE);
        assertFalse(index.isVisible());
        assertTrue(model.presentingProperty().get());
        key(KeyCode.ESCAPE);
        assertFalse(model.presentingProperty().get());
    }

    @Test
    void f1OpensTheShortcutsSheetWithEveryGroupInTurkish() throws Exception {
        open("walkthrough", Locale.forLanguageTag("tr"));
        key(KeyCode.F1);
        Node sheet = robot.lookup("#shortcuts-sheet").query();
        assertTrue(sheet.isVisible());
        java.util.Set<String> texts = robot.from(sheet).lookup(".label").queryAllAs(Label.class).stream()
                .map(Label::getText).collect(java.util.stream.Collectors.toSet());
        assertTrue(texts.contains("Klavye kısayolları") || texts.contains("Pencere"), texts.toString());
        for (Shortcuts.Group g : Shortcuts.ALL) {
            for (Shortcuts.Shortcut s : g.shortcuts()) {
                assertTrue(texts.contains(s.keys()), s.keys());
            }
        }
        assertTrue(texts.contains("Sunum modunu aç ve kapat"), "Turkish descriptions");
        assertTrue(robot.lookup("#shortcuts-rule").queryAs(Label.class).getText().startsWith("Tek kural"));
    }

    @Test
    void aboutNamesTheVersionTheEngineAndEveryBundledLicence() throws Exception {
        open("walkthrough", Locale.ENGLISH);
        robot.clickOn("#menu-help");
        robot.clickOn("#menu-help-about");
        WaitForAsyncUtils.waitForFxEvents();
        String facts = robot.lookup("#about-facts").queryAs(Label.class).getText();
        assertTrue(facts.startsWith("Version "), facts);
        assertTrue(facts.contains("Java " + System.getProperty("java.version")), facts);
        String notice = robot.lookup("#about-notice").queryAs(TextArea.class).getText();
        for (String component : new String[] {"all-MiniLM-L6-v2", "OpenJFX", "ND4J", "OpenBLAS", "JFreeSVG",
            "picocli", "Jackson", "Logback"}) {
            assertTrue(notice.contains(component), component);
        }
        assertNotEquals("", notice);
    }
}
