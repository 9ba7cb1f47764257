package org.attentionexplainer.render;

import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Tensor;

/** The steps of attention a heatmap can show. */
public enum Stage {
    /** Raw Q K^T, before scale and masks: signed, drawn with a diverging map. */
    SCORES,
    /** Scaled, divided by the temperature, -inf where masked: signed, diverging. */
    LOGITS,
    /** After softmax / hardmax (and dropout): sequential, usually in [0, 1]. */
    WEIGHTS;

    /** True for the signed stages that want a diverging map centred on 0. */
    public boolean signed() {
        return this != WEIGHTS;
    }

    /** True where the mask shows on the map (raw scores are computed for every pair). */
    public boolean showsMask() {
        return this != SCORES;
    }

    /** The (b, h, t, s) tensor of this stage. */
    public Tensor of(AttentionTrace trace) {
        return switch (this) {
            case SCORES -> trace.scores();
            case LOGITS -> trace.logits();
            case WEIGHTS -> trace.weights();
        };
    }

    /** The name used on the command line and in files. */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
