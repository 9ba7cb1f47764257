package org.attentionexplainer.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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

    @Test
    void aSpecOrSessionThatCannotBeUsedIsRefusedInTheLanguageAsked() throws Exception {
        Path spec = Files.writeString(dir.resolve("case.json"), "{\"input\": [[1, 0]], \"causal\": \"yes\"}");
        CliRun turkish = CliRun.of("export", "--spec", spec.toString(), "--out", dir.toString(), "--lang", "tr");
        assertEquals(ExitCodes.BAD_INPUT, turkish.status(), turkish.err());
        assertEquals("export: causal: true ya da false olmalı, \"yes\" verildi", turkish.err().strip());
        CliRun english = CliRun.of("export", "--spec", spec.toString(), "--out", dir.toString());
        assertEquals("export: causal: must be true or false, got \"yes\"", english.err().strip());
        CliRun session = CliRun.of("export", "--session", dir.resolve("none.json").toString(), "--out",
                dir.toString(), "--lang", "tr");
        assertEquals("export: " + dir.resolve("none.json") + ": böyle bir dosya yok", session.err().strip());
    }

    @Test
    void theLineOfFilesWrittenFollowsTheLanguageAsked() {
        CliRun turkish = CliRun.of("export", "--sentence", SENTENCE, "--out", dir.resolve("tr").toString(), "--format",
                "csv", "--heads", "1", "--no-grid", "--lang", "tr");
        assertEquals(ExitCodes.OK, turkish.status(), turkish.err());
        List<String> lines = turkish.out().strip().lines().toList();
        assertEquals(dir.resolve("tr").resolve("head-01.csv").toString(), lines.get(0));
        // the seconds with the Turkish decimal comma, as the figures' captions write numbers
        assertTrue(lines.get(1).matches("1 dosya \\d+,\\d\\d saniyede yazıldı"), lines.get(1));
        CliRun english = CliRun.of("export", "--sentence", SENTENCE, "--out", dir.resolve("en").toString(), "--format",
                "csv", "--heads", "1", "--no-grid");
        assertTrue(english.out().strip().lines().toList().get(1).matches("wrote 1 files in \\d+\\.\\d\\d s"),
                english.out());
    }
}
