package org.attentionexplainer.engine.bert;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.attentionexplainer.engine.Worded;
import org.attentionexplainer.i18n.Localization;

/**
 * The model could not be loaded: why, in one line a user can act on, as a message key
 * ({@code engine.model.*}) and its arguments (see {@link Worded}); the message is its English.
 */
public class ModelLoadException extends Exception implements Worded {
    private final String messageKey;
    private final List<Object> messageArgs;

    public ModelLoadException(String key, Object... args) {
        this(null, key, args);
    }

    public ModelLoadException(Throwable cause, String key, Object... args) {
        super(Localization.of(Locale.ENGLISH).get(key, args), cause);
        this.messageKey = key;
        this.messageArgs = List.copyOf(Arrays.asList(args));
    }

    @Override
    public String messageKey() {
        return messageKey;
    }

    @Override
    public List<Object> messageArgs() {
        return messageArgs;
    }
}
