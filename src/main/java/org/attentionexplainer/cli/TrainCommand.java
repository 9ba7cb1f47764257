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
import org.attentionexplainer.engine.MessageText;
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

    @Option(names = "--lang", paramLabel = "LANG", description = "language of the messages: en or tr (default en)")
    String lang = "en";

    @Spec
    CommandSpec commandSpec;

    private final Supplier<AttentionEngine> engines;
    /** The language of the problems and the lines reported, from --lang. */
    private Localization texts = Localization.of(Locale.ENGLISH);

    public TrainCommand(Supplier<AttentionEngine> engines) {
        this.engines = engines;
    }

    @Override
    public Integer call() {
        PrintWriter err = commandSpec.commandLine().getErr();
        PrintWriter out = commandSpec.commandLine().getOut();
        texts = Localization.of(Locale.forLanguageTag(lang));
        GptConfig config;
        TrainingOptions options;
        try {
            GptConfig d = GptConfig.DEFAULT;
            config = new GptConfig(d.vocab(), d.positions(), whole("--d-model", dModel), whole("--layers", layers),
                    whole("--heads", heads));
            options = new TrainingOptions(longNumber("--seed", seed), whole("--steps", steps), whole("--batch", batch),
                    number("--learning-rate", learningRate));
        } catch (BadNumber e) {
            err.println("train: " + texts.get(e.key, e.option, MessageText.quote(e.value)));
            return ExitCodes.BAD_INPUT;
        } catch (InvalidSpecException e) {
            // the engine names its fields as the model does (d_model); the option is --d-model
            String worded = e.wordedIn(texts);
            String problem = worded.substring(Math.min(worded.length(), e.field().length() + 2));
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
                out.println(texts.get("cli.train.step", String.format(Locale.ROOT, "%5d", p.step()),
                        String.valueOf(p.steps()), texts.number(p.lossFirst(), 3), texts.number(p.lossSecond(), 3),
                        texts.number(p.millis() / 1000.0, 1)));
                out.flush();
            }
        }, new TrainingControl());
        try {
            AtomicFiles.write(outFile, force ? AtomicFiles.Existing.REPLACE : AtomicFiles.Existing.FAIL,
                    o -> GptModelFile.write(result.weights(), options, o));
        } catch (FileAlreadyExistsException e) {
            err.println("train: " + texts.get("cli.exists", outFile));
            return ExitCodes.CANNOT_WRITE;
        } catch (IOException e) {
            err.println("train: " + texts.get("cli.train.cannotWrite", outFile, IoMessages.describe(texts, e)));
            return ExitCodes.CANNOT_WRITE;
        }
        if (!quiet) {
            TinyGptScores scores = TinyGptScores.heldOut(new TinyGpt(result.weights(), engines.get()));
            TinyGptScores.Best induction = scores.bestInduction();
            TinyGptScores.Best previous = scores.bestPreviousToken();
            out.println(texts.get("cli.train.trained", texts.number(result.millis() / 1000.0, 1),
                    String.valueOf(scores.sequences()), texts.number(induction.score(), 3),
                    String.valueOf(induction.layer() + 1), String.valueOf(induction.head() + 1),
                    texts.number(previous.score(), 3), String.valueOf(previous.layer() + 1),
                    String.valueOf(previous.head() + 1), texts.number(100 * scores.accuracy(), 1)));
            out.println(texts.get("cli.train.wrote", outFile));
        }
        return ExitCodes.OK;
    }

    /** Why the model may not go to {@code --out}, or null; asked before training, not after. */
    private String refusal() {
        if (outFile.toString().isEmpty()) {
            return texts.get("cli.train.outEmpty");
        }
        if (Files.isDirectory(outFile)) {
            return texts.get("cli.train.outIsFolder", outFile, "model" + GptModelFile.EXTENSION);
        }
        Path dir = outFile.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            return texts.get("cli.train.noFolder", String.valueOf(dir));
        }
        if (!force && Files.exists(outFile)) {
            return texts.get("cli.exists", outFile);
        }
        return null;
    }

    /** A value that is not the number its option asks for: the message key, the option and the value. */
    private static final class BadNumber extends Exception {
        final String key;
        final String option;
        final String value;

        BadNumber(String option, String value, String key) {
            this.key = key;
            this.option = option;
            this.value = value;
        }
    }

    private static int whole(String option, String value) throws BadNumber {
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new BadNumber(option, value, "cli.train.notWhole");
        }
    }

    private static long longNumber(String option, String value) throws BadNumber {
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new BadNumber(option, value, "cli.train.notWhole");
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
            throw new BadNumber(option, value, "cli.train.notNumber");
        }
    }
}
