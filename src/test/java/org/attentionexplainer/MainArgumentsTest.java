package org.attentionexplainer;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file manager's double-click passes the session's path alone: that opens the window, not a command. */
class MainArgumentsTest {
    @Test
    void oneExistingSessionSpecOrNpyFileOpensTheWindowAnythingElseIsACommand(@TempDir Path dir) throws Exception {
        Path session = Files.writeString(dir.resolve("class.attention.json"), "{}");
        Path npy = Files.writeString(dir.resolve("w.npy"), "x");
        Path text = Files.writeString(dir.resolve("notes.txt"), "x");
        assertTrue(Main.opensInWindow(new String[] {session.toString()}));
        assertTrue(Main.opensInWindow(new String[] {npy.toString()}));
        assertFalse(Main.opensInWindow(new String[] {text.toString()}));
        assertFalse(Main.opensInWindow(new String[] {dir.resolve("gone.json").toString()}));
        assertFalse(Main.opensInWindow(new String[] {"compute"}));
        assertFalse(Main.opensInWindow(new String[] {"--help"}));
        assertFalse(Main.opensInWindow(new String[] {session.toString(), "--quiet"}));
    }
}
