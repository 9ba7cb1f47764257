package org.attentionexplainer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Smoke tests of the packaged app image, run by failsafe after {@code ./mvnw -Pdist package}
 * built it (see the dist profile): the runtime's modules, the launcher without a display,
 * a {@code compute} checked against PyTorch, the window under Xvfb, and the archives.
 */
class PackagedImageIT {
    private static final double RTOL = 1e-4;
    private static final double ATOL = 2e-5;

    private static Path image;
    private static Path config;
    private static Path target;
    private static Path launcher;

    @TempDir
    Path temp;

    @BeforeAll
    static void findImage() {
        image = Path.of(System.getProperty("dist.image", "target/dist/attention-explainer"));
        config = Path.of(System.getProperty("dist.config", "jlink-config"));
        target = Path.of(System.getProperty("dist.target", "target"));
        launcher = image.resolve("bin/attention-explainer");
        assertTrue(Files.isExecutable(launcher), "no launcher at " + launcher + ": build with ./mvnw -Pdist package");
    }

    @Test
    void runtimeHoldsExactlyTheModulesOfTheList() throws Exception {
        List<String> listed = Files.readAllLines(config.resolve("modules.txt")).stream()
                .map(line -> line.replaceAll("#.*", "").strip())
                .filter(line -> !line.isEmpty())
                .sorted()
                .collect(Collectors.toList());
        Run run = run(Map.of(), image.resolve("lib/runtime/bin/java").toString(), "--list-modules");
        assertEquals(0, run.status, run.err);
        List<String> inRuntime = run.out.lines()
                .map(line -> line.replaceAll("@.*", "").strip())
                .filter(line -> !line.isEmpty())
                .sorted()
                .collect(Collectors.toList());
        assertEquals(listed, inRuntime, "jlink-config/modules.txt and the runtime's modules differ");
    }

    @Test
    void versionAndHelpNeedNoDisplay() throws Exception {
        Run version = run(Map.of(), launcher.toString(), "--version");
        assertEquals(0, version.status, version.err);
        assertTrue(version.out.startsWith("Attention Explainer "), version.out);
        assertTrue(version.out.contains("Java 17."), "the image must run on its Java 17 runtime: " + version.out);

        Run help = run(Map.of(), launcher.toString(), "--help");
        assertEquals(0, help.status, help.err);
        assertTrue(help.out.contains("Usage: attention-explainer"), help.out);
        assertTrue(help.out.contains("compute"), help.out);
    }

    @Test
    void theLauncherGivesTheEngineTheVectorApiAndDirectProducts() throws Exception {
        Run run = run(Map.of(), launcher.toString(), "bench", "--lengths", "16", "--no-interactive", "--gemm", "0",
                "--min-runs", "1", "--min-seconds", "0");
        assertEquals(0, run.status, run.err);
        assertTrue(run.out.contains("products OpenBLAS called directly"), run.out);
        assertTrue(run.out.contains("softmax rows vector API"), run.out);
    }

    @Test
    void computeFromTheImageMatchesPyTorchWithoutUnpackingNatives() throws Exception {
        Path golden = Path.of(getClass().getResource("/golden/rasbt_mha/spec.json").toURI()).getParent();
        Path out = temp.resolve("out");
        Path cache = temp.resolve("cache");
        Run run = run(Map.of("XDG_CACHE_HOME", cache.toString()), launcher.toString(),
                "compute", "--spec", golden.resolve("spec.json").toString(), "--out", out.toString());
        assertEquals(0, run.status, run.err);
        assertTrue(run.out.contains("ND4J CPU"), run.out);

        JsonNode expect = new ObjectMapper().readTree(golden.resolve("spec.json").toFile()).get("expect");
        Iterator<Map.Entry<String, JsonNode>> entries = expect.fields();
        int compared = 0;
        while (entries.hasNext()) {
            Map.Entry<String, JsonNode> entry = entries.next();
            float[] got = readFloat32Npy(out.resolve(entry.getKey() + ".npy"));
            float[] want = readFloat32Npy(golden.resolve(entry.getValue().asText()));
            assertEquals(want.length, got.length, entry.getKey() + ": size");
            for (int i = 0; i < want.length; i++) {
                double limit = ATOL + RTOL * Math.abs(want[i]);
                assertTrue(Math.abs(got[i] - want[i]) <= limit,
                        entry.getKey() + "[" + i + "]: got " + got[i] + ", PyTorch " + want[i]);
            }
            compared++;
        }
        assertEquals(7, compared);

        // ND4J's ~400 MB of native code is loaded from the image, not unpacked per user.
        try (Stream<Path> files = Files.exists(cache) ? Files.walk(cache) : Stream.empty()) {
            List<String> unpacked = files.map(p -> p.getFileName().toString())
                    .filter(name -> name.startsWith("libnd4j") || name.startsWith("libjnind4j"))
                    .collect(Collectors.toList());
            assertEquals(List.of(), unpacked, "ND4J natives were unpacked into the user's cache");
        }
    }

    @Test
    void badInputGivesOneLineAndNoStackTrace() throws Exception {
        Run run = run(Map.of(), launcher.toString(), "compute", "--spec", temp.resolve("missing.json").toString(),
                "--out", temp.resolve("out").toString());
        assertTrue(run.status != 0);
        // Java's own notice of the vector API module (launcher-options.txt) aside, one line
        String ours = run.err.lines().filter(line -> !line.equals("WARNING: Using incubator modules: jdk.incubator.vector"))
                .collect(Collectors.joining("\n"));
        assertEquals(1, ours.strip().lines().count(), run.err);
        assertFalse(run.err.contains("\tat "), run.err);
    }

    @Test
    void windowOpensUnderXvfb() throws Exception {
        assumeTrue(onPath("Xvfb") && onPath("xdotool"), "Xvfb and xdotool are needed for the window test");
        XServer xvfb = startXvfb();
        Process app = null;
        try {
            String display = xvfb.display();
            ProcessBuilder builder = new ProcessBuilder(launcher.toString())
                    .redirectErrorStream(true).redirectOutput(temp.resolve("app.log").toFile());
            builder.environment().put("DISPLAY", display);
            builder.environment().put("XDG_CACHE_HOME", temp.resolve("cache").toString());
            Path classes = temp.resolve("classes.log");
            builder.environment().put("JAVA_TOOL_OPTIONS", "-Xlog:class+load=info:file=" + classes);
            long start = System.nanoTime();
            app = builder.start();
            boolean shown = false;
            while (!shown && System.nanoTime() - start < TimeUnit.SECONDS.toNanos(60) && app.isAlive()) {
                shown = run(Map.of("DISPLAY", display), "xdotool", "search", "--onlyvisible", "--name", ".+").status == 0;
                Thread.sleep(shown ? 0 : 100);
            }
            String log = Files.readString(temp.resolve("app.log"));
            assertTrue(shown, "no window within 60 s; the app said: " + log);
            System.out.printf("window shown %d ms after launch%n", (System.nanoTime() - start) / 1_000_000);
            Thread.sleep(2000);
            log = Files.readString(temp.resolve("app.log"));
            assertTrue(app.isAlive(), "the app ended while its window was open: " + log);
            assertFalse(log.contains("Exception"), log);
            assertNothingHeavyBeforeTheWindow(Files.readAllLines(classes));
        } finally {
            if (app != null) {
                app.destroy();
                app.waitFor(10, TimeUnit.SECONDS);
                app.destroyForcibly();
            }
            xvfb.process().destroy();
        }
    }

    /**
     * The window comes first: until its stage is shown, no class of ND4J, javacpp, the logging
     * (Logback starts with ND4J) or picocli (not needed without arguments) has been loaded.
     */
    private static void assertNothingHeavyBeforeTheWindow(List<String> classLog) {
        int shown = -1;
        for (int i = 0; i < classLog.size() && shown < 0; i++) {
            if (classLog.get(i).contains(" com.sun.javafx.tk.quantum.WindowStage ")) {
                shown = i;
            }
        }
        assertTrue(shown > 0, "the class log has no window stage: " + classLog.size() + " lines");
        List<String> heavy = classLog.subList(0, shown).stream()
                .filter(l -> l.matches(".* (org\\.nd4j|org\\.bytedeco|ch\\.qos\\.logback|org\\.slf4j|picocli)\\..*"))
                .collect(Collectors.toList());
        assertEquals(List.of(), heavy, "loaded before the window");
        assertTrue(classLog.stream().anyMatch(l -> l.contains(" org.nd4j.")), "ND4J starts once the window is up");
    }

    private record XServer(Process process, String display) {
    }

    /**
     * A virtual X server on a free display: drawn at random from a high range, skipping those
     * whose lock file or socket (abstract ones too, shared with other sessions on the same
     * machine) exists, and given up for another when it does not answer within 10 s.
     */
    private XServer startXvfb() throws IOException, InterruptedException {
        java.util.Random random = new java.util.Random();
        for (int attempt = 0; attempt < 3; attempt++) {
            int n = 1000 + random.nextInt(29000);
            boolean taken = Files.exists(Path.of("/tmp/.X" + n + "-lock"))
                    || Files.readAllLines(Path.of("/proc/net/unix")).stream().anyMatch(l -> l.endsWith("X11-unix/X" + n));
            if (taken) {
                continue;
            }
            Process xvfb = new ProcessBuilder("Xvfb", ":" + n, "-screen", "0", "1280x800x24", "-nolisten", "tcp")
                    .redirectErrorStream(true).redirectOutput(temp.resolve("xvfb.log").toFile()).start();
            long start = System.nanoTime();
            while (xvfb.isAlive() && System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10)) {
                if (run(Map.of("DISPLAY", ":" + n), "xdotool", "getdisplaygeometry").status == 0) {
                    return new XServer(xvfb, ":" + n);
                }
                Thread.sleep(100);
            }
            xvfb.destroy();
        }
        return fail("could not start Xvfb: " + Files.readString(temp.resolve("xvfb.log")));
    }

    @Test
    void sharedArchiveHoldsTheJavaFxClassesOfAStart() throws Exception {
        assumeTrue(onPath("Xvfb") && onPath("xdotool"), "without Xvfb the archive holds command-line classes only");
        Run run = run(Map.of(), image.resolve("lib/runtime/bin/java").toString(), "-Xshare:on",
                "-XX:+PrintSharedArchiveAndExit", "-XX:+PrintSharedDictionary");
        assertEquals(0, run.status, run.err);
        assertTrue(run.out.contains("javafx.stage.Stage "), "javafx.stage.Stage is not in the runtime's archive");
        assertTrue(run.out.contains("java.util.logging.Logger "), "java.util.logging.Logger is not archived");
    }

    @Test
    void tarballHoldsTheImage() throws Exception {
        Path tarball = onlyFile(target, "attention-explainer-", ".tar.gz");
        Run run = run(Map.of(), "tar", "-tvzf", tarball.toString());
        assertEquals(0, run.status, run.err);
        assertTrue(run.out.contains(" attention-explainer/bin/attention-explainer"), "no launcher in the tarball");
        assertTrue(run.out.contains("attention-explainer/lib/app/natives/libnd4jcpu.so"), "no ND4J natives");
        assertTrue(run.out.contains("attention-explainer/lib/app/natives/libopenblas_nolapack.so.0 -> libopenblas.so.0"),
                "the OpenBLAS link is missing");
    }

    @Test
    void debInstallsUnderOptWithAMenuEntry() throws Exception {
        assumeTrue(onPath("dpkg-deb"), "dpkg-deb is needed to read the .deb");
        Path deb = onlyFile(target, "attention-explainer_", ".deb");
        Run contents = run(Map.of(), "dpkg-deb", "-c", deb.toString());
        assertEquals(0, contents.status, contents.err);
        assertTrue(contents.out.contains("./opt/attention-explainer/bin/attention-explainer"), contents.out);
        assertTrue(contents.out.contains("./opt/attention-explainer/lib/app/natives/libnd4jcpu.so"), "no natives");
        assertTrue(contents.out.contains(".desktop"), "no menu entry");
        Run depends = run(Map.of(), "dpkg-deb", "-f", deb.toString(), "Depends");
        assertTrue(depends.out.contains("libgtk-3-0"), "JavaFX needs GTK 3: " + depends.out);
        Run entry = run(Map.of(), "sh", "-c", "dpkg-deb --fsys-tarfile \"$0\" | tar -xO --wildcards './opt/*.desktop'",
                deb.toString());
        assertTrue(entry.out.contains("Name=Attention Explainer"), entry.out + entry.err);
        assertTrue(entry.out.contains("Exec=/opt/attention-explainer/bin/attention-explainer"), entry.out);
        Run postinst = run(Map.of(), "sh", "-c", "dpkg-deb --ctrl-tarfile \"$0\" | tar -xO ./postinst", deb.toString());
        assertTrue(postinst.out.contains("ln -sf /opt/attention-explainer/bin/attention-explainer /usr/bin/attention-explainer"),
                postinst.out + postinst.err);
    }

    private static Path onlyFile(Path dir, String prefix, String suffix) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> found = files.filter(p -> p.getFileName().toString().startsWith(prefix)
                    && p.getFileName().toString().endsWith(suffix)).collect(Collectors.toList());
            assumeTrue(!found.isEmpty(), "no " + prefix + "*" + suffix + " in " + dir + " (built with -Ddist.archives=false?)");
            assertEquals(1, found.size(), "several archives: " + found);
            return found.get(0);
        }
    }

    private static boolean onPath(String program) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, program)));
    }

    /** A little-endian float32 .npy file, flattened (NumPy format 1.0 or 2.0). */
    private static float[] readFloat32Npy(Path file) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        int major = bytes.get(6);
        int headerLength = major == 1 ? Short.toUnsignedInt(bytes.getShort(8)) : bytes.getInt(8);
        int dataStart = (major == 1 ? 10 : 12) + headerLength;
        String header = new String(bytes.array(), major == 1 ? 10 : 12, headerLength, StandardCharsets.ISO_8859_1);
        if (!header.contains("'<f4'") || header.contains("'fortran_order': True")) {
            fail(file + " is not a C-order little-endian float32 array: " + header);
        }
        bytes.position(dataStart);
        float[] values = new float[bytes.remaining() / 4];
        bytes.asFloatBuffer().get(values);
        return values;
    }

    /** Runs a program to its end (2 minutes at most) with no display unless env names one. */
    private Run run(Map<String, String> env, String... command) throws IOException, InterruptedException {
        Path out = Files.createTempFile(temp, "out", ".txt");
        Path err = Files.createTempFile(temp, "err", ".txt");
        ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(List.of(command)))
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().remove("DISPLAY");
        builder.environment().remove("WAYLAND_DISPLAY");
        builder.environment().putAll(env);
        Process process = builder.start();
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            fail(String.join(" ", command) + ": no end within 2 minutes");
        }
        return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    private record Run(int status, String out, String err) {
    }
}
