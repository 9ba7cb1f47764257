package org.attentionexplainer.engine.tinygpt;

import java.util.List;
import java.util.Locale;
import org.attentionexplainer.engine.Worded;
import org.attentionexplainer.i18n.Localization;

/** A text the tiny GPT cannot read: a character that is none of its symbols, or no symbol at all. */
public final class SymbolException extends IllegalArgumentException implements Worded {
    private final String key;
    private final List<Object> args;

    SymbolException(String key, Object... args) {
        super(Localization.of(Locale.ENGLISH).get(key, args));
        this.key = key;
        this.args = List.of(args);
    }

    @Override
    public String messageKey() {
        return key;
    }

    @Override
    public List<Object> messageArgs() {
        return args;
    }
}
