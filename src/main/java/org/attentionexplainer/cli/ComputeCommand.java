package org.attentionexplainer.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.InvalidSpecException;
import org.attentionexplainer.export.ComputeSpecReader;
import org.attentionexplainer.export.ComputeWriter;
import org.attentionexplainer.export.SpecException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code compute --spec CASE.json --out DIR}: every intermediate of attention as .npy files. */
@Command(name = "compute", mixinStandardHelpOptions = true,
        description = "Compute every intermediate of attention for a JSON spec and write them as .npy files.")
public final class ComputeCommand implements Callable<Integer> {
    @Option(names = "--spec", required = true, paramLabel = "CASE.json", description = "the spec (see README)")
    Path specFile;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "folder for the results")
    Path outDir;

    @Option(names = "--quiet", description = "print nothing on success")
    boolean quiet;

    @Spec
    CommandSpec commandSpec;

    private final java.util.function.Supplier<AttentionEngine> engines;

    public ComputeCommand(java.util.function.Supplier<AttentionEngine> engines) {
        this.engines = engines;
    }

    @Override
    public Integer call() {
        PrintWriter err = commandSpec.commandLine().getErr();
        PrintWriter out = commandSpec.commandLine().getOut();
        try {
            return compute(err, out);
        } catch (OutOfMemoryError e) {
            err.println("compute: " + CliApp.outOfMemory());
            return ExitCodes.BAD_INPUT;
        }
    }

    private int compute(PrintWriter err, PrintWriter out) {
        AttentionSpec spec;
        try {
            spec = new ComputeSpecReader().read(specFile);
        } catch (SpecException e) {
            err.println("compute: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        AttentionTrace trace;
        long start = System.nanoTime();
        try {
            trace = engines.get().compute(spec);
        } catch (InvalidSpecException e) {
            err.println("compute: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        try {
            List<Path> files = new ComputeWriter().write(trace, outDir, seconds);
            if (!quiet) {
                out.printf("wrote %d files to %s (%s, %.1f ms)%n", files.size(), outDir, trace.backend(),
                        seconds * 1000);
                if (!trace.fullyMaskedRows().isEmpty()) {
                    out.printf("note: %d query rows have every key masked; their weights and context are 0%n",
                            trace.fullyMaskedRows().size());
                }
            }
            return ExitCodes.OK;
        } catch (IOException e) {
            err.println("compute: cannot write to " + outDir + ": " + IoMessages.describe(e));
            return ExitCodes.CANNOT_WRITE;
        }
    }
}
