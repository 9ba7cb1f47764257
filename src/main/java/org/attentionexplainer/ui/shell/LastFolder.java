package org.attentionexplainer.ui.shell;

import java.io.File;
import java.util.List;
import javafx.stage.FileChooser;

/**
 * The folder every file chooser of the app opens in: the one the user last chose a file in
 * (kept in the settings, so a restart remembers it), or the chooser's default when that folder
 * is gone.
 */
public final class LastFolder {
    static final String KEY = "files.lastFolder";
    private final Settings settings;

    public LastFolder(Settings settings) {
        this.settings = settings;
    }

    /** The folder to open in, or null for the chooser's own default. */
    public File initial() {
        String saved = settings.get(KEY, "");
        File f = saved.isEmpty() ? null : new File(saved);
        return f != null && f.isDirectory() ? f : null;
    }

    /** Remembers the folder of a chosen file (or a chosen folder itself); null is ignored. */
    public void remember(File chosen) {
        if (chosen == null) {
            return;
        }
        File folder = chosen.isDirectory() ? chosen : chosen.getAbsoluteFile().getParentFile();
        if (folder != null) {
            settings.put(KEY, folder.getAbsolutePath());
        }
    }

    /** The chosen files' folder, when any were chosen. */
    public void remember(List<File> chosen) {
        if (chosen != null && !chosen.isEmpty()) {
            remember(chosen.get(0));
        }
    }

    /** Points a chooser at the last folder. */
    public FileChooser apply(FileChooser chooser) {
        chooser.setInitialDirectory(initial());
        return chooser;
    }
}
