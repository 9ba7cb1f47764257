package org.attentionexplainer.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Optional;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.attentionexplainer.ui.chapters.ChaptersScreen;
import org.attentionexplainer.ui.chapters.ChaptersViewModel;
import org.attentionexplainer.ui.chapters.RegisteredChapters;
import org.attentionexplainer.ui.shell.MainViewModel;
import org.attentionexplainer.ui.shell.PresenterScreens;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Presentation mode across two displays: the slide full screen on the projector, the presenter
 * console on the teacher's display with the part shown, the part the next key press shows and the
 * page's notes; its buttons and keys drive the slide, and ending presentation mode closes it and
 * brings the window back. Headless Monocle has one display, so the tests hand the two displays'
 * bounds to {@link PresenterScreens#present} themselves; with one display F5 opens no console.
 * The masks chapter has two parts: the masks, then the weights.
 */
class PresenterConsoleUiTest {
    private static final Rectangle2D PROJECTOR = new Rectangle2D(0, 0, 1280, 800);
    private static final Rectangle2D TEACHER = new Rectangle2D(80, 40, 1100, 700);

    private final FxRobot robot = new FxRobot();
    private MainViewModel model;
    private Stage stage;
    private PresenterScreens screens;

    private void open(Locale language, String screen) throws Exception {
        open(language, screen, null);
    }

    /** @param two the displays the window's presentation mode finds; null for the system's (one, headless) */
    private void open(Locale language, String screen, PresenterScreens.Displays two) throws Exception {
        model = MainWindow.open(TestContexts.english(), screen);
        stage = FxToolkit.toolkitContext().getRegisteredStage();
        robot.interact(() -> {
            model.setLocale(language);
            screens = two == null ? new PresenterScreens(stage, model, (e, scene) -> DesktopApp.handleKey(e, scene, model))
                    : new PresenterScreens(stage, model, (e, scene) -> DesktopApp.handleKey(e, scene, model),
                            window -> Optional.of(two));
        });
    }

    @AfterEach
    void close() throws Exception {
        if (model != null) {
            robot.interact(() -> model.presentingProperty().set(false));
        }
        MainWindow.close();
    }

    private void openOnMasks(Locale language) throws Exception {
        openOnChapter(language, "masks");
    }

    private void openOnChapter(Locale language, String id) throws Exception {
        open(language, "chapters");
        ChaptersViewModel chapters = ((ChaptersScreen) model.currentProperty().get()).model();
        robot.interact(() -> chapters.goTo(RegisteredChapters.ids().indexOf(id)));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static Optional<Window> console() {
        return Window.getWindows().stream().filter(w -> w.getScene() != null
                && "presenter-console".equals(w.getScene().getRoot().getId())).findFirst();
    }

    private String text(String id) {
        return robot.from(console().orElseThrow().getScene().getRoot()).lookup(id).queryAs(Labeled.class).getText();
    }

    private boolean onSlide(String id) {
        for (Node n = robot.from(stage.getScene().getRoot()).lookup(id).query(); n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return true;
    }

    private static Rectangle2D bounds(Window w) {
        return new Rectangle2D(w.getX(), w.getY(), w.getWidth(), w.getHeight());
    }

    private void key(KeyCode code) {
        robot.push(code);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void theConsoleShowsThePartNowAndNextAndItsButtonsAndKeysDriveTheSlide() throws Exception {
        openOnMasks(Locale.ENGLISH);
        Rectangle2D before = bounds(stage);
        robot.interact(() -> screens.present(PROJECTOR, TEACHER));

        assertTrue(model.presentingProperty().get(), "presentation mode is on");
        assertTrue(stage.isFullScreen(), "the slide fills the projector");
        Window console = console().orElseThrow(() -> new AssertionError("no presenter console"));
        assertEquals(TEACHER, bounds(console), "the console fills the teacher's display");
        assertEquals("Masks — part 1 of 2", text("#console-now"));
        assertEquals("Masks — part 2 of 2", text("#console-upcoming"));
        // the teacher reads what the slide leaves out: the headline and the narrative
        assertTrue(text("#console-notes").startsWith(
                "Padding, sliding window and causal masks, combined with a logical OR\n\nPadding\nSentences in a batch"),
                text("#console-notes"));
        assertFalse(onSlide("#section-chapter-masks-padding-title"), "the narrative is off the slide");
        assertTrue(onSlide("#masks-matrices"));
        assertFalse(onSlide("#masks-weights"));

        robot.clickOn("#console-forward");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(onSlide("#masks-weights"), "the console's Next shows the slide's next part");
        assertFalse(onSlide("#masks-matrices"));
        assertEquals("Masks — part 2 of 2", text("#console-now"));
        assertTrue(text("#console-upcoming").startsWith("Hard and soft attention, temperature"),
                "after the last part comes the next chapter: " + text("#console-upcoming"));

        key(KeyCode.RIGHT);
        assertEquals("Hard and soft attention, temperature — part 1 of 3", text("#console-now"),
                "the presenter keys work in the console");
        robot.clickOn("#console-previous");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Masks — part 2 of 2", text("#console-now"));
        assertTrue(onSlide("#masks-weights"));

        key(KeyCode.ESCAPE);
        assertFalse(model.presentingProperty().get(), "Escape in the console ends presentation mode");
        assertTrue(console().isEmpty(), "and closes the console");
        assertFalse(stage.isFullScreen());
        assertEquals(before, bounds(stage), "the window is back where it was");
    }

    @Test
    void afterTheMapsLastTileTheConsoleNamesTheTablesFirst() throws Exception {
        openOnChapter(Locale.ENGLISH, "flash");
        robot.interact(() -> screens.present(PROJECTOR, TEACHER));
        // the course's 8 tokens in tiles of 4 query rows by 2 keys: 8 tiles, the map's, then the running m and l's
        assertEquals("FlashAttention, tile by tile — part 1 of 2, step 1 of 8", text("#console-now"));
        for (int n = 2; n <= 8; n++) {
            key(KeyCode.RIGHT);
        }
        assertEquals("FlashAttention, tile by tile — part 1 of 2, step 8 of 8", text("#console-now"));
        assertEquals("FlashAttention, tile by tile — part 2 of 2, step 1 of 8", text("#console-upcoming"));
        key(KeyCode.RIGHT);
        assertEquals("FlashAttention, tile by tile — part 2 of 2, step 1 of 8", text("#console-now"));
    }

    /**
     * The KV cache chapter's parts have steps of their own and the page none: the toy model's map and
     * cache a token at a time (6), its chart, the tiny GPT's map and its lines a step at a time (20).
     */
    @Test
    void theConsoleNamesTheStepsOfEachPartOfTheKvCacheChapter() throws Exception {
        openOnChapter(Locale.ENGLISH, "kv-cache");
        robot.interact(() -> screens.present(PROJECTOR, TEACHER));
        assertEquals("KV cache — part 1 of 5, step 1 of 6", text("#console-now"));
        assertEquals("KV cache — part 1 of 5, step 2 of 6", text("#console-upcoming"),
                "the next key shows the map's next token, not the next part");
        key(KeyCode.RIGHT);
        assertEquals("KV cache — part 1 of 5, step 2 of 6", text("#console-now"));
        for (int n = 3; n <= 6; n++) {
            key(KeyCode.RIGHT);
        }
        assertEquals("KV cache — part 2 of 5, step 1 of 6", text("#console-upcoming"));
        for (int n = 1; n <= 6; n++) {
            key(KeyCode.RIGHT);
        }
        assertEquals("KV cache — part 2 of 5, step 6 of 6", text("#console-now"));
        assertEquals("KV cache — part 3 of 5", text("#console-upcoming"), "the chart has no steps");
        key(KeyCode.RIGHT);
        assertEquals("KV cache — part 4 of 5, step 1 of 20", text("#console-upcoming"));
        key(KeyCode.RIGHT);
        assertEquals("KV cache — part 4 of 5, step 1 of 20", text("#console-now"));
        for (int n = 2; n <= 20; n++) {
            key(KeyCode.RIGHT);
        }
        assertEquals("KV cache — part 4 of 5, step 20 of 20", text("#console-now"));
        assertEquals("KV cache — part 5 of 5, step 1 of 20", text("#console-upcoming"));
        key(KeyCode.RIGHT);
        assertEquals("KV cache — part 5 of 5, step 1 of 20", text("#console-now"));
        assertTrue(onSlide("#kv-gen-text") && !onSlide("#kv-gen-map"), "the slide shows the tiny GPT's lines");
    }

    @Test
    void theEndButtonAndF5CloseTheConsole() throws Exception {
        openOnMasks(Locale.ENGLISH);
        robot.interact(() -> screens.present(PROJECTOR, TEACHER));
        robot.clickOn("#console-end");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(model.presentingProperty().get());
        assertTrue(console().isEmpty(), "End presentation closes the console");

        robot.interact(() -> screens.present(PROJECTOR, TEACHER));
        robot.clickOn("#console-now");
        key(KeyCode.F5);
        assertFalse(model.presentingProperty().get());
        assertTrue(console().isEmpty(), "F5 closes it too");
    }

    @Test
    void withOneDisplayPresentationModeOpensNoConsole() throws Exception {
        openOnMasks(Locale.ENGLISH);
        robot.clickOn("#chapter-progress");
        key(KeyCode.F5);
        assertTrue(model.presentingProperty().get());
        assertTrue(stage.isFullScreen(), "the window goes full screen where it is, as before");
        assertTrue(console().isEmpty(), "Monocle has one display: no console");
        key(KeyCode.ESCAPE);
        assertFalse(stage.isFullScreen());
    }

    @Test
    void theConsoleSpeaksTheLanguageOfTheAppAndReadsTheWalkthroughsExplanation() throws Exception {
        openOnMasks(Locale.forLanguageTag("tr"));
        robot.interact(() -> screens.present(PROJECTOR, TEACHER));
        assertEquals("Maskeler — kısım 1 / 2", text("#console-now"));
        assertEquals("Maskeler — kısım 2 / 2", text("#console-upcoming"));
        assertTrue(text("#console-notes").startsWith("Dolgu, kayan pencere ve nedensel maskeler"));
        assertEquals("Sunumu bitir", robot.lookup("#console-end").queryAs(Labeled.class).getText());

        robot.interact(() -> model.setLocale(Locale.ENGLISH));
        robot.interact(() -> model.currentProperty().set(model.screens().stream()
                .filter(s -> s.id().equals("walkthrough")).findFirst().orElseThrow()));
        robot.clickOn("#console-now");
        key(KeyCode.HOME);
        assertEquals("1. Attention scores", text("#console-now"));
        assertEquals("2. Softmax: from scores to weights", text("#console-upcoming"));
        assertTrue(text("#console-notes").startsWith("Each token gets a score that says how well it matches"));
    }

    @Test
    void f5FromFullScreenPresentsAcrossTheDisplaysAndEndingGoesBackToFullScreen() throws Exception {
        open(Locale.ENGLISH, "chapters", new PresenterScreens.Displays(PROJECTOR, TEACHER));
        Rectangle2D window = bounds(stage);
        robot.clickOn("#chapter-progress");
        key(KeyCode.F5);
        assertTrue(console().isPresent(), "F5 from a window opens the console on the teacher's display");
        key(KeyCode.F5);
        assertTrue(console().isEmpty());
        assertFalse(stage.isFullScreen(), "a window before presenting, a window after");
        assertEquals(window, bounds(stage));

        robot.clickOn("#chapter-progress");
        key(KeyCode.F11);
        assertTrue(stage.isFullScreen(), "F11 fills the display the window is on");
        key(KeyCode.F5);
        assertTrue(model.presentingProperty().get());
        Window console = console().orElseThrow(() -> new AssertionError("F5 from full screen opens no console"));
        assertEquals(TEACHER, bounds(console), "the console fills the teacher's display");
        assertTrue(stage.isFullScreen(), "the slide fills the projector");
        assertEquals(PROJECTOR, bounds(stage));

        key(KeyCode.F5);
        assertFalse(model.presentingProperty().get());
        assertTrue(console().isEmpty(), "ending presentation mode closes the console");
        assertTrue(stage.isFullScreen(), "and leaves the window full screen, as the teacher had it");
        assertTrue(model.fullScreenProperty().get());

        key(KeyCode.F11);
        assertFalse(stage.isFullScreen());
        assertEquals(window, bounds(stage), "F11 then brings back the window the teacher had before full screen");
    }

    @Test
    void withOneDisplayPresentingFromFullScreenStaysFullScreenAfterwards() throws Exception {
        openOnMasks(Locale.ENGLISH);
        robot.clickOn("#chapter-progress");
        key(KeyCode.F11);
        key(KeyCode.F5);
        assertTrue(model.presentingProperty().get());
        key(KeyCode.ESCAPE);
        assertFalse(model.presentingProperty().get());
        assertTrue(stage.isFullScreen(), "ending presentation mode keeps the full screen the teacher chose");
        key(KeyCode.ESCAPE);
        assertFalse(stage.isFullScreen(), "a second Escape leaves full screen");
        assertFalse(model.fullScreenProperty().get());
    }
}
