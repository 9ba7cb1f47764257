package org.attentionexplainer.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.InvalidSpecException;
import org.attentionexplainer.export.AtomicFiles;
import org.attentionexplainer.export.ComputeSpecReader;
import org.attentionexplainer.export.ComputeWriter;
import org.attentionexplainer.export.SpecException;
import org.attentionexplainer.export.Staging;
import org.attentionexplainer.i18n.Localization;
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

    @Option(names = "--force", description = "replace results that exist in the folder")
    boolean force;

    @Option(names = "--quiet", description = "print nothing on success")
    boolean quiet;

    @Option(names = "--lang", paramLabel = "LANG", description = "language of the messages: en or tr (default en)")
    String lang = "en";

    @Spec
    CommandSpec commandSpec;

    private final java.util.function.Supplier<AttentionEngine> engines;
    /** The language of the problems and the lines reported, from --lang. */
    private Localization texts = Localization.of(Locale.ENGLISH);

    public ComputeCommand(java.util.function.Supplier<AttentionEngine> engines) {
        this.engines = engines;
    }

    @Override
    public Integer call() {
        PrintWriter err = commandSpec.commandLine().getErr();
        PrintWriter out = commandSpec.commandLine().getOut();
        texts = Localization.of(Locale.forLanguageTag(lang));
        try {
            return compute(err, out);
        } catch (OutOfMemoryError e) {
            err.println("compute: " + CliApp.outOfMemory());
            return ExitCodes.BAD_INPUT;
        }
    }

    private int compute(PrintWriter err, PrintWriter out) {
        if (outDir.toString().isEmpty()) {
            err.println("compute: " + texts.get("cli.compute.outEmpty"));
            return ExitCodes.BAD_INPUT;
        }
        ComputeSpecReader reader = new ComputeSpecReader();
        AttentionSpec spec;
        try {
            spec = reader.read(specFile);
        } catch (SpecException e) {
            err.println("compute: " + e.wordedIn(texts));
            return ExitCodes.BAD_INPUT;
        }
        String refusal = refusal(reader.inputFiles(), ComputeWriter.fileNames(spec));
        if (refusal != null) {
            err.println("compute: " + refusal);
            return ExitCodes.CANNOT_WRITE;
        }
        // The staging folder exists before the (possibly long) computation, so that a folder that
        // cannot be written is reported at once and an interrupt at any point leaves nothing behind.
        try (Staging staging = Staging.create(outDir)) {
            AttentionTrace trace;
            long start = System.nanoTime();
            try {
                trace = engines.get().compute(spec);
            } catch (InvalidSpecException e) {
                err.println("compute: " + e.wordedIn(texts));
                return ExitCodes.BAD_INPUT;
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            List<Path> files = new ComputeWriter().write(trace, staging, seconds,
                    force ? AtomicFiles.Existing.REPLACE : AtomicFiles.Existing.FAIL);
            if (!quiet) {
                out.println(texts.get("cli.compute.wrote", String.valueOf(files.size()), outDir, trace.backend(),
                        texts.number(seconds * 1000, 1)));
                if (!trace.fullyMaskedRows().isEmpty()) {
                    out.println(texts.get("cli.compute.masked", String.valueOf(trace.fullyMaskedRows().size())));
                }
            }
            return ExitCodes.OK;
        } catch (FileAlreadyExistsException e) {
            err.println("compute: " + texts.get("cli.exists", e.getFile()));
            return ExitCodes.CANNOT_WRITE;
        } catch (IOException e) {
            err.println("compute: " + texts.get("cli.cannotWrite", outDir, IoMessages.describe(texts, e)));
            return ExitCodes.CANNOT_WRITE;
        }
    }

    /**
     * Why the results may not go to {@code --out}, or null: it is a file; it holds the spec or one
     * of its .npy files (a results folder is never the inputs' folder, so a result can never
     * replace an input); or, without {@code --force}, a result's name exists there.
     */
    private String refusal(List<Path> inputs, List<String> results) {
        if (Files.exists(outDir) && !Files.isDirectory(outDir)) {
            return texts.get("cli.compute.outIsFile", outDir);
        }
        if (!Files.isDirectory(outDir)) {
            return null;
        }
        try {
            Path folder = outDir.toRealPath();
            for (Path in : inputs) {
                if (Files.exists(in) && folder.equals(in.toRealPath().getParent())) {
                    return texts.get("cli.compute.holdsInput", outDir, in.getFileName());
                }
            }
        } catch (IOException e) {
            return null; // the write reports what is wrong with the folder
        }
        for (String name : results) {
            Path result = outDir.resolve(name);
            if (Files.isDirectory(result)) {
                return texts.get("cli.compute.resultIsFolder", result);
            }
            if (!force && Files.exists(result)) {
                return texts.get("cli.exists", result);
            }
        }
        return null;
    }
}
