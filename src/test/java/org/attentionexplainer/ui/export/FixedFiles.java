package org.attentionexplainer.ui.export;

import java.io.File;
import java.nio.file.Path;
import javafx.stage.Window;
import org.attentionexplainer.ui.shell.PathChooser;

/** Answers every file question with {@link #file} and every folder question with {@link #folder}; tests set them. */
public final class FixedFiles implements PathChooser {
    public volatile Path file;
    public volatile Path folder;

    public FixedFiles(Path folder) {
        this.folder = folder;
        this.file = folder.resolve("unused");
    }

    @Override
    public File saveFile(Window owner, String title, String extension, String initialName) {
        return file.toFile();
    }

    @Override
    public File openFile(Window owner, String title, String extension) {
        return file.toFile();
    }

    @Override
    public File folder(Window owner, String title) {
        return folder.toFile();
    }
}
