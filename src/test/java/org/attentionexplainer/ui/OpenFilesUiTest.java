package org.attentionexplainer.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import javafx.stage.Window;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.ui.explorer.ExplorerScreen;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.FileAction;
import org.attentionexplainer.ui.shell.MainViewModel;
import org.attentionexplainer.ui.shell.RecentFiles;
import org.attentionexplainer.ui.shell.Settings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Files given to the window, as a drop on it or File > Open recent gives them: a session opens
 * in the explorer (from any screen), a compute spec loads as one; saved and opened sessions are
 * listed under Open recent.
 */
class OpenFilesUiTest {
    private static final AttentionEngine ENGINE = new AttentionEngine();
    private final FxRobot robot = new FxRobot();

    @TempDir
    Path dir;

    @AfterEach
    void close() throws Exception {
        MainWindow.close();
    }

    @Test
    void aSessionGivenToTheWindowOpensInTheExplorerAndIsListedAsRecent() throws Exception {
        Path session = dir.resolve("class.json");
        Settings settings = new org.attentionexplainer.ui.MemorySettings();
        org.attentionexplainer.ui.export.FixedFiles answer = new org.attentionexplainer.ui.export.FixedFiles(dir);
        answer.file = session;
        AppContext context = new AppContext(new I18n(Locale.ENGLISH), BackgroundWork.sameThread(),
                CompletableFuture.completedFuture(ENGINE), settings).withFiles(answer);
        MainViewModel model = MainWindow.open(context, "explorer");
        ExplorerScreen explorer = (ExplorerScreen) model.currentProperty().get();
        Window window = robot.lookup("#blank-screen").query().getScene().getWindow();
        robot.interact(() -> explorer.model().sentenceProperty().set("a bird sings at dawn"));
        robot.interact(() -> explorer.fileActions().orElseThrow().run(FileAction.SAVE_SESSION, window));
        assertTrue(Files.isRegularFile(session));
        assertEquals(List.of(session.toAbsolutePath()), new RecentFiles(settings).list());

        robot.interact(() -> explorer.model().sentenceProperty().set("something else entirely"));
        robot.interact(() -> model.currentProperty().set(model.screens().get(0)));        // the walkthrough
        boolean[] opened = new boolean[1];
        robot.interact(() -> opened[0] = model.openFile(session, window));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(opened[0]);
        assertEquals("explorer", model.currentProperty().get().id(), "the explorer is shown");
        assertEquals("a bird sings at dawn", explorer.model().sentenceProperty().get());

        javafx.scene.control.MenuBar bar = robot.lookup(".menu-bar").queryAs(javafx.scene.control.MenuBar.class);
        javafx.scene.control.Menu recent = (javafx.scene.control.Menu) bar.getMenus().get(0).getItems().stream()
                .filter(i -> "menu-file-recent".equals(i.getId())).findFirst().orElseThrow();
        robot.interact(() -> recent.getOnShowing().handle(null));                     // as when the menu opens
        assertTrue(recent.getItems().stream().anyMatch(i -> i.getText().startsWith("class.json")),
                "File > Open recent lists the session");
    }

    @Test
    void aComputeSpecGivenToTheWindowLoadsInTheExplorerAndOtherFilesAreLeftAlone() throws Exception {
        Path spec = Files.writeString(dir.resolve("case.json"), "{\"tokens\": [\"x\", \"y\"], \"input\": [[1, 0], [0, 1]],"
                + " \"heads\": 1, \"projection\": \"identity\"}");
        AppContext context = new AppContext(new I18n(Locale.ENGLISH), BackgroundWork.sameThread(),
                CompletableFuture.completedFuture(ENGINE), new org.attentionexplainer.ui.MemorySettings());
        MainViewModel model = MainWindow.open(context, "walkthrough");
        Window window = robot.lookup("#blank-screen").query().getScene().getWindow();
        boolean[] opened = new boolean[2];
        robot.interact(() -> opened[0] = model.openFile(spec, window));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(opened[0]);
        ExplorerScreen explorer = (ExplorerScreen) model.currentProperty().get();
        assertEquals(List.of("x", "y"), explorer.model().figureProperty().get().data(0).rowLabels());
        Path text = Files.writeString(dir.resolve("notes.txt"), "hello");
        robot.interact(() -> opened[1] = model.openFile(text, window));
        assertFalse(opened[1], "a text file is not taken");
    }
}
