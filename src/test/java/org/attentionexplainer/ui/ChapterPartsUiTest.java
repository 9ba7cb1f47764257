package org.attentionexplainer.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.KeyCode;
import org.attentionexplainer.ui.chapters.ChaptersScreen;
import org.attentionexplainer.ui.chapters.ChaptersViewModel;
import org.attentionexplainer.ui.chapters.RegisteredChapters;
import org.attentionexplainer.ui.shell.MainViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * In presentation mode the presenter keys show a chapter's parts one at a time (its first pair of
 * maps, then its second, then in class mode its quiz) before they turn the page, and back.
 * The masks chapter has two parts: the masks, then the weights; the hard-and-soft chapter follows it.
 * The KV cache chapter's toy model has three parts: its map and its cache, each stepped through its 6 tokens,
 * then its chart; then the tiny GPT's two: its map and its lines, each stepped through its 20 steps.
 */
class ChapterPartsUiTest {
    /** The masks chapter's number, counted from 1, in the registry's order. */
    private static final int MASKS = RegisteredChapters.ids().indexOf("masks") + 1;
    /** The FlashAttention chapter's number, counted from 1. */
    private static final int FLASH = RegisteredChapters.ids().indexOf("flash") + 1;
    /** The KV cache chapter's number, counted from 1. */
    private static final int KV = RegisteredChapters.ids().indexOf("kv-cache") + 1;
    /** The prompt the KV cache chapter gives the tiny GPT. */
    private static final String PROMPT = "KDXMQBTRAPKDXMQ";
    private final FxRobot robot = new FxRobot();
    private ChaptersViewModel chapters;

    @BeforeEach
    void open() throws Exception {
        MainViewModel model = MainWindow.open(TestContexts.english(), "chapters");
        chapters = ((ChaptersScreen) model.currentProperty().get()).model();
        robot.interact(() -> chapters.goTo(MASKS - 1));
        robot.clickOn("#chapter-progress");
        assertEquals(chapter(MASKS), progress());
    }

    @AfterEach
    void close() throws Exception {
        MainWindow.close();
    }

    private static String chapter(int number) {
        return "Chapter " + number + " of " + RegisteredChapters.ids().size();
    }

    private String progress() {
        return robot.lookup("#chapter-progress").queryAs(Labeled.class).getText();
    }

    private void key(KeyCode code) {
        robot.push(code);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Shown, and its top inside the visible part of the scroll pane it lies in. */
    private boolean inView(String query) {
        Node node = robot.lookup(query).query();
        for (Node p = node; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        Node n = node.getParent();
        // a wide table's own sideways strip is not the page
        while (!(n instanceof ScrollPane) || n.getStyleClass().contains("chapter-table-strip")) {
            n = n.getParent();
        }
        Bounds pane = n.localToScene(n.getLayoutBounds());
        Bounds b = node.localToScene(node.getLayoutBounds());
        return b.getHeight() > 0 && b.getMinY() >= pane.getMinY() - 0.5
                && Math.min(b.getMaxY(), b.getMinY() + 40) <= pane.getMaxY() + 0.5;
    }

    @Test
    void presenterKeysShowEachPartBeforeTurningThePage() {
        key(KeyCode.F5);
        assertTrue(inView("#masks-matrices"), "presentation starts at the first part");
        assertFalse(inView("#masks-weights"), "the second part waits");

        key(KeyCode.RIGHT);
        assertEquals(chapter(MASKS), progress(), "Right shows the next part first");
        assertTrue(inView("#masks-weights"));
        assertFalse(inView("#masks-matrices"));

        key(KeyCode.PAGE_DOWN);
        assertEquals(chapter(MASKS + 1), progress(), "after the last part the page turns");
        // the soft map is covered until its question is answered
        assertTrue(inView("#cover-hardsoft-soft"), "the next chapter starts at its first part");
        assertFalse(inView("#cover-hardsoft-hard"));

        key(KeyCode.LEFT);
        assertEquals(chapter(MASKS), progress());
        assertTrue(inView("#masks-weights"), "going back, the chapter opens at its last part");
        key(KeyCode.PAGE_UP);
        assertEquals(chapter(MASKS), progress());
        assertTrue(inView("#masks-matrices"));
        key(KeyCode.LEFT);
        assertEquals(chapter(MASKS - 1), progress());

        key(KeyCode.F5);
        key(KeyCode.RIGHT);
        assertEquals(chapter(MASKS), progress(), "out of presentation mode the keys turn pages");
        assertTrue(inView("#masks-matrices") && robot.lookup("#masks-weights").query().isVisible(),
                "and every part is on the page");
        key(KeyCode.RIGHT);
        assertEquals(chapter(MASKS + 1), progress());
    }

    @Test
    void inClassModeTheQuizIsTheLastPart() {
        robot.interact(() -> chapters.classModeProperty().set(true));
        key(KeyCode.F5);
        key(KeyCode.RIGHT);
        assertTrue(inView("#masks-weights"));
        key(KeyCode.RIGHT);
        assertEquals(chapter(MASKS), progress(), "the quiz comes before the next page");
        assertTrue(inView("#quiz-prompt"), "the quiz is brought into view");
        assertTrue(inView("#masks-weights"), "beside the last figure");
        key(KeyCode.RIGHT);
        assertEquals(chapter(MASKS + 1), progress());
    }

    private String step(int n, int of) {
        return "Step " + n + " of " + of;
    }

    /** Step n of the tiny GPT's 20: fed so far the prompt's first n symbols, past the prompt " · " and its own. */
    private void assertGenerationStep(int n) {
        assertEquals(step(n, 20), text("#kv-gen-step"), "generation step " + n);
        String fed = text("#kv-gen-text");
        String work = text("#kv-gen-work");
        if (n <= PROMPT.length()) {
            assertTrue(fed.contains(": " + PROMPT.substring(0, n) + "   —"), fed);
            assertTrue(work.startsWith("Step " + n + " of 20: the prompt’s “" + PROMPT.charAt(n - 1) + "” is fed"),
                    work);
        } else {
            assertTrue(fed.matches(".*: " + PROMPT + " · [A-Z]{" + (n - PROMPT.length()) + "}   —.*"), fed);
            assertTrue(work.startsWith("Step " + n + " of 20: “"), work);
        }
    }

    private String text(String query) {
        return robot.lookup(query).queryAs(Labeled.class).getText();
    }

    @Test
    void thePresenterKeysStepTheTinyGptsGenerationAfterTheToyModel() {
        robot.interact(() -> chapters.goTo(KV - 1));
        robot.interact(() -> chapters.classModeProperty().set(true));
        key(KeyCode.F5);
        assertEquals(chapter(KV), progress());
        assertEquals(step(1, 6), text("#kv-step"));
        assertTrue(inView("#kv-map"));
        for (int n = 2; n <= 6; n++) {
            key(KeyCode.RIGHT);
            assertEquals(step(n, 6), text("#kv-step"), "the toy model first, a token at a time");
        }
        key(KeyCode.PAGE_DOWN);
        assertEquals(chapter(KV), progress(), "after the toy model's last token, its cache, from the first token");
        // in class mode the cache and the chart are covered until their questions are answered
        assertTrue(inView("#cover-kv-cache"), "the cache's part is brought into view");
        assertFalse(inView("#kv-map"));
        assertEquals(step(1, 6), text("#kv-step"));
        for (int n = 2; n <= 6; n++) {
            key(KeyCode.RIGHT);
            assertEquals(step(n, 6), text("#kv-step"), "the cache grows a token at a time");
        }
        key(KeyCode.RIGHT);
        assertTrue(inView("#cover-kv-chart"), "then the work with and without the cache");
        assertFalse(inView("#cover-kv-cache"));
        key(KeyCode.PAGE_DOWN);
        assertEquals(chapter(KV), progress(), "then the tiny GPT");
        assertTrue(inView("#kv-gen-map"), "its map's part is brought into view");
        assertFalse(inView("#cover-kv-chart"));
        assertFalse(inView("#kv-gen-text"), "the map fills the slide: its lines wait");
        assertGenerationStep(1);
        for (int n = 2; n <= 20; n++) {
            key(n % 2 == 0 ? KeyCode.RIGHT : KeyCode.PAGE_DOWN);
            assertGenerationStep(n);
        }
        key(KeyCode.RIGHT);
        assertEquals(chapter(KV), progress(), "after the map's last step, the tiny GPT's lines from the first");
        assertTrue(inView("#kv-gen-text"));
        assertTrue(inView("#kv-gen-work"));
        assertFalse(inView("#kv-gen-map"));
        assertGenerationStep(1);
        for (int n = 2; n <= 20; n++) {
            key(KeyCode.RIGHT);
            assertGenerationStep(n);
        }
        key(KeyCode.RIGHT);
        assertEquals(chapter(KV), progress(), "in class mode the quiz comes before the next page");
        assertTrue(inView("#quiz-prompt"));
        key(KeyCode.RIGHT);
        assertEquals(chapter(KV + 1), progress());

        key(KeyCode.LEFT);
        assertEquals(chapter(KV), progress(), "back, at the quiz");
        assertTrue(inView("#quiz-prompt"));
        key(KeyCode.LEFT);
        assertTrue(inView("#kv-gen-text"), "before the quiz, the tiny GPT's lines at its last step");
        assertGenerationStep(20);
        for (int n = 19; n >= 1; n--) {
            key(KeyCode.LEFT);
            assertGenerationStep(n);
        }
        key(KeyCode.LEFT);
        assertTrue(inView("#kv-gen-map"), "before its lines' first step, its map at its last");
        assertFalse(inView("#kv-gen-text"));
        assertGenerationStep(20);
        for (int n = 19; n >= 1; n--) {
            key(n % 2 == 0 ? KeyCode.LEFT : KeyCode.PAGE_UP);
            assertGenerationStep(n);
        }
        key(KeyCode.LEFT);
        assertTrue(inView("#cover-kv-chart"), "before the tiny GPT's first step, the toy model's chart");
        assertGenerationStep(1);
        key(KeyCode.LEFT);
        assertTrue(inView("#cover-kv-cache"), "its cache at the last token");
        assertEquals(step(6, 6), text("#kv-step"));
        for (int n = 5; n >= 1; n--) {
            key(KeyCode.LEFT);
            assertEquals(step(n, 6), text("#kv-step"));
        }
        key(KeyCode.LEFT);
        assertTrue(inView("#kv-map"), "before the cache's first token, the map at its last");
        assertEquals(step(6, 6), text("#kv-step"));
        for (int n = 5; n >= 1; n--) {
            key(KeyCode.LEFT);
            assertEquals(step(n, 6), text("#kv-step"));
        }
        key(KeyCode.LEFT);
        assertEquals(chapter(KV - 1), progress());
    }

    @Test
    void flashAttentionsRunningMAndLFollowItsMapATileAtATime() {
        robot.interact(() -> chapters.goTo(FLASH - 1));
        key(KeyCode.F5);
        assertEquals(chapter(FLASH), progress());
        assertTrue(inView("#flash-map"));
        assertFalse(inView("#flash-rows"), "the map fills the slide: the table waits");
        // the course's 8 tokens in tiles of 4 query rows by 2 keys: 2 x 4 tiles
        for (int n = 2; n <= 8; n++) {
            key(KeyCode.RIGHT);
            assertEquals(step(n, 8), text("#flash-step"));
        }
        key(KeyCode.RIGHT);
        assertEquals(chapter(FLASH), progress(), "after the last tile, the running m and l from the first");
        assertTrue(inView("#flash-rows"));
        assertFalse(inView("#flash-map"));
        assertEquals(step(1, 8), text("#flash-step"));
        key(KeyCode.LEFT);
        assertTrue(inView("#flash-map"), "back, the map at its last tile");
        assertEquals(step(8, 8), text("#flash-step"));
    }
}
