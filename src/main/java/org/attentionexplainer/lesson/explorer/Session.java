package org.attentionexplainer.lesson.explorer;

import java.util.Locale;
import java.util.Objects;
import org.attentionexplainer.engine.AttentionSpec;

/**
 * The explorer's whole setting as one value: what a session file holds. Reopened, it
 * builds the same model (the seeds make the same vectors and weights) and so the same
 * attention, bit for bit.
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
 */
public record Session(int version, String sentence, ModelSettings model, AttentionControls controls,
                      AttentionControls pinned, String stage, String colorMap, boolean autoRange,
                      boolean showValues, int head, String view) {
    public static final int VERSION = 1;

    public Session {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(controls, "controls");
        if (model.tokens().isEmpty()) {
            throw new IllegalArgumentException("the session has no tokens");
        }
        if (model.dModel() < 1 || model.heads() < 1) {
            throw new IllegalArgumentException("d_model and heads must be at least 1");
        }
        if (head < 0 || head >= model.heads()) {
            throw new IllegalArgumentException("head " + (head + 1) + " of " + model.heads() + " does not exist");
        }
        stage = stage == null ? "weights" : stage.toLowerCase(Locale.ROOT);
        colorMap = colorMap == null ? "viridis" : colorMap;
        view = view == null ? "grid" : view.toLowerCase(Locale.ROOT);
        sentence = sentence == null ? String.join(" ", model.tokens()) : sentence;
    }

    /** A session of a sentence with the given model and controls, showing the grid of weights. */
    public static Session of(String sentence, ModelSettings model, AttentionControls controls) {
        return new Session(VERSION, sentence, model, controls, null, "weights", "viridis", false, true, 0, "grid");
    }

    /** The spec the explorer computes for this session. */
    public AttentionSpec spec(ModelBuilder builder) {
        return controls.applyTo(builder.build(model, LoadedData.NONE));
    }
}
