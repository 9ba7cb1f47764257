package org.attentionexplainer.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import javafx.scene.Node;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Labeled;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.MainViewModel;
import org.controlsfx.control.ToggleSwitch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The tiny GPT outside its own screen, in a real window, headless: the KV-cache chapter stepping
 * through its generation (English and Turkish), and the Train screen's button showing it in the
 * real-model view, causal as a decoder is. The numbers are the model's sizes by hand (2 layers,
 * 4 heads, d_model 64), not the weights of the day.
 */
class TinyGptElsewhereUiTest {
    private static final AttentionEngine ENGINE = new AttentionEngine();
    private final FxRobot robot = new FxRobot();
    private boolean turkish;

    private MainViewModel open(String tag, String screen) throws Exception {
        turkish = tag.equals("tr");
        AppContext context = new AppContext(new I18n(Locale.forLanguageTag(tag)), BackgroundWork.sameThread(),
                CompletableFuture.completedFuture(ENGINE), new MemorySettings());
        return MainWindow.open(context, screen);
    }

    @AfterEach
    void close() throws Exception {
        MainWindow.close();
    }

    private String text(String query) {
        return robot.lookup(query).queryAs(Labeled.class).getText();
    }

    private void press(String query) {
        ButtonBase button = robot.lookup(query).queryAs(ButtonBase.class);
        assertTrue(!button.isDisabled(), query + " is disabled");
        robot.interact(button::fire);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private String step(int n, int of) {
        return turkish ? "Adım " + n + " / " + of : "Step " + n + " of " + of;
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "tr"})
    void theKvChapterGeneratesWithTheTinyGpt(String tag) throws Exception {
        open(tag, "chapters");
        robot.clickOn("#chapter-progress");
        robot.push(KeyCode.I);
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#index-kv-cache");
        WaitForAsyncUtils.waitForFxEvents();
        HeatmapControl map = robot.lookup("#kv-gen-map").queryAs(HeatmapControl.class);
        assertNotNull(map.getFigure(), "the tiny GPT's map is drawn");
        assertEquals(step(1, 20), text("#kv-gen-step"));
        assertTrue(text("#kv-gen-work").startsWith(turkish ? "Adım 1 / 20: istemdeki “K” veriliyor"
                : "Step 1 of 20: the prompt’s “K” is fed"), text("#kv-gen-work"));
        for (int n = 2; n <= 16; n++) {
            press("#kv-gen-next");
        }
        assertEquals(step(16, 20), text("#kv-gen-step"));
        String work = text("#kv-gen-work");
        assertTrue(work.contains(turkish ? "modelin yazdığı" : "written by the model"), work);
        // 2 layers, n = 16, d 64: 2·2·(4·64² + 2·16·64) = 73 728 with the cache, 2·2·(16·4·64² + 2·16²·64) = 1 179 648 without
        String with = turkish ? "73.728" : "73,728";
        String without = turkish ? "1.179.648" : "1,179,648";
        assertTrue(work.contains(with) && work.contains(without), work);
        assertTrue(work.matches("(?s).*: (0|\\d" + (turkish ? "," : "\\.") + "\\d × 10⁻?[¹²³⁴⁵⁶⁷⁸⁹⁰]+)$"),
                "the difference from full causal attention, as a power of ten: " + work);
        // 2 layers × 16 rows × 64 numbers, K and V: 4 096 numbers, 16 384 bytes
        String cache = text("#kv-gen-cache");
        assertTrue(cache.contains(turkish ? "4.096" : "4,096") && cache.contains(turkish ? "16.384" : "16,384"), cache);
        String fed = text("#kv-gen-text");
        assertTrue(fed.matches(".*KDXMQBTRAPKDXMQ · [A-Z]   —   " + (turkish ? "harita: katman 2, kafa" : "the map: layer 2, head")
                + " [1-4]"), "the prompt, one symbol written, the head shown: " + fed);
        press("#kv-gen-back");
        assertEquals(step(15, 20), text("#kv-gen-step"));
        assertEquals(turkish ? "Adım 1 / 6" : "Step 1 of 6", text("#kv-step"), "the toy model's steps stay apart");
    }

    @Test
    void theTrainScreenShowsItsModelInTheRealModelView() throws Exception {
        MainViewModel main = open("en", "tinygpt");
        press("#tinygpt-real");
        assertEquals("real", main.currentProperty().get().id());
        assertTrue(text("#real-model-name").contains("tiny GPT"), text("#real-model-name"));
        assertEquals("KDXMQBTRAP KDXMQ", robot.lookup("#real-sentence").queryAs(TextField.class).getText());
        ToggleSwitch causal = robot.lookup("#real-causal").queryAs(ToggleSwitch.class);
        assertTrue(causal.isSelected() && causal.isDisabled(), "the causal mask is the model's own");
        assertTrue(robot.lookup("#real-whatif-decoder").query().isVisible());
        assertTrue(text("#real-message").startsWith("Showing tiny GPT"), text("#real-message"));
        Node lastHead = robot.lookup("#real-thumb-2-4").query();
        assertNotNull(lastHead, "layer 2, head 4");
        assertTrue(robot.lookup("#real-thumb-3-1").tryQuery().isEmpty(), "two layers only");
        robot.clickOn(lastHead);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, ((org.attentionexplainer.ui.realmodel.RealModelScreen) main.currentProperty().get()).model()
                .focusedLayerProperty().get(), "a click on a head opens its arithmetic");
    }
}
