package org.attentionexplainer.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.attentionexplainer.engine.Npy;
import org.attentionexplainer.engine.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The export command end to end, in process: files written, and one line for every refusal. */
class ExportCommandTest {
    private static final String SENTENCE = "Your journey starts with one step";

    @TempDir
    Path dir;

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    private static void assertOneLine(CliRun r, int status, String fragment) {
        assertEquals(status, r.status(), r.err());
        String[] lines = r.err().strip().split("\n");
        assertEquals(1, lines.length, "one line: " + r.err());
        assertTrue(lines[0].startsWith("export: ") && lines[0].contains(fragment), lines[0]);
        assertFalse(r.err().contains("Exception"), r.err());
    }

    private java.util.List<String> names(Path folder) throws IOException {
        try (var s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aSentenceBecomesOneFilePerHeadAndTheGridPrintedAsWritten() throws Exception {
        CliRun r = run("export", "--sentence", SENTENCE, "--heads-count", "3", "--out", dir.toString(), "--format",
                "png,csv", "--format", "npy", "--heads", "1,3", "--scale", "2");
        assertEquals(0, r.status(), r.err());
        assertEquals(java.util.List.of("grid.csv", "grid.npy", "grid.png", "head-01.csv", "head-01.npy",
                "head-01.png", "head-03.csv", "head-03.npy", "head-03.png"), names(dir));
        assertTrue(r.out().contains(dir.resolve("head-03.png").toString()), r.out());
        assertTrue(r.out().contains("wrote 9 files"), r.out());
        assertEquals(3, Npy.read(dir.resolve("grid.npy")).dim(0) + 1, "heads 1 and 3 stacked");
    }

    @Test
    void anExistingNameIsRefusedUnlessForced() throws Exception {
        Files.writeString(dir.resolve("head-02.svg"), "keep");
        CliRun r = run("export", "--sentence", SENTENCE, "--out", dir.toString(), "--format", "svg");
        assertOneLine(r, ExitCodes.CANNOT_WRITE, "head-02.svg exists; use --force");
        assertEquals(java.util.List.of("head-02.svg"), names(dir), "nothing written, nothing left behind");
        assertEquals("keep", Files.readString(dir.resolve("head-02.svg")));
        CliRun forced = run("export", "--sentence", SENTENCE, "--out", dir.toString(), "--format", "svg", "--force",
                "--quiet");
        assertEquals(0, forced.status(), forced.err());
        assertEquals("", forced.out());
        assertTrue(Files.readString(dir.resolve("head-02.svg")).contains("<svg"));
    }

    @Test
    void anEmptyOutIsAnError() throws Exception {
        java.util.List<String> here = names(Path.of(""));
        assertOneLine(run("export", "--sentence", SENTENCE, "--out", ""), ExitCodes.BAD_INPUT,
                "--out is empty: give the folder for the files");
        assertEquals(here, names(Path.of("")), "nothing written into the working folder");
    }

    @Test
    void aMissingFolderIsMadeWithItsParentsAndAFailedExportLeavesNoneBehind() throws Exception {
        Path made = dir.resolve("slides").resolve("week 3");
        CliRun r = run("export", "--sentence", SENTENCE, "--out", made.toString(), "--format", "svg", "--quiet");
        assertEquals(0, r.status(), r.err());
        assertEquals(java.util.List.of("grid.svg", "head-01.svg", "head-02.svg", "head-03.svg", "head-04.svg"),
                names(made));
        Path notMade = dir.resolve("other").resolve("sub");
        assertOneLine(run("export", "--sentence", SENTENCE, "--out", notMade.toString(), "--heads", "9"),
                ExitCodes.BAD_INPUT, "head 9 does not exist");
        assertFalse(Files.exists(dir.resolve("other")), "a refused export makes no folder");
    }

    @Test
    void aFileInPlaceOfTheFolderOrAnUnwritableFolderIsOneLine() throws Exception {
        Path file = Files.writeString(dir.resolve("notes.txt"), "keep");
        assertOneLine(run("export", "--sentence", SENTENCE, "--out", file.toString()),
                ExitCodes.CANNOT_WRITE, "is a file, not a folder");
        assertEquals("keep", Files.readString(file));
        Path locked = Files.createDirectory(dir.resolve("locked"));
        locked.toFile().setWritable(false, false);
        org.junit.jupiter.api.Assumptions.assumeFalse(Files.isWritable(locked), "running as root: cannot lock");
        assertOneLine(run("export", "--sentence", SENTENCE, "--out", locked.toString()), ExitCodes.CANNOT_WRITE,
                "not writable");
        locked.toFile().setWritable(true, false);
        assertEquals(java.util.List.of(), names(locked));
    }

    @Test
    void badInputIsOneLine() throws Exception {
        Path spec = dir.resolve("case.json");
        Files.writeString(spec, "{\"tokens\": [\"a\"], \"input\": [[1, 2], [3]]}");
        Path out = Files.createDirectory(dir.resolve("out"));
        assertOneLine(run("export", "--spec", spec.toString(), "--out", out.toString()), ExitCodes.BAD_INPUT, "");
        assertOneLine(run("export", "--sentence", SENTENCE, "--out", out.toString(), "--format", "gif"),
                ExitCodes.BAD_INPUT, "unknown format 'gif'");
        assertOneLine(run("export", "--sentence", SENTENCE, "--out", out.toString(), "--heads", "9"),
                ExitCodes.BAD_INPUT, "head 9 does not exist");
        assertOneLine(run("export", "--sentence", SENTENCE, "--out", out.toString(), "--heads-count", "5"),
                ExitCodes.BAD_INPUT, "--heads-count must divide");
        assertOneLine(run("export", "--sentence", SENTENCE, "--out", out.toString(), "--temperature", "0"),
                ExitCodes.BAD_INPUT, "temperature");
        assertOneLine(run("export", "--out", out.toString()), ExitCodes.BAD_INPUT, "exactly one of");
        assertOneLine(run("export", "--session", dir.resolve("none.json").toString(), "--out", out.toString()),
                ExitCodes.BAD_INPUT, "no such file");
        assertOneLine(run("export", "--sentence", SENTENCE, "--out", out.toString(), "--scale", "5"),
                ExitCodes.BAD_INPUT, "scale must be 1, 2, 3 or 4");
        assertEquals(java.util.List.of(), names(out));
    }

    @Test
    void aSessionFileExportsItsStage() throws Exception {
        Path session = dir.resolve("s.json");
        Files.writeString(session, """
                {"version": 1, "sentence": "Hello shiny sun",
                 "model": {"tokens": ["Hello", "shiny", "sun"], "dModel": 3, "heads": 1, "projection": "IDENTITY",
                           "weightSeed": 123, "embeddingSeed": 0, "positional": false},
                 "controls": {"causal": false, "padding": false, "paddedKeys": [], "windowOn": false, "window": 2,
                              "hard": false, "temperature": 1.0, "scaleMode": "NONE", "customScale": 1.0,
                              "dropoutP": 0.0, "dropoutSeed": 0},
                 "stage": "weights", "colorMap": "viridis", "head": 0, "view": "focus"}""");
        Path out = Files.createDirectory(dir.resolve("out"));
        CliRun r = run("export", "--session", session.toString(), "--out", out.toString(), "--format", "csv",
                "--no-grid");
        assertEquals(0, r.status(), r.err());
        java.util.List<String> lines = Files.readAllLines(out.resolve("head-01.csv"));
        // "Hello shiny sun" unscaled; PyTorch: torch.softmax(x @ x.T, -1)[1] = [0.2291, 0.4063, 0.3646]
        String[] shiny = lines.get(2).split(",");
        assertEquals("shiny", shiny[0]);
        assertEquals(0.2291, Double.parseDouble(shiny[1]), 5e-5);
        assertEquals(0.4063, Double.parseDouble(shiny[2]), 5e-5);
        assertEquals(0.3646, Double.parseDouble(shiny[3]), 5e-5);
    }

    /** A spec of t tokens of width 4 (one head) with its input in a .npy file. */
    private Path longSpec(int t) throws IOException {
        float[] x = new float[t * 4];
        java.util.Random rng = new java.util.Random(7);
        for (int i = 0; i < x.length; i++) {
            x[i] = rng.nextFloat() * 2 - 1;
        }
        Npy.write(dir.resolve("x.npy"), Tensor.of(x, t, 4));
        Path spec = dir.resolve("long.json");
        Files.writeString(spec, "{\"input\": \"x.npy\"}");
        return spec;
    }

    @Test
    void aPictureLargerThanAnImageCanBeIsRefusedBeforeAnyFile() throws Exception {
        // 3,000 tokens at 7 layout pixels a cell, times 4: about 84,000 pixels a side, 7e9 pixels > 2^31 - 1
        Path spec = longSpec(3000);
        Path out = Files.createDirectory(dir.resolve("out"));
        CliRun r = run("export", "--spec", spec.toString(), "--out", out.toString(), "--scale", "4");
        assertOneLine(r, ExitCodes.BAD_INPUT, "head-01.png: ");
        assertTrue(r.err().contains("pixels is more than a picture can hold (2^31 - 1 pixels)"), r.err());
        assertEquals(java.util.List.of(), names(out), "nothing written, nothing left behind");
    }

    @Test
    void aPictureLargerThanTheFreeHeapIsRefusedBeforeAnyFile() throws Exception {
        // 1,024 tokens: about 7,500 layout pixels a side, 30,000 at 4x: 9e8 pixels, 3.6 GB as an image alone,
        // more than the test's heap
        Path spec = longSpec(1024);
        Path out = Files.createDirectory(dir.resolve("out"));
        CliRun r = run("export", "--spec", spec.toString(), "--out", out.toString(), "--scale", "4", "--format",
                "csv,png");
        assertOneLine(r, ExitCodes.BAD_INPUT, "head-01.png needs ");
        assertTrue(r.err().contains("MiB to be made, more than the "), r.err());
        assertEquals(java.util.List.of(), names(out), "nothing written, nothing left behind");
    }

    @Test
    void sessionsBeyondTheExplorersLimitsAreOneLine() throws Exception {
        String words = String.join("\", \"", java.util.Collections.nCopies(10_000, "w"));
        String controls = """
                "controls": {"causal": false, "padding": false, "paddedKeys": [], "windowOn": false, "window": 2,
                             "hard": false, "temperature": 1.0, "scaleMode": "NONE", "customScale": 1.0,
                             "dropoutP": 0.0, "dropoutSeed": 0}""";
        Path wide = dir.resolve("wide.json");
        Files.writeString(wide, "{\"version\": 2, \"model\": {\"tokens\": [\"a\", \"b\"], \"dModel\": 100000,"
                + " \"heads\": 4, \"projection\": \"SEPARATE\", \"weightSeed\": 1, \"embeddingSeed\": 0,"
                + " \"positional\": false}, " + controls + "}");
        Path out = Files.createDirectory(dir.resolve("out"));
        assertOneLine(run("export", "--session", wide.toString(), "--out", out.toString()), ExitCodes.BAD_INPUT,
                "wide.json: d_model 100000 is more than the explorer's 1024");
        Path longer = dir.resolve("long-session.json");
        Files.writeString(longer, "{\"version\": 2, \"model\": {\"tokens\": [\"" + words + "\"], \"dModel\": 12,"
                + " \"heads\": 4, \"projection\": \"SEPARATE\", \"weightSeed\": 1, \"embeddingSeed\": 0,"
                + " \"positional\": false}, " + controls + "}");
        assertOneLine(run("export", "--session", longer.toString(), "--out", out.toString()), ExitCodes.BAD_INPUT,
                "long-session.json: the session has 10000 tokens; the explorer shows at most 512");
        assertEquals(java.util.List.of(), names(out));
    }

    @Test
    void aSentenceOfThousandsOfHyphenJoinedPartsExports() throws Exception {
        String word = String.join("-", java.util.Collections.nCopies(2000, "a"));
        CliRun r = run("export", "--sentence", word + " b", "--out", dir.toString(), "--format", "csv", "--no-grid",
                "--heads", "1");
        assertEquals(0, r.status(), r.err());
        assertEquals(java.util.List.of("head-01.csv"), names(dir));
    }
}
