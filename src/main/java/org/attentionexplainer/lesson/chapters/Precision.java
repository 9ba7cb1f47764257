package org.attentionexplainer.lesson.chapters;

/** Number formats for activations and caches, by the bytes one value takes. */
public enum Precision {
    FP32("fp32", 4),
    FP16("fp16", 2),
    BF16("bf16", 2);

    private final String symbol;
    private final int bytes;

    Precision(String symbol, int bytes) {
        this.symbol = symbol;
        this.bytes = bytes;
    }

    /** The usual short name, the same in every language. */
    public String symbol() {
        return symbol;
    }

    public int bytes() {
        return bytes;
    }
}
