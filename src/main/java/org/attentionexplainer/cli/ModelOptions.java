package org.attentionexplainer.cli;

import java.util.Set;
import org.attentionexplainer.lesson.explorer.AttentionControls;
import org.attentionexplainer.lesson.explorer.ModelSettings;
import org.attentionexplainer.lesson.explorer.ProjectionKind;
import org.attentionexplainer.lesson.explorer.ScaleMode;
import org.attentionexplainer.lesson.explorer.Tokenizer;
import picocli.CommandLine.Option;

/** The model and attention settings of {@code export --sentence}, with the explorer's defaults. */
final class ModelOptions {
    @Option(names = "--d-model", paramLabel = "N", description = "width of the token vectors (default ${DEFAULT-VALUE})")
    int dModel = 12;

    @Option(names = "--heads-count", paramLabel = "H", description = "number of heads (default ${DEFAULT-VALUE})")
    int heads = 4;

    @Option(names = "--projection", paramLabel = "KIND",
            description = "identity, separate or fused Q/K/V weights (default ${DEFAULT-VALUE})")
    String projection = "separate";

    @Option(names = "--seed", paramLabel = "S", description = "torch.manual_seed of the weights (default ${DEFAULT-VALUE})")
    long seed = 123;

    @Option(names = "--embedding-seed", paramLabel = "S", description = "seed of unknown words' vectors (default ${DEFAULT-VALUE})")
    long embeddingSeed;

    @Option(names = "--positional", description = "add the sinusoidal positional encoding")
    boolean positional;

    @Option(names = "--causal", description = "causal mask: no query sees a later key")
    boolean causal;

    @Option(names = "--window", paramLabel = "W", description = "mask keys further than W from the query")
    Integer window;

    @Option(names = "--temperature", paramLabel = "T", description = "softmax temperature in [0.05, 10] (default ${DEFAULT-VALUE})")
    double temperature = 1;

    @Option(names = "--attention-scale", paramLabel = "F",
            description = "factor on the scores: sqrt (1/sqrt(d_k), the default), none, or a number")
    String attentionScale = "sqrt";

    @Option(names = "--hard", description = "hardmax instead of softmax")
    boolean hard;

    @Option(names = "--dropout", paramLabel = "P", description = "dropout on the weights, in [0, 0.9]")
    double dropout;

    @Option(names = "--dropout-seed", paramLabel = "S", description = "seed of the dropout draw")
    long dropoutSeed;

    /** The model of {@code sentence}. @throws IllegalArgumentException with one line */
    ModelSettings settings(String sentence) {
        Tokenizer.Result r = Tokenizer.tokenize(sentence, Tokenizer.MAX_TOKENS);
        if (r.tokens().isEmpty()) {
            throw new IllegalArgumentException("the sentence has no tokens");
        }
        if (r.overLimit()) {
            throw new IllegalArgumentException("the sentence has " + r.count() + " tokens; at most "
                    + Tokenizer.MAX_TOKENS + " are allowed");
        }
        if (dModel < 1 || dModel > ModelSettings.MAX_D_MODEL) {
            throw new IllegalArgumentException("--d-model must be in [1, " + ModelSettings.MAX_D_MODEL + "], got "
                    + dModel);
        }
        if (heads < 1 || dModel % heads != 0) {
            throw new IllegalArgumentException("--heads-count must divide --d-model " + dModel + ", got " + heads);
        }
        ProjectionKind kind;
        try {
            kind = ProjectionKind.valueOf(projection.trim().toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--projection must be identity, separate or fused, got " + projection);
        }
        return new ModelSettings(r.tokens(), dModel, heads, kind, seed, embeddingSeed, positional);
    }

    /** The attention settings. @throws IllegalArgumentException with one line */
    AttentionControls controls() {
        ScaleMode mode;
        double factor = 1;
        switch (attentionScale.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "sqrt" -> mode = ScaleMode.INVERSE_SQRT_DK;
            case "none" -> mode = ScaleMode.NONE;
            default -> {
                mode = ScaleMode.CUSTOM;
                try {
                    factor = Double.parseDouble(attentionScale);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("--attention-scale must be sqrt, none or a number, got "
                            + attentionScale);
                }
            }
        }
        return new AttentionControls(causal, false, Set.of(), window != null, window == null ? 2 : window, hard,
                temperature, mode, factor, dropout, dropoutSeed);
    }
}
