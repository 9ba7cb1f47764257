package org.attentionexplainer.ui.shell;

import java.io.File;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** Asks the user for a file or folder; the system's choosers, or a fixed answer in tests. */
public interface PathChooser {
    /** A file to write, or null if the user gave up. */
    File saveFile(Window owner, String title, String extension, String initialName);

    File openFile(Window owner, String title, String extension);

    File folder(Window owner, String title);

    /** The platform's file and folder dialogs, opening in the folder last used ({@link LastFolder}). */
    static PathChooser system(Settings settings) {
        LastFolder last = new LastFolder(settings);
        return new PathChooser() {
            @Override
            public File saveFile(Window owner, String title, String extension, String initialName) {
                FileChooser c = chooser(title, extension);
                c.setInitialFileName(initialName);
                return remembered(c.showSaveDialog(owner));
            }

            @Override
            public File openFile(Window owner, String title, String extension) {
                return remembered(chooser(title, extension).showOpenDialog(owner));
            }

            @Override
            public File folder(Window owner, String title) {
                DirectoryChooser c = new DirectoryChooser();
                c.setTitle(title);
                c.setInitialDirectory(last.initial());
                return remembered(c.showDialog(owner));
            }

            private File remembered(File chosen) {
                last.remember(chosen);
                return chosen;
            }

            private FileChooser chooser(String title, String extension) {
                FileChooser c = last.apply(new FileChooser());
                c.setTitle(title);
                c.getExtensionFilters().add(new FileChooser.ExtensionFilter(
                        extension.toUpperCase(java.util.Locale.ROOT), "*." + extension));
                return c;
            }
        };
    }
}
