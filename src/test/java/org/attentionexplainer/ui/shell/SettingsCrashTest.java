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
 * process killed with SIGKILL a second after the change (as a crash or a power cut would end
 * it) leaves the change for the next start. The preferences store alone writes every 30 s.
 */
class SettingsCrashTest {
    @Test
    void aChangeSurvivesTheProcessBeingKilledASecondLater(@TempDir Path root) throws Exception {
        Process writer = probe(root, "put", "chapters.beta", "7.5");
        try (BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(),
                StandardCharsets.UTF_8))) {
            assertEquals("put", out.readLine());
            Thread.sleep(1000);
            writer.destroyForcibly();                                          // SIGKILL: no shutdown hooks run
            assertTrue(writer.waitFor(30, TimeUnit.SECONDS));
        }
        Process reader = probe(root, "get", "chapters.beta");
        String value = new String(reader.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(reader.waitFor(30, TimeUnit.SECONDS));
        assertEquals("7.5", value);
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
