package org.attentionexplainer.ui.export;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableStringValue;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.stage.Window;
import org.attentionexplainer.export.AtomicFiles;
import org.attentionexplainer.export.BatchExporter;
import org.attentionexplainer.export.ExportErrors;
import org.attentionexplainer.export.ExportFormat;
import org.attentionexplainer.export.FigureFiles;
import org.attentionexplainer.export.FigureParts;
import org.attentionexplainer.export.PngWriter;
import org.attentionexplainer.export.Resolution;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.Failures;
import org.attentionexplainer.ui.shell.FileAction;
import org.attentionexplainer.ui.shell.FileActions;
import org.attentionexplainer.ui.shell.PathChooser;

/**
 * The export and session actions of one screen, used by the File menu and by the screen's
 * own export menu alike: the picture and the numbers of what the screen shows, every head
 * into a folder (with progress and cancel), sessions. A screen switches on what applies to
 * it; the rest stays off and says why. Every overwrite is confirmed; every failure is one
 * dialog and the screen keeps its state.
 */
public final class ExportActions implements FileActions {
    /** The figure a screen exports, with the parts asked for, laid out for export; null when there is none. */
    public interface Figures {
        Figure figure(FigureParts parts);
    }

    /** Every head of what the screen shows, into a folder. */
    public interface Heads {
        /** The files writing would make that exist already. */
        List<Path> existing(ExportDialog.Choice choice, Path dir);

        BatchExporter.Result write(ExportDialog.Choice choice, Path dir, BatchExporter.Progress progress,
                                   BooleanSupplier cancelled) throws IOException;
    }

    /** The screen's whole setting as a file. */
    public interface Sessions {
        void save(Path file) throws IOException;

        /** Reads and applies {@code file}; throws with one line, the screen unchanged, when it cannot. */
        void open(Path file) throws Exception;
    }

    private static final List<ExportFormat> PICTURES = List.of(ExportFormat.PNG, ExportFormat.SVG);
    private static final List<ExportFormat> EVERY_FORMAT = List.of(ExportFormat.values());

    private final I18n i18n;
    private final PathChooser files;
    private final Consumer<String> report;
    private final Map<FileAction, ObservableBooleanValue> available = new EnumMap<>(FileAction.class);
    private final Map<FileAction, ObservableStringValue> whyNot = new EnumMap<>(FileAction.class);
    private Figures figures;
    private Supplier<String> baseName = () -> "attention";
    private Heads heads;
    private Sessions sessions;

    /**
     * Nothing on until the screen offers it.
     *
     * @param report shows a line when something was written (the screen's status line)
     */
    private org.attentionexplainer.ui.shell.RecentFiles recent;

    public ExportActions(I18n i18n, PathChooser files, Consumer<String> report) {
        this.i18n = i18n;
        this.files = files;
        this.report = report;
        off(FileAction.PICTURE, "export.off.screen");
        off(FileAction.COPY_PICTURE, "export.off.screen");
        off(FileAction.DATA, "export.off.screen");
        off(FileAction.ALL_HEADS, "export.off.heads");
        off(FileAction.SAVE_SESSION, "export.off.sessions");
        off(FileAction.OPEN_SESSION, "export.off.sessions");
    }

    private void off(FileAction a, String key) {
        available.put(a, Bindings.createBooleanBinding(() -> false));
        whyNot.put(a, i18n.text(key));
    }

    /**
     * The picture and the numbers of what the screen shows.
     *
     * @param on     whether there is a figure now
     * @param why    why not, while there is none
     * @param name   the file name offered, without extension
     */
    public ExportActions figures(ObservableBooleanValue on, ObservableStringValue why, Supplier<String> name,
                                 Figures f) {
        figures = f;
        baseName = name;
        for (FileAction a : List.of(FileAction.PICTURE, FileAction.COPY_PICTURE, FileAction.DATA)) {
            available.put(a, on);
            whyNot.put(a, why);
        }
        return this;
    }

    /** Every head into a folder, while {@code on}. */
    public ExportActions heads(ObservableBooleanValue on, ObservableStringValue why, Heads h) {
        heads = h;
        available.put(FileAction.ALL_HEADS, on);
        whyNot.put(FileAction.ALL_HEADS, why);
        return this;
    }

    public ExportActions sessions(Sessions s) {
        sessions = s;
        for (FileAction a : List.of(FileAction.SAVE_SESSION, FileAction.OPEN_SESSION)) {
            available.put(a, Bindings.createBooleanBinding(() -> true));
            whyNot.put(a, Bindings.createStringBinding(() -> ""));
        }
        return this;
    }

    @Override
    public ObservableBooleanValue available(FileAction action) {
        return available.get(action);
    }

    @Override
    public ObservableStringValue whyNot(FileAction action) {
        return whyNot.get(action);
    }

    @Override
    public void run(FileAction action, Window owner) {
        if (!available.get(action).get()) {
            return;
        }
        switch (action) {
            case PICTURE -> picture(owner);
            case COPY_PICTURE -> copy();
            case DATA -> data(owner);
            case ALL_HEADS -> allHeads(owner);
            case SAVE_SESSION -> saveSession(owner);
            case OPEN_SESSION -> openSession(owner);
        }
    }

    private void picture(Window owner) {
        new ExportDialog(i18n).ask(owner, "export.dialog.picture", PICTURES).ifPresent(c -> {
            File file = files.saveFile(owner, i18n.get("export.chooseFile"), c.format().extension(),
                    baseName.get() + "." + c.format().extension());
            if (file != null) {
                write(owner, c, file.toPath());
            }
        });
    }

    private void data(Window owner) {
        Figure f = figures.figure(FigureParts.ALL);
        if (f == null) {
            return;
        }
        new ExportDialog(i18n).ask(owner, "export.dialog.data", FigureFiles.dataFormats(f)).ifPresent(c -> {
            File file = files.saveFile(owner, i18n.get("export.chooseFile"), c.format().extension(),
                    baseName.get() + "." + c.format().extension());
            if (file != null) {
                write(owner, c, file.toPath());
            }
        });
    }

    /** Writes the figure in the chosen format to {@code file}, asking before replacing it. */
    void write(Window owner, ExportDialog.Choice c, Path file) {
        if (Files.exists(file) && !confirm(owner, i18n.get("export.confirm.replace", file.getFileName()))) {
            return;
        }
        try {
            Figure f = figures.figure(c.parts());
            if (f == null) {
                throw new IOException(i18n.get("export.nothing"));
            }
            FigureFiles.write(f, c.format(), c.resolution(), file, AtomicFiles.Existing.REPLACE);
            report.accept(i18n.get("export.done", 1, file.toAbsolutePath().getParent()));
        } catch (IOException | RuntimeException | OutOfMemoryError e) {
            error(owner, "export.error", e);
        }
    }

    private void allHeads(Window owner) {
        new ExportDialog(i18n).ask(owner, "export.dialog.heads", EVERY_FORMAT).ifPresent(c -> {
            File dir = files.folder(owner, i18n.get("export.chooseFolder"));
            if (dir != null) {
                writeAll(owner, c, dir.toPath());
            }
        });
    }

    /** Every head into {@code dir}, with a progress window and cancel; asks before replacing files. */
    void writeAll(Window owner, ExportDialog.Choice c, Path dir) {
        List<Path> clash = heads.existing(c, dir);
        if (!clash.isEmpty() && !confirm(owner, i18n.get("export.confirm.replaceMany", clash.size(), dir))) {
            return;
        }
        new ExportProgress(i18n, owner).run((progress, cancelled) -> heads.write(c, dir, progress, cancelled),
                r -> report.accept(i18n.get(r.cancelled() ? "export.cancelled" : "export.done", r.written().size(), dir)),
                e -> error(owner, "export.error", e));
    }

    private void saveSession(Window owner) {
        File file = files.saveFile(owner, i18n.get("export.session.save"), "json", "session.attention.json");
        if (file == null) {
            return;
        }
        Path path = file.toPath();
        if (Files.exists(path) && !confirm(owner, i18n.get("export.confirm.replace", path.getFileName()))) {
            return;
        }
        try {
            sessions.save(path);
            if (recent != null) {
                recent.add(path);
            }
            report.accept(i18n.get("export.session.saved", path.getFileName()));
        } catch (IOException | RuntimeException e) {
            error(owner, "export.error", e);
        }
    }

    private void openSession(Window owner) {
        File file = files.openFile(owner, i18n.get("export.session.open"), "json");
        if (file != null) {
            openSession(owner, file.toPath());
        }
    }

    /** Opens a session file (from the chooser, File > Open recent or a drop on the window). */
    public void openSession(Window owner, java.nio.file.Path file) {
        try {
            sessions.open(file);
            if (recent != null) {
                recent.add(file);
            }
        } catch (Exception e) {
            error(owner, "export.session.error", e);
        }
    }

    /** Remembers sessions opened and saved here in {@code recent} (File > Open recent). */
    public ExportActions withRecent(org.attentionexplainer.ui.shell.RecentFiles recent) {
        this.recent = recent;
        return this;
    }

    /** Puts the picture on the clipboard as an image, at twice its layout size. */
    public void copy() {
        Figure f = figures == null ? null : figures.figure(FigureParts.ALL);
        if (f != null) {
            try {
                FigureFiles.requireRoom(f, ExportFormat.PNG, Resolution.times(2), i18n.get("menu.file.copyPicture"));
                ClipboardContent content = new ClipboardContent();
                content.putImage(SwingFXUtils.toFXImage(PngWriter.image(FigureFiles.draw(f), Resolution.times(2)),
                        null));
                Clipboard.getSystemClipboard().setContent(content);
            } catch (RuntimeException | OutOfMemoryError e) {
                error(null, "export.error", e);
            }
        }
    }

    private boolean confirm(Window owner, String text) {
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, text, ButtonType.OK, ButtonType.CANCEL);
        a.initOwner(owner);
        a.setHeaderText(null);
        return a.showAndWait().filter(b -> b == ButtonType.OK).isPresent();
    }

    private void error(Window owner, String key, Throwable e) {
        String detail = e instanceof OutOfMemoryError ? Failures.describe(i18n, e) : describe(i18n, e);
        Alert a = new Alert(Alert.AlertType.ERROR, i18n.get(key, detail), ButtonType.OK);
        a.initOwner(owner);
        a.setHeaderText(null);
        a.show();
    }

    /** One line in the reader's language: the file system's reason with the file, or the problem. */
    static String describe(I18n i18n, Throwable e) {
        return ExportErrors.describe(i18n.texts(), e);
    }
}
