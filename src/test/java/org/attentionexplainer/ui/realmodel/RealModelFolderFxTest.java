package org.attentionexplainer.ui.realmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.model.TinyModels;
import org.attentionexplainer.ui.MemorySettings;
import org.attentionexplainer.ui.export.FixedFiles;
import org.attentionexplainer.ui.home.HomeScreen;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.MainView;
import org.attentionexplainer.ui.shell.MainViewModel;
import org.attentionexplainer.ui.theme.Theme;
import org.controlsfx.control.ToggleSwitch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * File > Open model folder… in a window, headless, with a real worker thread and no built-in
 * model: a tiny GPT-2 folder opens in the real-model screen with its name, its 2 x 4 heads and
 * the causal switch fixed on; a bad folder then shows one line and the tiny model stays.
 */
@ExtendWith(ApplicationExtension.class)
class RealModelFolderFxTest {
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "test-worker");
        t.setDaemon(true);
        return t;
    });
    @TempDir
    static Path dir;
    private FixedFiles files;
    private RealModelScreen screen;

    @Start
    void start(Stage stage) {
        files = new FixedFiles(TinyModels.folder("tiny-gpt2"));
        AppContext context = new AppContext(new I18n(Locale.ENGLISH), BackgroundWork.forApp(worker),
                CompletableFuture.supplyAsync(AttentionEngine::new, worker), new MemorySettings()).withFiles(files);
        screen = new RealModelScreen(context, TestModels.absent());
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

    private void openModelFolder(FxRobot robot) {
        robot.clickOn("File");
        robot.clickOn("#menu-file-open-model");
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void aTinyGpt2FolderOpensFromTheFileMenuAndABadOneLeavesItShown(FxRobot robot) throws Exception {
        openModelFolder(robot);
        RealModelViewModel vm = screen.model();
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> vm.overviewProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Model: tiny-gpt2", robot.lookup("#real-model-name").queryAs(Label.class).getText());
        assertEquals(8, robot.lookup(".real-thumb").queryAll().size());
        assertEquals(vm.tokensProperty().size(), robot.lookup("#real-tokens .token-chip").queryAll().size());
        ToggleSwitch causal = robot.lookup("#real-causal").queryAs(ToggleSwitch.class);
        assertTrue(causal.isSelected());
        assertTrue(causal.isDisabled(), "a decoder's causal mask is its own");
        assertTrue(robot.lookup("#real-whatif-decoder").query().isVisible());
        assertFalse(robot.lookup("#real-cancel").query().isVisible(), "no load to cancel any more");

        Path bad = TinyModels.copy("tiny-gpt2", dir.resolve("broken"));
        byte[] weights = Files.readAllBytes(bad.resolve("model.safetensors"));
        Files.write(bad.resolve("model.safetensors"), java.util.Arrays.copyOf(weights, weights.length / 2));
        files.folder = bad;
        openModelFolder(robot);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> vm.errorProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        String message = robot.lookup("#real-message").queryAs(Label.class).getText();
        assertTrue(message.contains("model.safetensors") && message.contains("truncated"), message);
        assertTrue(message.contains("header. The model shown, tiny-gpt2, stays."), message);
        assertEquals(8, robot.lookup(".real-thumb").queryAll().size());
        assertEquals("Model: tiny-gpt2", robot.lookup("#real-model-name").queryAs(Label.class).getText());
        assertFalse(robot.lookup("#real-progress").query().isVisible());
    }
}
