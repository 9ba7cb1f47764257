package org.attentionexplainer.engine.model;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.attentionexplainer.engine.Worded;
import org.attentionexplainer.i18n.Localization;

/**
 * A file of a model folder (config.json, model.safetensors) is not usable: one line that names
 * the file and says what is wrong, as a message key of the bundles ({@code engine.model.*}, the
 * file as its first argument) and its arguments, worded in the reader's language by the window
 * (see {@link Worded}); the message is its English.
 */
public class ModelFormatException extends RuntimeException implements Worded {
    private final String messageKey;
    private final List<Object> messageArgs;

    /**
     * @param key  the problem's message key
     * @param args its arguments: the file as the message shows it first, numbers as text
     */
    public ModelFormatException(String key, Object... args) {
        this(key, List.copyOf(Arrays.asList(args)));
    }

    private ModelFormatException(String key, List<Object> args) {
        super(Localization.of(Locale.ENGLISH).get(key, Worded.argsIn(Localization.of(Locale.ENGLISH), args)));
        this.messageKey = key;
        this.messageArgs = args;
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
