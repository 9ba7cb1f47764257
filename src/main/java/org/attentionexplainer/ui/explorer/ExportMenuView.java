package org.attentionexplainer.ui.explorer;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.attentionexplainer.export.AtomicFiles;
import org.attentionexplainer.export.BatchExporter;
import org.attentionexplainer.export.SessionFiles;
import org.attentionexplainer.export.SpecException;
import org.attentionexplainer.lesson.explorer.Session;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * The explorer's Export menu: export the view or every head (with progress and cancel),
 * copy the map as an image, save and open a session. Every overwrite is confirmed; every
 * failure is a dialog and the window keeps running.
 */
final class ExportMenuView {
    /** Ctrl+C (Cmd+C on macOS) on the map. */
    static final KeyCombination COPY = new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN);
    private final ExplorerViewModel vm;
    private final I18n i18n;
    private final ExplorerExport export;
    private PathChooser chooser = PathChooser.SYSTEM;

    ExportMenuView(ExplorerViewModel vm, I18n i18n) {
        this.vm = vm;
        this.i18n = i18n;
        this.export = new ExplorerExport(vm);
    }

    void setChooser(PathChooser c) {
        chooser = c;
    }

    MenuButton createView() {
        MenuButton menu = new MenuButton();
        menu.setId("explorer-export");
        menu.textProperty().bind(i18n.text("export.menu"));
        MenuItem exportItem = item("export-menu-export", "export.menu.export", () -> exportAsked(menu.getScene().getWindow()));
        MenuItem copy = item("export-menu-copy", "export.menu.copy", this::copy);
        copy.setAccelerator(COPY);
        MenuItem save = item("export-menu-save", "export.menu.save", () -> saveSession(menu.getScene().getWindow()));
        MenuItem open = item("export-menu-open", "export.menu.open", () -> openSession(menu.getScene().getWindow()));
        menu.getItems().addAll(exportItem, copy, save, open);
        return menu;
    }

    private MenuItem item(String id, String key, Runnable action) {
        MenuItem item = new MenuItem();
        item.setId(id);
        item.textProperty().bind(i18n.text(key));
        item.setOnAction(e -> action.run());
        return item;
    }

    /** Puts the map on the clipboard as an image. */
    void copy() {
        var img = export.image();
        if (img != null) {
            ClipboardContent content = new ClipboardContent();
            content.putImage(SwingFXUtils.toFXImage(img, null));
            Clipboard.getSystemClipboard().setContent(content);
        }
    }

    private void exportAsked(Window owner) {
        new ExportDialog(i18n).ask(owner).ifPresent(c -> {
            if (c.allHeads()) {
                File dir = chooser.folder(owner, i18n.get("export.chooseFolder"));
                if (dir != null) {
                    exportAll(owner, c, dir.toPath());
                }
            } else {
                String ext = c.format().extension();
                File file = chooser.saveFile(owner, i18n.get("export.chooseFile"), ext, "attention." + ext);
                if (file != null) {
                    exportView(owner, c, file.toPath());
                }
            }
        });
    }

    /** Writes the view to {@code file}, asking before replacing it. */
    void exportView(Window owner, ExplorerExport.Choice c, Path file) {
        if (file.toFile().exists() && !confirm(owner, i18n.get("export.confirm.replace", file.getFileName()))) {
            return;
        }
        try {
            export.writeView(c, file, AtomicFiles.Existing.REPLACE);
            vm.showInfo(i18n.get("export.done", 1, file.toAbsolutePath().getParent()));
        } catch (IOException | RuntimeException e) {
            error(owner, e);
        }
    }

    /** Every head into {@code dir}, with a progress window and cancel; asks before replacing files. */
    void exportAll(Window owner, ExplorerExport.Choice c, Path dir) {
        List<Path> clash = export.existing(c, dir);
        if (!clash.isEmpty() && !confirm(owner, i18n.get("export.confirm.replaceMany", clash.size(), dir))) {
            return;
        }
        AtomicBoolean cancelled = new AtomicBoolean();
        ProgressBar bar = new ProgressBar(0);
        bar.setId("export-progress");
        bar.setPrefWidth(320);
        Label status = new Label(i18n.get("export.progress.start"));
        Button cancel = new Button(i18n.get("export.progress.cancel"));
        cancel.setId("export-cancel");
        cancel.setOnAction(e -> cancelled.set(true));
        VBox box = new VBox(10, status, bar, cancel);
        box.setPadding(new javafx.geometry.Insets(16));
        Stage progress = new Stage();
        progress.initOwner(owner);
        progress.initModality(Modality.WINDOW_MODAL);
        progress.setTitle(i18n.get("export.dialog.title"));
        progress.setScene(new javafx.scene.Scene(box));
        if (owner != null && owner.getScene() != null) {
            progress.getScene().getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        progress.show();
        Thread worker = new Thread(() -> {
            try {
                BatchExporter.Result r = export.writeAll(c, dir, AtomicFiles.Existing.REPLACE,
                        (done, total, file) -> Platform.runLater(() -> {
                            bar.setProgress(done / (double) total);
                            status.setText(i18n.get("export.progress.file", done, total, file.getFileName()));
                        }), cancelled::get);
                Platform.runLater(() -> {
                    progress.close();
                    vm.showInfo(i18n.get(r.cancelled() ? "export.cancelled" : "export.done", r.written().size(), dir));
                });
            } catch (IOException | RuntimeException e) {
                Platform.runLater(() -> {
                    progress.close();
                    error(owner, e);
                });
            }
        }, "export-all");
        worker.setDaemon(true);
        worker.start();
    }

    private void saveSession(Window owner) {
        File file = chooser.saveFile(owner, i18n.get("export.session.save"), "json", "attention-session.json");
        if (file != null) {
            saveSession(owner, file.toPath());
        }
    }

    /** Saves the whole setting, asking before replacing a file. */
    void saveSession(Window owner, Path file) {
        if (file.toFile().exists() && !confirm(owner, i18n.get("export.confirm.replace", file.getFileName()))) {
            return;
        }
        try {
            SessionFiles.write(file, ExplorerSessions.snapshot(vm), AtomicFiles.Existing.REPLACE);
            vm.showInfo(i18n.get("export.session.saved", file.getFileName()));
        } catch (IOException | RuntimeException e) {
            error(owner, e);
        }
    }

    private void openSession(Window owner) {
        File file = chooser.openFile(owner, i18n.get("export.session.open"), "json");
        if (file != null) {
            openSession(owner, file.toPath());
        }
    }

    void openSession(Window owner, Path file) {
        try {
            Session s = SessionFiles.read(file);
            ExplorerSessions.restore(vm, s);
        } catch (SpecException | RuntimeException e) {
            error(owner, e);
        }
    }

    private boolean confirm(Window owner, String text) {
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, text, ButtonType.OK, ButtonType.CANCEL);
        a.initOwner(owner);
        a.setHeaderText(null);
        return a.showAndWait().filter(b -> b == ButtonType.OK).isPresent();
    }

    private void error(Window owner, Exception e) {
        String why = e instanceof java.nio.file.FileSystemException f && f.getReason() != null
                ? f.getReason() + " (" + f.getFile() + ")" : String.valueOf(e.getMessage());
        Alert a = new Alert(Alert.AlertType.ERROR, i18n.get("export.error", why), ButtonType.OK);
        a.initOwner(owner);
        a.setHeaderText(null);
        a.show();
    }
}
