package org.attentionexplainer.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The export command reports its problems in the language of --lang, as its titles and captions
 * are: a Turkish user reads a refusal in Turkish; without --lang it stays English.
 */
class ExportCommandLanguageTest {
    private static final String SENTENCE = "Your journey starts with one step";

    @TempDir
    Path dir;

    @Test
    void refusalsFollowTheLanguageAsked() throws Exception {
        CliRun scale = CliRun.of("export", "--sentence", SENTENCE, "--out", dir.toString(), "--scale", "5",
                "--lang", "tr");
        assertEquals(ExitCodes.BAD_INPUT, scale.status(), scale.err());
        assertEquals("export: ölçek 1, 2, 3 ya da 4 olmalı, verilen: 5", scale.err().strip());
        CliRun format = CliRun.of("export", "--sentence", SENTENCE, "--out", dir.toString(), "--format", "gif",
                "--lang", "tr");
        assertEquals("export: bilinmeyen biçim 'gif': png, svg, csv ya da npy kullanın", format.err().strip());
        Files.writeString(dir.resolve("head-01.svg"), "keep");
        CliRun exists = CliRun.of("export", "--sentence", SENTENCE, "--out", dir.toString(), "--format", "svg",
                "--heads", "1", "--no-grid", "--lang", "tr");
        assertEquals(ExitCodes.CANNOT_WRITE, exists.status(), exists.err());
        assertEquals("export: " + dir.resolve("head-01.svg") + " zaten var; değiştirmek için --force kullanın",
                exists.err().strip());
        CliRun english = CliRun.of("export", "--sentence", SENTENCE, "--out", dir.toString(), "--scale", "5");
        assertEquals("export: scale must be 1, 2, 3 or 4, got 5", english.err().strip());
    }
}
