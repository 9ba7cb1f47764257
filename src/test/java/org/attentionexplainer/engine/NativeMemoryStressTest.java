package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bounded form of {@link NativeMemoryStress} (about a minute), in a JVM of its own: a read
 * of freed native memory can end the process with SIGSEGV, which would take the test fork with
 * it. Before the engine kept its arrays alive through {@link NativeMemory}, two of three
 * 30-second runs of the "doors" part read freed memory. A longer run:
 * {@code -Dstress.seconds=600}.
 */
class NativeMemoryStressTest {
    @Test
    void longForwardsUnderAllocationPressureNeitherCrashNorReadFreedMemory(@TempDir Path dir)
            throws IOException, InterruptedException {
        String seconds = System.getProperty("stress.seconds", "50");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g", "--add-modules", "jdk.incubator.vector",
                "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log"),                 // a crash report, not in the project
                "-cp", System.getProperty("java.class.path")));
        String cache = System.getProperty("org.bytedeco.javacpp.cachedir");
        if (cache != null) {
            command.add(1, "-Dorg.bytedeco.javacpp.cachedir=" + cache);
        }
        command.addAll(List.of(NativeMemoryStress.class.getName(), seconds, "all"));
        Path log = dir.resolve("stress.log");
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean ended = child.waitFor(Long.parseLong(seconds) + 240, TimeUnit.SECONDS);
        if (!ended) {
            child.destroyForcibly().waitFor();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        output.lines().filter(l -> l.startsWith("stress") || l.startsWith("doors")).forEach(System.out::println);
        assertTrue(ended, "the stress run did not end:\n" + output);
        assertEquals(0, child.exitValue(), "the stress run failed (134 or 139: the JVM crashed):\n" + output);
        assertTrue(output.contains("stress ok:") && output.contains("doors:"), output);
    }
}
