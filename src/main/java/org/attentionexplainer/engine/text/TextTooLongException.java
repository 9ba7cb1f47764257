package org.attentionexplainer.engine.text;

/** The text needs more tokens than the model has positions for. */
public class TextTooLongException extends IllegalArgumentException {
    private final int tokenCount;
    private final int limit;

    public TextTooLongException(int tokenCount, int limit) {
        super("the text makes " + tokenCount + " tokens with [CLS] and [SEP]; the model reads at most " + limit
                + ", so shorten it by " + (tokenCount - limit));
        this.tokenCount = tokenCount;
        this.limit = limit;
    }

    public int tokenCount() {
        return tokenCount;
    }

    public int limit() {
        return limit;
    }
}
