package org.attentionexplainer.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import javafx.scene.control.Labeled;
import javafx.scene.control.Slider;
import javafx.scene.control.Spinner;
import javafx.scene.input.KeyCode;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.ui.chapters.RegisteredChapters;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * "Why attention", "KV cache" and "FlashAttention" in a real window, headless, in English and
 * Turkish: their maps drawn, their numbers (from tools/golden/make_why_kv_flash.py and the
 * FLOP formulas), the steps taken with the presenter keys and the step buttons, a key block
 * size changed. Numbers are checked without their sign and decimal mark style where the two
 * languages differ only in that.
 */
class WhyKvFlashChaptersUiTest {
    private static final AttentionEngine ENGINE = new AttentionEngine();
    private final FxRobot robot = new FxRobot();
    private boolean turkish;

    private void open(String tag) throws Exception {
        turkish = tag.equals("tr");
        AppContext context = new AppContext(new I18n(Locale.forLanguageTag(tag)), BackgroundWork.sameThread(),
                CompletableFuture.completedFuture(ENGINE), new MemorySettings());
        MainWindow.open(context, "chapters");
        robot.clickOn("#chapter-progress");
    }

    @AfterEach
    void close() throws Exception {
        MainWindow.close();
    }

    private String text(String query) {
        return robot.lookup(query).queryAs(Labeled.class).getText();
    }

    /** 0.1031 in English, 0,1031 in Turkish. */
    private String number(String english) {
        return turkish ? english.replace(",", "\u0000").replace('.', ',').replace('\u0000', '.') : english;
    }

    private void key(KeyCode... codes) {
        robot.push(codes);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void show(String id) {
        key(KeyCode.I);
        robot.clickOn("#index-" + id);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void assertMapShown(String query) {
        HeatmapControl map = robot.lookup(query).queryAs(HeatmapControl.class);
        assertNotNull(map.getFigure(), query + " has nothing to draw");
        assertTrue(map.isVisible());
    }

    private String progress(int chapter) {
        return (turkish ? "Bölüm " + chapter + " / " : "Chapter " + chapter + " of ") + RegisteredChapters.ids().size();
    }

    private String step(int n, int of) {
        return turkish ? "Adım " + n + " / " + of : "Step " + n + " of " + of;
    }

    private String stepAlone(int n) {
        return turkish ? "Adım " + n : "Step " + n;
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "tr"})
    void whyAttentionComesFirstAndFollowsTheLength(String tag) throws Exception {
        open(tag);
        assertEquals(progress(1), text("#chapter-progress"));
        assertMapShown("#why-map");
        // PyTorch: at 8 words the first word has 0.0064 of the RNN's sensitivity, 0.1031 of attention's weight
        String first = text("#why-first");
        assertTrue(first.contains(number("0.0064")) && first.contains(number("0.1031")), first);
        Slider slider = robot.lookup("#why-words").queryAs(Slider.class);
        robot.interact(() -> slider.setValue(20));
        WaitForAsyncUtils.waitForFxEvents();
        // at 20 words: 9.2e-8 of the sensitivity, 0.0416 of the weight
        first = text("#why-first");
        assertTrue(first.startsWith("20 ") && first.contains(number("0.0000")) && first.contains(number("0.0416")),
                first);
        assertTrue(text("#why-kept").contains("20 × 4 = 80"), text("#why-kept"));
        key(KeyCode.RIGHT);
        assertEquals(progress(2), text("#chapter-progress"), "no steps here: Right turns the page");
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "tr"})
    void theKvCacheIsSteppedATokenAtATime(String tag) throws Exception {
        open(tag);
        show("kv-cache");
        assertEquals(progress(10), text("#chapter-progress"));
        assertMapShown("#kv-map");
        assertEquals(step(1, 6), text("#kv-step"));
        assertTrue(robot.lookup("#kv-cache-k-2").tryQuery().isEmpty(), "one token fed, one row cached");
        for (int n = 2; n <= 6; n++) {
            key(n % 2 == 0 ? KeyCode.RIGHT : KeyCode.PAGE_DOWN);
            assertEquals(step(n, 6), text("#kv-step"));
        }
        // step 6: 36 + 8·6 = 84 FLOPs with the cache, 36·6 + 8·36 = 504 without; steps 1–6: 384 and 1,484
        String work = text("#kv-step-text");
        assertTrue(work.contains("84") && work.contains("504") && work.contains("384")
                && work.contains(number("1,484")), work);
        // PyTorch: the sixth key, step's, is [-0.2258, -0.4782]
        String k6 = text("#kv-cache-k-6");
        assertTrue(k6.contains(number("0.2258")) && k6.contains(number("0.4782")), k6);
        assertTrue(text("#kv-same").endsWith(": 0"), "the cache is exact: " + text("#kv-same"));
        key(KeyCode.LEFT);
        assertEquals(step(5, 6), text("#kv-step"), "Left steps back");
        robot.clickOn("#kv-next");
        assertEquals(step(6, 6), text("#kv-step"));
        key(KeyCode.RIGHT);
        assertEquals(progress(11), text("#chapter-progress"), "after the last token Right turns the page");
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "tr"})
    void flashAttentionIsSteppedATileAtATime(String tag) throws Exception {
        open(tag);
        show("flash");
        assertEquals(progress(11), text("#chapter-progress"));
        assertMapShown("#flash-map");
        assertEquals(stepAlone(1), text("#flash-step"), "how many tiles is the quiz's first question");
        key(KeyCode.F5);
        key(KeyCode.RIGHT);
        // presenting without class mode the quiz is off the slide, so the count is not covered
        assertEquals(step(2, 8), text("#flash-step"), "presentation mode: Right steps");
        key(KeyCode.F5);
        assertEquals(stepAlone(2), text("#flash-step"), "back at the desk the question is open again");
        // PyTorch's block loop: keys 3-4 raise m of q3 from -0.8535 to 1.1169; e^(-1.9704) = 0.1394
        assertEquals(number("0.1394"), text("#flash-rescale-3"));
        assertTrue(text("#flash-m-3").endsWith(number("1.1169")), text("#flash-m-3"));
        assertEquals("–", text("#flash-m-5"), "rows 5 to 8 have not started");
        assertTrue(text("#flash-difference").matches(".*: \\d" + (turkish ? "," : "\\.") + "\\d × 10⁻[¹²³⁴⁵⁶⁷⁸⁹⁰]+"),
                "rounding, as a power of ten: " + text("#flash-difference"));
        robot.clickOn("#quiz-answer");
        robot.write("8");
        key(KeyCode.ENTER);
        key(KeyCode.ESCAPE);
        assertEquals(step(2, 8), text("#flash-step"), "answered: 2 blocks of 4 rows × 4 blocks of 2 keys");

        Spinner<?> blockK = robot.lookup("#flash-block-k").queryAs(Spinner.class);
        robot.interact(() -> ((Spinner<Integer>) blockK).getValueFactory().setValue(3));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(step(2, 6), text("#flash-step"), "blocks of 3 keys: 2 × 3 tiles");
        // keys 4-6 raise m of q1 from 0.0841 to 0.2154: e^(-0.1313) = 0.8769
        assertEquals(number("0.8769"), text("#flash-rescale-1"));
        for (int i = 3; i <= 6; i++) {
            robot.clickOn("#flash-next");
        }
        assertEquals(step(6, 6), text("#flash-step"));
        key(KeyCode.PAGE_DOWN);
        assertEquals(progress(12), text("#chapter-progress"));
    }
}
