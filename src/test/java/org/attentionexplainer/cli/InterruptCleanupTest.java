package org.attentionexplainer.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.attentionexplainer.engine.Npy;
import org.attentionexplainer.engine.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run stopped by SIGTERM (what a system shutdown sends; Ctrl-C's SIGINT takes the same path)
 * while it writes leaves no staging folder and no half result: the command runs in a child JVM,
 * which is sent the signal as soon as its first file is in the staging folder.
 */
class InterruptCleanupTest {
    private static final String STAGING = ".attention-explainer-staging-";
    private static final int SIGTERM_STATUS = 128 + 15;

    @TempDir
    Path dir;

    private Process start(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g", "--add-modules", "jdk.incubator.vector", "-Djava.awt.headless=true"));
        String cache = System.getProperty("org.bytedeco.javacpp.cachedir");
        if (cache != null) {
            cmd.add("-Dorg.bytedeco.javacpp.cachedir=" + cache);
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "org.attentionexplainer.Main"));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile())
                .start();
    }

    private static long stagedFiles(Path out) throws IOException {
        if (!Files.isDirectory(out)) {
            return 0;
        }
        try (Stream<Path> all = Files.walk(out)) {
            return all.filter(p -> p.toString().contains(STAGING) && p.getParent().getFileName().toString()
                    .equals("files")).count();
        } catch (java.io.UncheckedIOException e) {
            return 0; // a file moved or removed under the walk
        }
    }

    /** Sends SIGTERM once the child has a file in its staging folder; returns its exit status. */
    private int terminateWhileWriting(Process child, Path out) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (stagedFiles(out) == 0) {
            if (!child.isAlive() || System.nanoTime() > deadline) {
                child.destroyForcibly().waitFor();
                fail("the child never wrote into its staging folder: " + Files.readString(dir.resolve("child.log")));
            }
            Thread.sleep(5);
        }
        child.destroy();
        assertTrue(child.waitFor(2, TimeUnit.MINUTES), "the child ends after SIGTERM");
        return child.exitValue();
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void sigtermDuringComputeLeavesNoStagingAndNoResultsFolder() throws Exception {
        int tokens = 1024;
        float[] x = new float[tokens * 64];
        Random random = new Random(7);
        for (int i = 0; i < x.length; i++) {
            x[i] = random.nextFloat() * 2 - 1;
        }
        Path data = Files.createDirectory(dir.resolve("data"));
        Npy.write(data.resolve("x.npy"), Tensor.of(x, tokens, 64));
        Path spec = Files.writeString(data.resolve("case.json"),
                "{\"input\": \"x.npy\", \"heads\": 8, \"init\": {\"seed\": 1, \"d_out\": 64}}");
        Path out = dir.resolve("results");

        int status = terminateWhileWriting(start("compute", "--spec", spec.toString(), "--out", out.toString()), out);

        assertEquals(SIGTERM_STATUS, status, "stopped by the signal, not finished: " + Files.readString(
                dir.resolve("child.log")));
        assertFalse(Files.exists(out), "the results folder the run made is gone with its staging: "
                + (Files.exists(out) ? names(out) : ""));
        assertEquals(List.of("case.json", "x.npy"), names(data));
    }

    @Test
    void sigtermDuringExportLeavesNoStagingAndNoPartOfTheSet() throws Exception {
        Path out = Files.createDirectory(dir.resolve("maps"));
        Files.writeString(out.resolve("notes.txt"), "mine");
        StringBuilder sentence = new StringBuilder();
        for (int i = 0; i < 32; i++) {
            sentence.append("word").append(i).append(' ');
        }

        int status = terminateWhileWriting(start("export", "--sentence", sentence.toString().strip(), "--d-model",
                "32", "--heads-count", "8", "--scale", "3", "--format", "png,svg", "--out", out.toString()), out);

        List<String> left = names(out);
        assertEquals(SIGTERM_STATUS, status, "stopped by the signal, not finished: " + left);
        assertTrue(left.equals(List.of("notes.txt")) || left.size() == 2 * 9 + 1,
                "nothing or (when the signal came while the files were moved in) the whole set: " + left);
        assertTrue(left.stream().noneMatch(n -> n.startsWith(".")), "no staging, no temporary file: " + left);
    }
}
