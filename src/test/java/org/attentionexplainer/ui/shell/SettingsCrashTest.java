package org.attentionexplainer.ui.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A change to the settings is on disk soon after it is made, not only at a clean exit: a
 * process killed with SIGKILL once the change is made (as a crash or a power cut would end it),
 * with no shutdown hook run, leaves the change for the next start. The test waits until the
 * settings file holds the value (the store alone would write it only at exit or every 30 s, far
 * beyond the wait) rather than a fixed second, which a loaded machine may overrun.
 */
class SettingsCrashTest {
    @Test
    void aChangeSurvivesTheProcessBeingKilledASecondLater(@TempDir Path root) throws Exception {
        Process writer = probe(root, "put", "chapters.beta", "7.5");
        try (BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(),
                StandardCharsets.UTF_8))) {
            assertEquals("put", out.readLine());
            awaitOnDisk(root, "7.5");
            writer.destroyForcibly();                                          // SIGKILL: no shutdown hooks run
            assertTrue(writer.waitFor(30, TimeUnit.SECONDS));
        }
        Process reader = probe(root, "get", "chapters.beta");
        String value = new String(reader.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(reader.waitFor(30, TimeUnit.SECONDS));
        assertEquals("7.5", value);
    }

    /** Waits (up to 20 s, less than the store's own 30 s sync) until a settings file under root holds value. */
    private static void awaitOnDisk(Path root, String value) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < end) {
            try (var files = java.nio.file.Files.walk(root)) {
                boolean found = files.filter(f -> f.toString().endsWith(".xml")).anyMatch(f -> {
                    try {
                        return java.nio.file.Files.readString(f).contains("value=\"" + value + "\"");
                    } catch (IOException e) {
                        return false;
                    }
                });
                if (found) {
                    return;
                }
            }
            Thread.sleep(50);
        }
    }

    private static Process probe(Path root, String... args) throws IOException {
        List<String> command = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.util.prefs.userRoot=" + root, "-cp", System.getProperty("java.class.path"),
                SettingsProbe.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }
}
