package org.attentionexplainer.ui.tinygpt;

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
import javafx.scene.chart.LineChart;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.ui.MemorySettings;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.home.HomeScreen;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.MainView;
import org.attentionexplainer.ui.shell.MainViewModel;
import org.attentionexplainer.ui.theme.Theme;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The screen in a window, headless, with a real worker and a real training thread: it opens
 * trained, a bad seed typed gets its message and keeps the model, and a short run draws its
 * loss curves, repaints the maps and fills the head table.
 */
@ExtendWith(ApplicationExtension.class)
class TinyGptFxTest {
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> daemon(r, "test-worker"));
    private final ExecutorService trainer = Executors.newSingleThreadExecutor(r -> daemon(r, "test-training"));
    private TinyGptScreen screen;

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    @Start
    void start(Stage stage) {
        AppContext context = new AppContext(new I18n(Locale.ENGLISH), BackgroundWork.forApp(worker),
                CompletableFuture.supplyAsync(AttentionEngine::new, worker), new MemorySettings());
        screen = new TinyGptScreen(context, trainer);
        MainViewModel main = new MainViewModel(context, List.of(new HomeScreen(context), screen));
        Scene scene = new Scene(new MainView(main, stage::close).createView(), 1280, 800);
        scene.getStylesheets().setAll(Theme.base(), Theme.LIGHT.stylesheet());
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void stopThreads() {
        worker.shutdownNow();
        trainer.shutdownNow();
    }

    @Test
    void opensTrainedRefusesABadSeedAndTrainsAShortRun(FxRobot robot) throws Exception {
        robot.clickOn("Train a tiny GPT");
        TinyGptViewModel vm = screen.model();
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> vm.scoresProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        HeatmapControl heatmap = robot.lookup("#explorer-heatmap").queryAs(HeatmapControl.class);
        assertNotNull(heatmap.shownProperty().get(), "the maps of layer 1 are painted");
        assertEquals(4, heatmap.getFigure().panelCount(), "one map per head");
        assertNotNull(robot.lookup("#tinygpt-head-2-4").query(), "a row for layer 2, head 4");
        assertTrue(robot.lookup("#tinygpt-predictions .token-chip").queryAll().size() >= 1);

        robot.doubleClickOn("#tinygpt-seed").write("x1");
        robot.clickOn("#tinygpt-train");
        WaitForAsyncUtils.waitForFxEvents();
        Label message = robot.lookup("#tinygpt-message").queryAs(Label.class);
        assertEquals("Seed must be a whole number, not \"x1\". The current model stays.", message.getText());
        assertTrue(message.getStyleClass().contains("error-text"));

        robot.doubleClickOn("#tinygpt-seed").write("4");
        TextField steps = robot.lookup("#tinygpt-steps").queryAs(TextField.class);
        robot.doubleClickOn(steps).write("30");
        robot.clickOn("#tinygpt-train");
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS,
                () -> vm.statusProperty().get() == TinyGptViewModel.Status.READY && vm.lossesProperty().size() == 30);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(message.getText().startsWith("Trained in "), message.getText());
        assertFalse(message.getStyleClass().contains("error-text"));
        @SuppressWarnings("unchecked")
        LineChart<Number, Number> chart = robot.lookup("#tinygpt-loss").queryAs(LineChart.class);
        assertEquals(30, chart.getData().get(0).getData().size(), "first-half loss, every step of a short run");
        assertEquals(30, chart.getData().get(1).getData().size());
        assertEquals(1.0, vm.progressProperty().get());
        assertFalse(robot.lookup("#tinygpt-loss-none").query().isVisible(), "the curves, not the note");
        assertTrue(robot.lookup(".tinygpt .chart-legend").queryAll().stream().anyMatch(Node::isVisible),
                "which curve is which");
    }
}
