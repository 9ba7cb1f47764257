package org.attentionexplainer.engine.tinygpt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

class SameDiffJitTest {
    @Test
    void theJvmKeepsSameDiffsOpLoopOffC2AndNoFileIsLeft() throws Exception {
        assertTrue(SameDiffJit.keepOpLoopOffC2());
        assertTrue(SameDiffJit.keepOpLoopOffC2(), "asked again, it stays added");

        // what the JVM itself holds, as `jcmd PID Compiler.directives_print` prints it
        String directives = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), "compilerDirectivesPrint",
                new Object[] {new String[0]}, new String[] {String[].class.getName()});
        String ours = directives.substring(directives.indexOf(
                "matching: org/nd4j/autodiff/samediff/internal/AbstractSession.output"));
        String c2 = ours.substring(ours.indexOf("c2 directives:"));
        assertTrue(c2.substring(0, c2.indexOf('\n', c2.indexOf("Enable:"))).contains("Exclude:true"), directives);
        assertEquals(1, directives.split("AbstractSession.output", -1).length - 1, "added once");

        try (Stream<Path> left = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            assertEquals(0, left.filter(p -> p.getFileName().toString().startsWith("attention-explainer-jit")).count());
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
