package org.attentionexplainer.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compute command reports its problems and its results in the language of --lang, as the
 * export command does: a Turkish user reads a refusal in Turkish; without --lang it stays English.
 */
class ComputeCommandLanguageTest {
    private static final String GOOD = "{\"input\": [[1, 0], [0, 1], [1, 1]]}";

    @TempDir
    Path dir;

    private Path spec(String json) throws Exception {
        return Files.writeString(dir.resolve("case.json"), json);
    }

    @Test
    void aBadSpecIsRefusedInTheLanguageAsked() throws Exception {
        Path spec = spec("{\"input\": [[1, 0]], \"causal\": \"yes\"}");
        String out = dir.resolve("out").toString();
        CliRun turkish = CliRun.of("compute", "--spec", spec.toString(), "--out", out, "--lang", "tr");
        assertEquals(ExitCodes.BAD_INPUT, turkish.status(), turkish.err());
        assertEquals("compute: causal: true ya da false olmalı, \"yes\" verildi", turkish.err().strip());
        CliRun english = CliRun.of("compute", "--spec", spec.toString(), "--out", out);
        assertEquals("compute: causal: must be true or false, got \"yes\"", english.err().strip());
        spec = spec("{\"input\": [[1, 2, 3, 4]], \"heads\": 3}");
        turkish = CliRun.of("compute", "--spec", spec.toString(), "--out", out, "--lang", "tr");
        english = CliRun.of("compute", "--spec", spec.toString(), "--out", out);
        assertEquals(ExitCodes.BAD_INPUT, turkish.status(), turkish.err());
        assertTrue(english.err().startsWith("compute: heads: "), english.err());
        assertTrue(turkish.err().startsWith("compute: heads: 3 kafa"), turkish.err());
    }

    @Test
    void aFolderThatCannotTakeTheResultsIsRefusedInTheLanguageAsked() throws Exception {
        Path spec = spec(GOOD);
        Path file = Files.writeString(dir.resolve("results"), "x");
        CliRun turkish = CliRun.of("compute", "--spec", spec.toString(), "--out", file.toString(), "--lang", "tr");
        assertEquals(ExitCodes.CANNOT_WRITE, turkish.status(), turkish.err());
        assertEquals("compute: " + file + " bir dosya, klasör değil", turkish.err().strip());
        CliRun english = CliRun.of("compute", "--spec", spec.toString(), "--out", file.toString());
        assertEquals("compute: " + file + " is a file, not a folder", english.err().strip());
        CliRun beside = CliRun.of("compute", "--spec", spec.toString(), "--out", dir.toString(), "--lang", "tr");
        assertEquals("compute: --out " + dir + ", tanımın case.json girdisini içeriyor; sonuçları başka bir klasöre"
                + " yazın", beside.err().strip());
    }

    @Test
    void theLineOfFilesWrittenFollowsTheLanguageAsked() throws Exception {
        Path spec = spec(GOOD);
        Path tr = dir.resolve("tr");
        CliRun turkish = CliRun.of("compute", "--spec", spec.toString(), "--out", tr.toString(), "--lang", "tr");
        assertEquals(ExitCodes.OK, turkish.status(), turkish.err());
        String line = turkish.out().strip();
        assertTrue(line.matches("\\d+ dosya " + java.util.regex.Pattern.quote(tr.toString())
                + " klasörüne yazıldı \\(.+, \\d+,\\d ms\\)"), line);
        Path en = dir.resolve("en");
        CliRun english = CliRun.of("compute", "--spec", spec.toString(), "--out", en.toString());
        line = english.out().strip();
        assertTrue(line.matches("wrote \\d+ files to " + java.util.regex.Pattern.quote(en.toString())
                + " \\(.+, \\d+\\.\\d ms\\)"), line);
    }
}
