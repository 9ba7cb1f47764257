package org.attentionexplainer.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.attentionexplainer.engine.tinygpt.GptModelFile;
import org.attentionexplainer.engine.tinygpt.TrainingOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The train command on short runs: its output and file, and one line on stderr for bad input. */
class TrainCommandTest {
    @TempDir
    Path dir;

    @Test
    void aShortRunPrintsEveryTenthAndWritesTheModel() throws Exception {
        Path out = dir.resolve("m" + GptModelFile.EXTENSION);
        CliRun r = CliRun.of("train", "--out", out.toString(), "--steps", "20", "--heads", "2", "--seed", "3");
        assertEquals(ExitCodes.OK, r.status(), r.err());
        assertEquals("", r.err());
        List<String> lines = r.out().strip().lines().toList();
        assertEquals(12, lines.size(), r.out());
        assertTrue(lines.get(0).startsWith("step     2/20  loss first half "), lines.get(0));
        assertTrue(lines.get(9).startsWith("step    20/20  "), lines.get(9));
        assertTrue(lines.get(10).startsWith("trained in "), lines.get(10));
        assertTrue(lines.get(10).contains("on 200 held-out sequences"), lines.get(10));
        assertEquals("wrote " + out, lines.get(11));
        GptModelFile.Saved saved = GptModelFile.read(out);
        assertEquals(2, saved.weights().config().heads());
        assertEquals(new TrainingOptions(3, 20, 32, 0.01), saved.training());
    }

    @Test
    void badInputIsOneLineOnStderrAndWritesNothing() throws Exception {
        Path out = dir.resolve("m" + GptModelFile.EXTENSION);
        assertOneLine(CliRun.of("train", "--out", out.toString(), "--seed", "abc"), ExitCodes.BAD_INPUT,
                "train: --seed must be a whole number, got 'abc'");
        assertOneLine(CliRun.of("train", "--out", out.toString(), "--layers", "0"), ExitCodes.BAD_INPUT,
                "train: --layers: must be between 1 and 8, got 0");
        assertOneLine(CliRun.of("train", "--out", out.toString(), "--heads", "5"), ExitCodes.BAD_INPUT,
                "train: --heads: 5 heads do not divide d_model 64");
        assertOneLine(CliRun.of("train", "--out", out.toString(), "--d-model", "48", "--heads", "5"),
                ExitCodes.BAD_INPUT, "train: --heads: 5 heads do not divide d_model 48");
        assertOneLine(CliRun.of("train", "--out", out.toString(), "--learning-rate", "fast"), ExitCodes.BAD_INPUT,
                "train: --learning-rate must be a number, got 'fast'");
        assertOneLine(CliRun.of("train", "--out", dir.resolve("no/such/m.tinygpt").toString()),
                ExitCodes.CANNOT_WRITE, "train: folder ");
        Files.writeString(out, "mine");
        assertOneLine(CliRun.of("train", "--out", out.toString(), "--steps", "1"), ExitCodes.CANNOT_WRITE,
                "train: " + out + " exists; use --force to replace it");
        assertEquals("mine", Files.readString(out));
        try (var files = Files.list(dir)) {
            assertEquals(List.of(out), files.toList(), "no debris");
        }
    }

    private static void assertOneLine(CliRun r, int status, String start) {
        assertEquals(status, r.status(), r.err());
        assertEquals("", r.out());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith(start), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }
}
