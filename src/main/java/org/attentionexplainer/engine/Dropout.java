package org.attentionexplainer.engine;

/** Training-mode dropout on the attention weights; survivors are scaled by 1/(1-p). */
public record Dropout(double p, long seed) {
    public Dropout {
        if (!(p >= 0 && p < 1)) {
            throw new InvalidSpecException("dropout.p", "must be in [0, 1), got " + p);
        }
    }
}
