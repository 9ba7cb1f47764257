package org.attentionexplainer.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.InvalidSpecException;
import org.attentionexplainer.engine.tinygpt.GptConfig;
import org.attentionexplainer.engine.tinygpt.GptModelFile;
import org.attentionexplainer.engine.tinygpt.GptTrainer;
import org.attentionexplainer.engine.tinygpt.TinyGpt;
import org.attentionexplainer.engine.tinygpt.TrainingControl;
import org.attentionexplainer.engine.tinygpt.TrainingOptions;
import org.attentionexplainer.engine.tinygpt.TrainingResult;
import org.attentionexplainer.export.AtomicFiles;
import org.attentionexplainer.i18n.Localization;
import org.attentionexplainer.lesson.tinygpt.TinyGptScores;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code train --out MODEL.tinygpt}: trains the tiny GPT on repeated symbol sequences, prints the
 * loss at every tenth of the run and the held-out scores, and writes the model file. The numbers
 * are read as text so that a bad one gets this command's one line, not picocli's usage page.
 */
@Command(name = "train", mixinStandardHelpOptions = true,
        description = "Train the tiny GPT (attention only) on repeated random symbols and write its model file.")
public final class TrainCommand implements Callable<Integer> {
    @Option(names = "--out", required = true, paramLabel = "MODEL" + GptModelFile.EXTENSION,
            description = "the model file to write")
    Path outFile;

    @Option(names = "--seed", defaultValue = "1",
            description = "seed of the weights and data (default: ${DEFAULT-VALUE})")
    String seed;

    @Option(names = "--layers", defaultValue = "2", description = "attention layers (default: ${DEFAULT-VALUE})")
    String layers;

    @Option(names = "--heads", defaultValue = "4", description = "heads per layer (default: ${DEFAULT-VALUE})")
    String heads;

    @Option(names = "--d-model", defaultValue = "64", description = "model width (default: ${DEFAULT-VALUE})")
    String dModel;

    @Option(names = "--steps", defaultValue = "800", description = "Adam steps (default: ${DEFAULT-VALUE})")
    String steps;

    @Option(names = "--batch", defaultValue = "32", description = "sequences per step (default: ${DEFAULT-VALUE})")
    String batch;

    @Option(names = "--learning-rate", defaultValue = "0.01",
            description = "Adam's learning rate (default: ${DEFAULT-VALUE})")
    String learningRate;

    @Option(names = "--force", description = "replace the model file if it exists")
    boolean force;

    @Option(names = "--quiet", description = "print nothing on success")
    boolean quiet;

    @Spec
    CommandSpec commandSpec;

    private final Supplier<AttentionEngine> engines;

    public TrainCommand(Supplier<AttentionEngine> engines) {
        this.engines = engines;
    }

    @Override
    public Integer call() {
        PrintWriter err = commandSpec.commandLine().getErr();
        PrintWriter out = commandSpec.commandLine().getOut();
        GptConfig config;
        TrainingOptions options;
        try {
            GptConfig d = GptConfig.DEFAULT;
            config = new GptConfig(d.vocab(), d.positions(), whole("--d-model", dModel), whole("--layers", layers),
                    whole("--heads", heads));
            options = new TrainingOptions(longNumber("--seed", seed), whole("--steps", steps), whole("--batch", batch),
                    number("--learning-rate", learningRate));
        } catch (BadNumber e) {
            err.println("train: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        } catch (InvalidSpecException e) {
            // the engine names its fields as the model does (d_model); the option is --d-model
            String problem = e.getMessage().substring(Math.min(e.getMessage().length(), e.field().length() + 2));
            err.println("train: --" + e.field().replace('_', '-') + ": " + problem);
            return ExitCodes.BAD_INPUT;
        }
        String refusal = refusal();
        if (refusal != null) {
            err.println("train: " + refusal);
            return ExitCodes.CANNOT_WRITE;
        }
        TrainingResult result = new GptTrainer(config, options).train(p -> {
            int tenth = Math.max(1, p.steps() / 10);
            if (!quiet && (p.step() % tenth == 0 || p.step() == p.steps())) {
                out.printf(Locale.ROOT, "step %5d/%d  loss first half %.3f  second half %.3f  (%.1f s)%n", p.step(),
                        p.steps(), p.lossFirst(), p.lossSecond(), p.millis() / 1000.0);
                out.flush();
            }
        }, new TrainingControl());
        try {
            AtomicFiles.write(outFile, force ? AtomicFiles.Existing.REPLACE : AtomicFiles.Existing.FAIL,
                    o -> GptModelFile.write(result.weights(), options, o));
        } catch (FileAlreadyExistsException e) {
            err.println("train: " + Localization.of(Locale.ENGLISH).get("cli.exists", outFile));
            return ExitCodes.CANNOT_WRITE;
        } catch (IOException e) {
            err.println("train: cannot write " + outFile + ": " + IoMessages.describe(e));
            return ExitCodes.CANNOT_WRITE;
        }
        if (!quiet) {
            TinyGptScores scores = TinyGptScores.heldOut(new TinyGpt(result.weights(), engines.get()));
            TinyGptScores.Best induction = scores.bestInduction();
            TinyGptScores.Best previous = scores.bestPreviousToken();
            out.printf(Locale.ROOT, "trained in %.1f s; on %d held-out sequences: induction %.3f (layer %d head %d),"
                            + " previous-token %.3f (layer %d head %d), next-symbol accuracy on the repeat %.1f %%%n",
                    result.millis() / 1000.0, scores.sequences(), induction.score(), induction.layer() + 1,
                    induction.head() + 1, previous.score(), previous.layer() + 1, previous.head() + 1,
                    100 * scores.accuracy());
            out.printf("wrote %s%n", outFile);
        }
        return ExitCodes.OK;
    }

    /** Why the model may not go to {@code --out}, or null; asked before training, not after. */
    private String refusal() {
        if (outFile.toString().isEmpty()) {
            return "--out is empty: give the model file to write";
        }
        if (Files.isDirectory(outFile)) {
            return outFile + " is a folder; give a file name such as model" + GptModelFile.EXTENSION;
        }
        Path dir = outFile.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            return "folder " + dir + " does not exist";
        }
        if (!force && Files.exists(outFile)) {
            return outFile + " exists; use --force to replace it";
        }
        return null;
    }

    private static final class BadNumber extends Exception {
        BadNumber(String option, String value, String kind) {
            super(option + " must be " + kind + ", got '" + org.attentionexplainer.engine.MessageText.quote(value)
                    + "'");
        }
    }

    private static int whole(String option, String value) throws BadNumber {
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new BadNumber(option, value, "a whole number");
        }
    }

    private static long longNumber(String option, String value) throws BadNumber {
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new BadNumber(option, value, "a whole number");
        }
    }

    private static double number(String option, String value) throws BadNumber {
        try {
            double v = Double.parseDouble(value.strip());
            if (!Double.isFinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new BadNumber(option, value, "a number");
        }
    }
}
