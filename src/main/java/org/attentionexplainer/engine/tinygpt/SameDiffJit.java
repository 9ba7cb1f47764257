package org.attentionexplainer.engine.tinygpt;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * Keeps HotSpot's optimising compiler (C2) off SameDiff's op loop, {@code AbstractSession.output}
 * of ND4J 1.0.0-M2.1: 3,300 bytes of bytecode that C2 inlines into about 100 KB of machine code,
 * and compiles again and again while the tiny GPT trains (eight compilations of 2 to 6 s in one
 * 800-step run, each undone by a branch its profile had not seen): on two cores the compiler threads
 * took 13 s of CPU beside the training thread's 16 s. Left to C1, the quick compiler, the loop is no
 * slower (a step's CPU on the training thread was the same; the ops it calls still reach C2), and
 * the JIT's share drops by about half (TinyGptTrainingBench; docs/performance.md).
 *
 * <p>The directive is added at run time through the JVM's DiagnosticCommand bean, as {@code jcmd PID
 * Compiler.directives_add FILE} would, from a temporary file deleted at once; it covers only
 * compilations from then on, so it is added before the first graph runs. Where the bean is missing
 * (a runtime without jdk.management) or refuses, nothing changes but the speed.
 */
final class SameDiffJit {
    private static final String DIRECTIVE =
            "[{ match: \"org/nd4j/autodiff/samediff/internal/AbstractSession.output\", c2: { Exclude: true } }]";
    /** Whether the JVM took the directive; added when this class is first used, so once per JVM. */
    private static final boolean ADDED = add();

    private SameDiffJit() {
    }

    /** Adds the directive unless it was added before; true when the JVM accepted it. */
    static boolean keepOpLoopOffC2() {
        return ADDED;
    }

    private static boolean add() {
        Path file = null;
        try {
            file = Files.createTempFile("attention-explainer-jit", ".json");
            Files.writeString(file, DIRECTIVE, StandardCharsets.UTF_8);
            Object reply = ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "compilerDirectivesAdd",
                    new Object[] {new String[] {file.toString()}}, new String[] {String[].class.getName()});
            return String.valueOf(reply).startsWith("1 compiler directives added");
        } catch (IOException | JMException | RuntimeException | LinkageError e) {
            return false;
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    file.toFile().deleteOnExit();
                }
            }
        }
    }
}
