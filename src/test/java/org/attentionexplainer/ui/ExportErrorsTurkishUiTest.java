package org.attentionexplainer.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.input.KeyCode;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.ui.export.FixedFiles;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window's export errors in Turkish: a picture exported into a folder that is not there
 * says so in Turkish, with nothing of the English reason left.
 */
class ExportErrorsTurkishUiTest {
    private final FxRobot robot = new FxRobot();

    @TempDir
    Path dir;

    @AfterEach
    void close() throws Exception {
        MainWindow.close();
    }

    @Test
    void aPictureExportedIntoAMissingFolderSaysSoInTurkish() throws Exception {
        FixedFiles files = new FixedFiles(dir);
        AppContext context = new AppContext(new I18n(Locale.forLanguageTag("tr")), BackgroundWork.sameThread(),
                CompletableFuture.completedFuture(new AttentionEngine()), new MemorySettings()).withFiles(files);
        MainWindow.open(context, "chapters");
        robot.clickOn("#chapter-progress");
        Path missing = dir.resolve("yok");
        files.file = missing.resolve("resim.png");
        robot.push(KeyCode.SHORTCUT, KeyCode.E);
        WaitForAsyncUtils.waitForFxEvents();
        DialogPane export = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        robot.clickOn((Button) export.lookupButton(ButtonType.OK));
        WaitForAsyncUtils.waitForFxEvents();
        String error = robot.lookup(".dialog-pane").queryAllAs(DialogPane.class).stream()
                .map(DialogPane::getContentText).filter(t -> t != null && t.startsWith("Dışa aktarılamadı"))
                .findFirst().orElseThrow(() -> new AssertionError("no export error shown"));
        assertEquals("Dışa aktarılamadı: " + missing + " klasörü yok", error);
        assertTrue(!error.contains("does not exist") && !error.contains("folder"), error);
        assertTrue(Files.notExists(missing), "nothing made");
    }
}
