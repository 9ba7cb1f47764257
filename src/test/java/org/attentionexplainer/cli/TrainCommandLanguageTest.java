package org.attentionexplainer.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The train command reports its problems and its progress in the language of --lang, as the
 * export command does; without --lang it stays English.
 */
class TrainCommandLanguageTest {
    @TempDir
    Path dir;

    @Test
    void badInputIsRefusedInTheLanguageAsked() {
        String out = dir.resolve("m.tinygpt").toString();
        CliRun seed = CliRun.of("train", "--out", out, "--seed", "abc", "--lang", "tr");
        assertEquals(ExitCodes.BAD_INPUT, seed.status(), seed.err());
        assertEquals("train: --seed bir tam sayı olmalı, verilen: 'abc'", seed.err().strip());
        CliRun heads = CliRun.of("train", "--out", out, "--heads", "5", "--lang", "tr");
        assertEquals("train: --heads: 5 kafa d_model 64 değerini tam bölmüyor", heads.err().strip());
        Path nowhere = dir.resolve("yok").resolve("m.tinygpt");
        CliRun folder = CliRun.of("train", "--out", nowhere.toString(), "--lang", "tr");
        assertEquals(ExitCodes.CANNOT_WRITE, folder.status(), folder.err());
        assertEquals("train: " + nowhere.getParent() + " klasörü yok", folder.err().strip());
        CliRun english = CliRun.of("train", "--out", out, "--seed", "abc");
        assertEquals("train: --seed must be a whole number, got 'abc'", english.err().strip());
    }

    @Test
    void theProgressAndTheResultFollowTheLanguageAsked() {
        Path out = dir.resolve("m.tinygpt");
        CliRun r = CliRun.of("train", "--out", out.toString(), "--steps", "10", "--heads", "2", "--lang", "tr");
        assertEquals(ExitCodes.OK, r.status(), r.err());
        List<String> lines = r.out().strip().lines().toList();
        assertTrue(lines.get(0).matches("adım     1/10  ilk yarının kaybı \\d+,\\d{3}  ikinci yarınınki \\d+,\\d{3}"
                + "  \\(\\d+,\\d sn\\)"), lines.get(0));
        String trained = lines.get(lines.size() - 2);
        assertTrue(trained.matches("\\d+,\\d sn'de eğitildi; 200 yeni dizide: tümevarım \\d,\\d{3} .*"), trained);
        assertFalse(trained.contains("{"), trained);
        assertEquals(out + " yazıldı", lines.get(lines.size() - 1));
    }
}
