package org.attentionexplainer.ui.shell;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The sessions opened or saved last, newest first, for File > Open recent (kept in the settings). */
public final class RecentFiles {
    static final String KEY = "files.recent";
    static final int MAX = 8;
    private final Settings settings;

    public RecentFiles(Settings settings) {
        this.settings = settings;
    }

    /** The files, newest first, leaving out those that no longer exist. */
    public List<Path> list() {
        List<Path> out = new ArrayList<>();
        for (String line : settings.get(KEY, "").split("\n")) {
            if (!line.isBlank()) {
                try {
                    Path p = Path.of(line);
                    if (Files.isRegularFile(p) && !out.contains(p)) {
                        out.add(p);
                    }
                } catch (java.nio.file.InvalidPathException e) {
                    // a line this system cannot read as a path: left out
                }
            }
        }
        return out;
    }

    /** Puts a file first (once), keeping at most {@link #MAX}. */
    public void add(Path file) {
        Path p = file.toAbsolutePath().normalize();
        List<Path> all = new ArrayList<>(list());
        all.remove(p);
        all.add(0, p);
        StringBuilder text = new StringBuilder();
        for (Path q : all.subList(0, Math.min(MAX, all.size()))) {
            text.append(q).append('\n');
        }
        settings.put(KEY, text.toString());
    }
}
