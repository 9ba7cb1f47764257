package org.attentionexplainer.ui.realmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.attentionexplainer.ui.MemorySettings;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.home.HomeScreen;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.MainView;
import org.attentionexplainer.ui.shell.MainViewModel;
import org.attentionexplainer.ui.shell.Settings;
import org.attentionexplainer.ui.theme.Theme;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The real-model screen in a window, headless, with a real worker thread and the trained
 * model from the class path: the overview opens with 72 thumbnails, hovering reads out a
 * cell and a click focuses that head in the explorer's view.
 */
@ExtendWith(ApplicationExtension.class)
class RealModelFxTest {
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "test-worker");
        t.setDaemon(true);
        return t;
    });
    private RealModelScreen screen;

    @Start
    void start(Stage stage) {
        AppContext context = new AppContext(new I18n(Locale.ENGLISH), BackgroundWork.forApp(worker),
                CompletableFuture.supplyAsync(AttentionEngine::new, worker), new MemorySettings());
        screen = new RealModelScreen(context, TestModels.loaded());
        MainViewModel main = new MainViewModel(context, List.of(new HomeScreen(context), screen));
        Scene scene = new Scene(new MainView(main, stage::close).createView(), 1280, 800);
        scene.getStylesheets().setAll(Theme.base(), Theme.LIGHT.stylesheet());
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void stopWorker() {
        worker.shutdownNow();
    }

    @Test
    void theOverviewShowsSeventyTwoHeadsAndAClickFocusesOne(FxRobot robot) throws Exception {
        robot.clickOn("Real model");
        RealModelViewModel vm = screen.model();
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> vm.overviewProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(72, robot.lookup(".real-thumb").queryAll().size());
        assertEquals(13, robot.lookup("#real-tokens .token-chip").queryAll().size());
        assertNotNull(robot.lookup("L6").query());
        assertNotNull(robot.lookup("H12").query());

        robot.moveTo("#real-thumb-1-3");
        WaitForAsyncUtils.waitForFxEvents();
        String readout = robot.lookup("#real-readout").queryAs(Label.class).getText();
        assertTrue(readout.startsWith("L1 H3: query"), readout);

        // Leave the first thumbnail so its tooltip closes and cannot lie over the next target.
        robot.moveTo("#real-legend");
        WaitForAsyncUtils.sleep(600, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#real-thumb-4-9");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(3, vm.focusedLayerProperty().get(), "the click reached layer 4, head 9");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> vm.focusModel().traceProperty().get() != null
                && vm.focusModel().traceProperty().get().headCount() == 12);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(3, vm.focusedLayerProperty().get());
        assertEquals(8, vm.focusedHeadProperty().get());
        assertEquals(8, vm.focusModel().display().headProperty().get());
        assertTrue(robot.lookup("#real-thumb-4-9").query().getPseudoClassStates().contains(OverviewView.CHOSEN));
        Node focus = robot.lookup("#real-focus").query();
        assertTrue(focus.isVisible());
        HeatmapControl heatmap = robot.lookup("#explorer-heatmap").queryAs(HeatmapControl.class);
        assertNotNull(heatmap.shownProperty().get(), "the focused head is painted");
        assertEquals(13, heatmap.getFigure().data(0).rows());
        assertEquals("Layer 4, head 9", robot.lookup("#real-focus-title").queryAs(Label.class).getText());
    }

    @Test
    void aTextLongerThanTheFineTuningLengthShowsTheNotice(FxRobot robot) throws Exception {
        robot.clickOn("Real model");
        RealModelViewModel vm = screen.model();
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> vm.overviewProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        Label notice = robot.lookup("#real-length-notice").queryAs(Label.class);
        assertFalse(notice.isVisible(), "13 tokens are well within the 128 of fine-tuning");
        robot.interact(() -> vm.sentenceProperty().set("word ".repeat(127)));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> vm.overviewProperty().get().size() == 129);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(notice.isVisible());
        assertTrue(notice.getText().startsWith("This text has 129 tokens, but all-MiniLM-L6-v2 was fine-tuned on at "
                + "most 128"), notice.getText());
    }

    /**
     * A Turkish sentence is cut into the English vocabulary's pieces: the screen says so next
     * to them, told from the text (the app here is in English), and says nothing for English.
     */
    @Test
    void aTextThatIsNotEnglishGetsANoticeNextToItsPieces(FxRobot robot) throws Exception {
        robot.clickOn("Real model");
        RealModelViewModel vm = screen.model();
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> vm.overviewProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#real-language-notice").tryQuery().map(n -> !n.isVisible()).orElse(false),
                "the notice is there, and hidden for the English sentence");
        robot.interact(() -> vm.sentenceProperty().set("kedi yorgun olduğu için uyudu"));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> vm.overviewProperty().get().tokens().contains("##rg"));
        WaitForAsyncUtils.waitForFxEvents();
        Label notice = robot.lookup("#real-language-notice").queryAs(Label.class);
        assertTrue(notice.isVisible());
        assertTrue(notice.getText().startsWith("all-MiniLM-L6-v2 is an English model"), notice.getText());
        assertTrue(notice.getText().contains("ked ##i · yo ##rg ##un"), notice.getText());
        assertTrue(notice.getText().contains("not Turkish suffixes"), notice.getText());
        robot.interact(() -> vm.sentenceProperty().set("The cat was tired, so it slept."));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> vm.overviewProperty().get().tokens().contains("slept"));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(notice.isVisible());
    }
}
