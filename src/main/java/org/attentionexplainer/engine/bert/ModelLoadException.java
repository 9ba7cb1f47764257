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
        super(isKey(key) ? Localization.of(Locale.ENGLISH).get(key,
                Worded.argsIn(Localization.of(Locale.ENGLISH), Arrays.asList(args))) : key, cause);
        // the model-folder readers still say some problems in plain English (a file's own words)
        this.messageKey = isKey(key) ? key : PLAIN;
        this.messageArgs = isKey(key) ? List.copyOf(Arrays.asList(args)) : List.of(key);
    }

    /** The key of a problem said in words already: its one argument. */
    static final String PLAIN = "engine.model.plain";

    private static boolean isKey(String key) {
        return key != null && !key.isBlank() && key.chars().noneMatch(Character::isWhitespace);
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
