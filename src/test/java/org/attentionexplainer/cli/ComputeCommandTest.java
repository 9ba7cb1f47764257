package org.attentionexplainer.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.attentionexplainer.engine.Npy;
import org.attentionexplainer.engine.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The compute command end to end, in process: outputs, and one clear line for bad input. */
class ComputeCommandTest {
    @TempDir
    Path dir;

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    private Path spec(String json) throws IOException {
        Path p = dir.resolve("case.json");
        Files.writeString(p, json);
        return p;
    }

    /** A results folder beside the spec: a folder holding the spec's inputs is refused. */
    private String out() {
        return dir.resolve("out").toString();
    }

    private void assertOneLineError(CliRun r, String fragment) {
        assertFalse(Files.exists(dir.resolve("out")), "no results folder is left behind");
        assertEquals(ExitCodes.BAD_INPUT, r.status(), r.err());
        String[] lines = r.err().strip().split("\n");
        assertEquals(1, lines.length, "one line: " + r.err());
        assertTrue(lines[0].contains(fragment), lines[0]);
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void writesEveryArrayWithBatchAndHeadAxes() throws Exception {
        Path spec = spec("""
                {"tokens": ["Hello", "shiny", "sun"],
                 "input": [[0.34, 0.22, 0.54], [0.53, 0.34, 0.98], [0.29, 0.54, 0.93]],
                 "scale": "none"}""");
        Path out = dir.resolve("out");
        CliRun r = run("compute", "--spec", spec.toString(), "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        for (String name : new String[] {"q", "k", "v", "scores", "logits", "weights", "heads", "context",
            "output", "final"}) {
            assertTrue(Files.exists(out.resolve(name + ".npy")), name);
        }
        Tensor weights = Npy.read(out.resolve("weights.npy"));
        assertEquals(4, weights.rank());
        assertEquals(0.4063f, weights.get(0, 0, 1, 1), 5e-5f);
        String summary = Files.readString(out.resolve("summary.json"));
        assertTrue(summary.contains("\"backend\""), summary);
        assertTrue(summary.contains("\"shiny\""), summary);
        try (var files = Files.list(out)) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().startsWith(".")), "no staging leftovers");
        }
        if (out.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            assertEquals(Files.getPosixFilePermissions(Files.createFile(dir.resolve("ordinary"))),
                    Files.getPosixFilePermissions(out.resolve("weights.npy")), "an ordinary file, not a private one");
        }
    }

    @Test
    void seededInitGivesTheTextbookNumbers() throws Exception {
        // Build a Large Language Model (From Scratch), ch. 3: SelfAttention_v2 with
        // torch.manual_seed(789) prints the context rows [-0.0739, 0.0713], [-0.0748, 0.0703], ...
        Path spec = spec("""
                {"input": [[0.43, 0.15, 0.89], [0.55, 0.87, 0.66], [0.57, 0.85, 0.64],
                           [0.22, 0.58, 0.33], [0.77, 0.25, 0.10], [0.05, 0.80, 0.55]],
                 "init": {"seed": 789, "scheme": "torch_linear", "d_out": 2}}""");
        Path out = dir.resolve("out");
        assertEquals(0, run("compute", "--spec", spec.toString(), "--out", out.toString()).status());
        Tensor context = Npy.read(out.resolve("output.npy"));
        assertEquals(-0.0739f, context.get(0, 0, 0), 5e-5f);
        assertEquals(0.0713f, context.get(0, 0, 1), 5e-5f);
        assertEquals(-0.0748f, context.get(0, 1, 0), 5e-5f);
        assertEquals(0.0703f, context.get(0, 1, 1), 5e-5f);
    }

    @Test
    void missingInput() throws Exception {
        assertOneLineError(run("compute", "--spec", spec("{\"heads\": 1}").toString(), "--out", dir.toString()),
                "input: is missing");
    }

    @Test
    void headsNotDividingTheWidth() throws Exception {
        Path spec = spec("{\"input\": [[1, 2, 3, 4]], \"heads\": 3}");
        assertOneLineError(run("compute", "--spec", spec.toString(), "--out", out()), "heads:");
    }

    @Test
    void nanInTheInput() throws Exception {
        Path spec = spec("{\"input\": [[1, NaN]]}");
        assertOneLineError(run("compute", "--spec", spec.toString(), "--out", out()), "input: contains NaN");
    }

    @Test
    void wrongWeightShape() throws Exception {
        Path spec = spec("{\"input\": [[1, 2]], \"weights\": {\"query\": [[1], [2], [3]], \"key\": [[1], [2]],"
                + " \"value\": [[1], [2]]}}");
        assertOneLineError(run("compute", "--spec", spec.toString(), "--out", out()), "weights.query: shape");
    }

    @Test
    void unreadableNpyAndMissingSpec() throws Exception {
        Path spec = spec("{\"input\": \"nowhere.npy\"}");
        assertOneLineError(run("compute", "--spec", spec.toString(), "--out", dir.toString()), "input:");
        assertOneLineError(run("compute", "--spec", dir.resolve("absent.json").toString(), "--out", dir.toString()),
                "no such file");
    }

    @Test
    void invalidJsonAndUnknownField() throws Exception {
        assertOneLineError(run("compute", "--spec", spec("{\"input\": [[1, 2]").toString(), "--out",
                dir.toString()), "not valid JSON");
        assertOneLineError(run("compute", "--spec", spec("{\"input\": [[1, 2]], \"casual\": true}").toString(),
                "--out", dir.toString()), "casual: unknown field");
    }

    @Test
    void unwritableOutputFolder() throws Exception {
        Path spec = spec("{\"input\": [[1, 2]]}");
        Path locked = Files.createDirectory(dir.resolve("locked"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("r-xr-xr-x")));
        if (Files.isWritable(locked)) {
            return; // running as root: permissions do not apply; the file-as-folder case below still does
        }
        CliRun r = run("compute", "--spec", spec.toString(), "--out", locked.resolve("out").toString());
        assertEquals(ExitCodes.CANNOT_WRITE, r.status());
    }

    @Test
    void outputPathThatIsAFile() throws Exception {
        Path spec = spec("{\"input\": [[1, 2]]}");
        Path file = Files.writeString(dir.resolve("file.txt"), "x");
        CliRun r = run("compute", "--spec", spec.toString(), "--out", file.toString());
        assertEquals(ExitCodes.CANNOT_WRITE, r.status());
        assertEquals(1, r.err().strip().split("\n").length, r.err());
        assertEquals("x", Files.readString(file), "nothing overwritten");
    }

    @Test
    void anOutFolderHoldingTheSpecsInputsIsRefused() throws Exception {
        Path data = Files.createDirectory(dir.resolve("data"));
        Npy.write(data.resolve("q.npy"), Tensor.of(new float[] {1, 2, 3, 4}, 2, 2));
        byte[] input = Files.readAllBytes(data.resolve("q.npy"));
        Path spec = spec("{\"input\": \"data/q.npy\"}");
        CliRun r = run("compute", "--spec", spec.toString(), "--out", data.toString(), "--force");
        assertEquals(ExitCodes.CANNOT_WRITE, r.status(), r.err());
        assertEquals("compute: --out " + data + " holds the spec's input q.npy; write the results to another folder",
                r.err().strip());
        assertArrayEquals(input, Files.readAllBytes(data.resolve("q.npy")), "the input is not replaced by a result");
        assertEquals(List.of("q.npy"), names(data));

        CliRun beside = run("compute", "--spec", spec.toString(), "--out", dir.toString());
        assertEquals(ExitCodes.CANNOT_WRITE, beside.status(), beside.err());
        assertTrue(beside.err().contains("holds the spec's input case.json"), beside.err());
        assertEquals(List.of("case.json", "data"), names(dir));
    }

    @Test
    void existingResultsAreReplacedOnlyWithForce() throws Exception {
        Path spec = spec("{\"input\": [[1, 2]]}");
        Path out = Files.createDirectory(dir.resolve("out"));
        Files.writeString(out.resolve("weights.npy"), "an earlier run");
        CliRun r = run("compute", "--spec", spec.toString(), "--out", out.toString());
        assertEquals(ExitCodes.CANNOT_WRITE, r.status(), r.err());
        assertEquals("compute: " + out.resolve("weights.npy") + " exists; use --force to replace it", r.err().strip());
        assertEquals(List.of("weights.npy"), names(out), "nothing written, nothing left behind");
        assertEquals("an earlier run", Files.readString(out.resolve("weights.npy")));

        CliRun forced = run("compute", "--spec", spec.toString(), "--out", out.toString(), "--force", "--quiet");
        assertEquals(0, forced.status(), forced.err());
        assertEquals(org.attentionexplainer.export.ComputeWriter.fileNames(), names(out),
                "the names checked before writing are the names written");
        assertEquals(1f, Npy.read(out.resolve("weights.npy")).get(0, 0, 0, 0), 0f, "one key: weight 1");
    }

    @Test
    void textAfterTheSpecsClosingBraceIsAnError() throws Exception {
        Path out = dir.resolve("out");
        assertOneLineError(run("compute", "--spec", spec("{\"input\": [[1, 2]]}\n{\"heads\": 2}\n").toString(),
                "--out", out.toString()), "case.json: not valid JSON (line 2, column 1): text after the end of the spec");
        assertOneLineError(run("compute", "--spec", spec("{\"input\": [[1, 2]]}}").toString(), "--out",
                out.toString()), "not valid JSON (line 1, column 20): text after the end of the spec");
        assertEquals(0, run("compute", "--spec", spec("{\"input\": [[1, 2]]}\n\n  ").toString(), "--out",
                out.toString(), "--quiet").status(), "white space after the spec is fine");
    }

    @Test
    void anEmptyOutIsAnError() throws Exception {
        List<String> here = names(Path.of(""));
        CliRun r = run("compute", "--spec", spec("{\"input\": [[1, 2]]}").toString(), "--out", "");
        assertEquals(ExitCodes.BAD_INPUT, r.status(), r.err());
        assertEquals("compute: --out is empty: give the folder for the results", r.err().strip());
        assertEquals(here, names(Path.of("")), "nothing written into the working folder");
    }

    @Test
    void theNextRunRemovesAStagingFolderADeadRunLeftAndLeavesALiveOnes() throws Exception {
        Path spec = spec("{\"input\": [[1, 2]]}");
        Path out = Files.createDirectory(dir.resolve("out"));
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path dead = Files.createDirectories(out.resolve(".attention-explainer-staging-1/files"));
        Files.write(dead.resolve("weights.npy"), new byte[1 << 16]);
        Files.writeString(dead.resolveSibling("owner.lock"), gone.pid() + "\n");
        Path live = Files.createDirectories(out.resolve(".attention-explainer-staging-2/files"));
        Files.writeString(live.resolveSibling("owner.lock"), ProcessHandle.current().pid() + "\n");

        assertEquals(0, run("compute", "--spec", spec.toString(), "--out", out.toString(), "--quiet").status());
        assertFalse(Files.exists(dead.getParent()), "the dead run's staging is gone");
        assertTrue(Files.exists(live), "a live run's staging is left alone");
        assertEquals(12, names(out).size(), "the 11 results and the live staging: " + names(out));
    }

    private static List<String> names(Path folder) throws IOException {
        try (var s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private void assertNothingWritten(Path out) {
        assertFalse(Files.exists(out), "no results for a refused spec");
    }

    @Test
    void aScaleAndTemperatureWhoseQuotientOverflowsAreRefused() throws Exception {
        // (1/sqrt 3) / 1e-39 = 5.8e38: beyond float32's 3.4e38, so every logit would be inf and every weight NaN
        Path spec = spec("""
                {"input": [[0.34, 0.22, 0.54], [0.53, 0.34, 0.98], [0.29, 0.54, 0.93]], "temperature": 1e-39}""");
        Path out = dir.resolve("out");
        CliRun r = run("compute", "--spec", spec.toString(), "--out", out.toString());
        assertOneLineError(r, "temperature: scale 0.577 / temperature 1.00e-39 = 5.77e+38 is beyond float32");
        assertNothingWritten(out);
    }

    @Test
    void inputsWhoseScoresOverflowAreRefusedNamingThem() throws Exception {
        // q0 . k0 = 1e40 + 4e40 + 9e40 overflows float32
        Path spec = spec("""
                {"input": [[1e20, 2e20, 3e20], [3e20, 1e20, 2e20]]}""");
        Path out = dir.resolve("out");
        assertOneLineError(run("compute", "--spec", spec.toString(), "--out", out.toString()),
                "input: values up to 3.00e+20 make the scores Q K^T overflow float32");
        assertNothingWritten(out);
    }

    @Test
    void aLayerNormEpsThatIsZeroInFloat32IsRefused() throws Exception {
        Path spec = spec("""
                {"input": [[1, 1, 1], [1, 1, 1]], "layer_norm": {"eps": 5e-324}}""");
        Path out = dir.resolve("out");
        assertOneLineError(run("compute", "--spec", spec.toString(), "--out", out.toString()),
                "layer_norm.eps: 4.90e-324 is below float32's smallest normal number");
        assertNothingWritten(out);
    }

    @Test
    void jsonBeyondTheReadersLimitsIsOneLine() throws Exception {
        Path deep = spec("{\"input\": " + "[".repeat(1000) + "1" + "]".repeat(1000) + "}");
        assertOneLineError(run("compute", "--spec", deep.toString(), "--out", dir.resolve("a").toString()),
                "case.json: beyond a limit of the JSON reader: Document nesting depth (1001) exceeds the maximum"
                        + " allowed (1000)");
        Path digits = spec("{\"input\": [[1, " + "1".repeat(1001) + "]]}");
        assertOneLineError(run("compute", "--spec", digits.toString(), "--out", dir.resolve("b").toString()),
                "Number value length (1001) exceeds the maximum allowed (1000)");
    }

    @Test
    void seededWeightsLargerThanAJavaArrayAreRefusedBeforeTheyAreDrawn() throws Exception {
        // d_in 3 x d_out 2^31 = 6442450944 values in W_query
        Path spec = spec("""
                {"input": [[0.34, 0.22, 0.54], [0.53, 0.34, 0.98]], "init": {"seed": 1, "d_out": 2147483648}}""");
        Path out = dir.resolve("out");
        assertOneLineError(run("compute", "--spec", spec.toString(), "--out", out.toString()),
                "init.d_out: 2147483648 makes a weight of 6442450944 values, more than a Java array holds");
        assertNothingWritten(out);
    }

    @Test
    void runningOutOfMemoryIsOneLine() throws Exception {
        Path spec = spec("""
                {"input": [[0.34, 0.22, 0.54], [0.53, 0.34, 0.98]]}""");
        Path out = dir.resolve("out");
        CliRun r = CliRun.with(() -> {
            throw new OutOfMemoryError("Java heap space");
        }, "compute", "--spec", spec.toString(), "--out", out.toString());
        assertOneLineError(r, "compute: not enough memory: the ");
        assertTrue(r.err().contains("MiB Java heap is full"), r.err());
        assertFalse(r.err().contains("OutOfMemoryError"), r.err());
        assertNothingWritten(out);
    }
}
