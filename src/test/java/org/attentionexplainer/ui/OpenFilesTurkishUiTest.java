package org.attentionexplainer.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.stage.Window;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.ui.explorer.ExplorerScreen;
import org.attentionexplainer.ui.export.FixedFiles;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.FileAction;
import org.attentionexplainer.ui.shell.MainViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A spec, session or .npy file that cannot be used, opened in a Turkish window, is refused in
 * Turkish: the reader's problem (the field, what it must be, what the file has) with nothing of its
 * English left, and the explorer stays as it was.
 */
class OpenFilesTurkishUiTest {
    private static final String SENTENCE = "kuşlar şafakta öter";
    private final FxRobot robot = new FxRobot();

    @TempDir
    Path dir;

    @AfterEach
    void close() throws Exception {
        MainWindow.close();
    }

    private MainViewModel open(FixedFiles files) throws Exception {
        AppContext context = new AppContext(new I18n(Locale.forLanguageTag("tr")), BackgroundWork.sameThread(),
                CompletableFuture.completedFuture(new AttentionEngine()), new MemorySettings()).withFiles(files);
        MainViewModel model = MainWindow.open(context, "explorer");
        ExplorerScreen explorer = (ExplorerScreen) model.currentProperty().get();
        robot.interact(() -> explorer.model().sentenceProperty().set(SENTENCE));
        return model;
    }

    @Test
    void aSpecWithAFieldOfTheWrongKindIsRefusedInTurkish() throws Exception {
        Path spec = Files.writeString(dir.resolve("durum.json"),
                "{\"input\": [[1, 0], [0, 1]], \"temperature\": \"sıcak\"}");
        MainViewModel model = open(new FixedFiles(dir));
        ExplorerScreen explorer = (ExplorerScreen) model.currentProperty().get();
        Window window = robot.lookup("#blank-screen").query().getScene().getWindow();
        robot.interact(() -> model.openFile(spec, window));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(explorer.model().errorProperty().get());
        assertEquals("durum.json kullanılamadı: temperature: bir sayı olmalı, \"sıcak\" verildi",
                explorer.model().messageProperty().get());
        assertEquals(SENTENCE, explorer.model().sentenceProperty().get());
    }

    @Test
    void aSessionOutOfRangeIsRefusedInTurkish() throws Exception {
        Path session = Files.writeString(dir.resolve("ders.json"), "{\"version\": 2, \"sentence\": \"a b\", "
                + "\"model\": {\"tokens\": [\"a\", \"b\"], \"dModel\": 4, \"heads\": 2, \"projection\": \"SEPARATE\"}, "
                + "\"controls\": {\"window\": 2, \"temperature\": 50, \"scaleMode\": \"NONE\", \"customScale\": 1}}");
        FixedFiles files = new FixedFiles(dir);
        files.file = session;
        MainViewModel model = open(files);
        ExplorerScreen explorer = (ExplorerScreen) model.currentProperty().get();
        Window window = robot.lookup("#blank-screen").query().getScene().getWindow();
        robot.interact(() -> explorer.fileActions().orElseThrow().run(FileAction.OPEN_SESSION, window));
        WaitForAsyncUtils.waitForFxEvents();
        String error = robot.lookup(".dialog-pane").queryAllAs(DialogPane.class).stream()
                .map(DialogPane::getContentText).filter(t -> t != null && t.startsWith("Oturum açılamadı"))
                .findFirst().orElseThrow(() -> new AssertionError("no error shown"));
        assertEquals("Oturum açılamadı: ders.json: sıcaklık [0.05, 10] aralığında olmalı, 50.0 verildi",
                error);
        assertEquals(SENTENCE, explorer.model().sentenceProperty().get());
    }

    @Test
    void aBadNpyFileIsRefusedInTurkishAsWeightsAndThroughASpec() throws Exception {
        Path weights = Files.writeString(dir.resolve("ağırlık.npy"), "merhaba");
        Path spec = Files.writeString(dir.resolve("durum.json"), "{\"input\": \"ağırlık.npy\"}");
        MainViewModel model = open(new FixedFiles(dir));
        ExplorerScreen explorer = (ExplorerScreen) model.currentProperty().get();
        robot.interact(() -> explorer.model().loadWeights(List.of(weights)));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("ağırlık.npy kullanılamadı: " + weights + ": .npy dosyası değil (NumPy imza başlığı yok)",
                robot.lookup("#explorer-message").queryAs(Label.class).getText());
        Window window = robot.lookup("#blank-screen").query().getScene().getWindow();
        robot.interact(() -> model.openFile(spec, window));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("durum.json kullanılamadı: input: " + weights + ": .npy dosyası değil (NumPy imza başlığı yok)",
                robot.lookup("#explorer-message").queryAs(Label.class).getText());
        assertEquals(SENTENCE, explorer.model().sentenceProperty().get());
    }
}
