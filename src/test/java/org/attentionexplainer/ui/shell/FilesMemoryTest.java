package org.attentionexplainer.ui.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The folder the choosers open in, and the recent sessions, as the settings keep them. */
class FilesMemoryTest {
    @TempDir
    Path dir;

    @Test
    void theChoosersOpenWhereTheLastFileWasChosenUnlessThatFolderIsGone() throws Exception {
        Settings settings = new org.attentionexplainer.ui.MemorySettings();
        LastFolder last = new LastFolder(settings);
        assertNull(last.initial(), "the chooser's default at first");
        Path slides = Files.createDirectories(dir.resolve("slides"));
        last.remember(slides.resolve("head-01.png").toFile());
        assertEquals(slides.toFile(), new LastFolder(settings).initial(), "kept for the next chooser and run");
        last.remember(dir.toFile());                                        // a chosen folder is itself the place
        assertEquals(dir.toFile(), last.initial());
        last.remember((File) null);
        assertEquals(dir.toFile(), last.initial(), "a cancelled chooser changes nothing");
        last.remember(slides.resolve("x.json").toFile());
        Files.delete(slides);
        assertNull(last.initial(), "a folder that is gone is not offered");
    }

    @Test
    void recentSessionsAreNewestFirstOnceEachAtMostEightAndOnlyThoseThatExist() throws Exception {
        Settings settings = new org.attentionexplainer.ui.MemorySettings();
        RecentFiles recent = new RecentFiles(settings);
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            files.add(Files.writeString(dir.resolve("s" + i + ".json"), "{}"));
            recent.add(files.get(i));
        }
        recent.add(files.get(4));
        List<Path> list = new RecentFiles(settings).list();
        assertEquals(8, list.size());
        assertEquals(List.of(files.get(4), files.get(9), files.get(8), files.get(7), files.get(6), files.get(5),
                files.get(3), files.get(2)), list);
        Files.delete(files.get(9));
        assertEquals(7, recent.list().size(), "a deleted file is left out");
        assertEquals(files.get(4), recent.list().get(0));
    }
}
