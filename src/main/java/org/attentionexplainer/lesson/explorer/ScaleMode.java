package org.attentionexplainer.lesson.explorer;

/** The factor on the scores: 1/√d_k, none (1), or a number of the user's choice. */
public enum ScaleMode {
    INVERSE_SQRT_DK, NONE, CUSTOM;

    public String messageKey() {
        return "explorer.scale." + name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
