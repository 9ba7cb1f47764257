package org.attentionexplainer.lesson.explorer;

import java.util.Locale;
import org.attentionexplainer.engine.AttentionSpec;

/**
 * The explorer's whole setting as one value: what a session file holds. Reopened, it
 * builds the same model (the seeds make the same vectors and weights, and tensors the
 * learner loaded from files travel in the session itself) and so the same attention, bit
 * for bit.
 *
 * @param version    file format version
 * @param sentence   the sentence as typed
 * @param model      tokens, width, heads, projection, seeds
 * @param controls   masks, temperature, scale, dropout
 * @param pinned     the settings pinned as A for comparison, or null
 * @param stage      scores, logits or weights
 * @param colorMap   the colour map's id, e.g. "viridis"
 * @param autoRange  colour range from the data instead of [0, 1]
 * @param showValues numbers in the cells
 * @param head       the selected head, from 0
 * @param view       grid, focus or compare
 * @param loaded     the COMPUTE spec, token vectors or weights loaded from files, or {@link LoadedData#NONE}
 */
public record Session(int version, String sentence, ModelSettings model, AttentionControls controls,
                      AttentionControls pinned, String stage, String colorMap, boolean autoRange,
                      boolean showValues, int head, String view, LoadedData loaded) {
    /** 2: with the loaded tensors. Version 1 files (without them) still open. */
    public static final int VERSION = 2;

    public Session {
        if (model == null) {
            throw new SettingsProblem("explorer.problem.noModel");
        }
        if (controls == null) {
            throw new SettingsProblem("explorer.problem.noControls");
        }
        if (model.tokens() == null || model.tokens().isEmpty()) {
            throw new SettingsProblem("explorer.problem.noTokens");
        }
        if (model.projection() == null) {
            throw new SettingsProblem("explorer.problem.noProjection");
        }
        if (model.dModel() < 1 || model.heads() < 1) {
            throw new SettingsProblem("explorer.problem.atLeastOne");
        }
        // the explorer's own limits: a file written by hand must not build a model it would refuse
        if (model.dModel() > ModelSettings.MAX_D_MODEL) {
            throw new SettingsProblem("explorer.problem.dModel", String.valueOf(model.dModel()),
                    String.valueOf(ModelSettings.MAX_D_MODEL));
        }
        if (model.tokens().size() > Tokenizer.MAX_TOKENS) {
            throw new SettingsProblem("explorer.problem.tokens", String.valueOf(model.tokens().size()),
                    String.valueOf(Tokenizer.MAX_TOKENS));
        }
        if (head < 0 || head >= model.heads()) {
            throw new SettingsProblem("explorer.problem.head", String.valueOf(head + 1), String.valueOf(model.heads()));
        }
        stage = stage == null ? "weights" : stage.toLowerCase(Locale.ROOT);
        colorMap = colorMap == null ? "viridis" : colorMap;
        view = view == null ? "grid" : view.toLowerCase(Locale.ROOT);
        sentence = sentence == null ? String.join(" ", model.tokens()) : sentence;
        loaded = loaded == null ? LoadedData.NONE : loaded;
    }

    /** A session of a sentence with the given model and controls, showing the grid of weights. */
    public static Session of(String sentence, ModelSettings model, AttentionControls controls) {
        return new Session(VERSION, sentence, model, controls, null, "weights", "viridis", false, true, 0, "grid",
                LoadedData.NONE);
    }

    /** The same session with other loaded tensors. */
    public Session withLoaded(LoadedData data) {
        return new Session(version, sentence, model, controls, pinned, stage, colorMap, autoRange, showValues, head,
                view, data);
    }

    /** The spec the explorer computes for this session. */
    public AttentionSpec spec(ModelBuilder builder) {
        return controls.applyTo(builder.build(model, loaded));
    }
}
