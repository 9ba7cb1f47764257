package org.attentionexplainer.engine;

/** How logits become weights. */
public enum Normalization {
    /** exp(x - max) / sum: every key gets some weight. */
    SOFTMAX,
    /** one-hot on the largest logit (the first one on ties): attention as a hard lookup. */
    HARDMAX;

    public String specValue() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
