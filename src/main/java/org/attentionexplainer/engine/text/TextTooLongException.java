package org.attentionexplainer.engine.text;

import java.util.List;
import java.util.Locale;
import org.attentionexplainer.engine.Worded;
import org.attentionexplainer.i18n.Localization;

/** The text needs more tokens than the model has positions for (worded as {@code engine.text.tooLong}). */
public class TextTooLongException extends IllegalArgumentException implements Worded {
    private final int tokenCount;
    private final int limit;

    public TextTooLongException(int tokenCount, int limit) {
        super(Localization.of(Locale.ENGLISH).get("engine.text.tooLong", String.valueOf(tokenCount),
                String.valueOf(limit), String.valueOf(tokenCount - limit)));
        this.tokenCount = tokenCount;
        this.limit = limit;
    }

    public int tokenCount() {
        return tokenCount;
    }

    public int limit() {
        return limit;
    }

    @Override
    public String messageKey() {
        return "engine.text.tooLong";
    }

    @Override
    public List<Object> messageArgs() {
        return List.of(String.valueOf(tokenCount), String.valueOf(limit), String.valueOf(tokenCount - limit));
    }
}
