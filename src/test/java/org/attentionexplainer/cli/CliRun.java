package org.attentionexplainer.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import org.attentionexplainer.engine.AttentionEngine;

/** One run of the command line in this process, with what it printed and its exit status. */
record CliRun(int status, String out, String err) {

    static CliRun of(String... args) {
        return with(AttentionEngine::new, args);
    }

    /** A run whose commands get their engine from {@code engines}. */
    static CliRun with(Supplier<AttentionEngine> engines, String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int status = CliApp.run(args, () -> { throw new AssertionError("no GUI in this test"); }, engines);
            return new CliRun(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }
}
