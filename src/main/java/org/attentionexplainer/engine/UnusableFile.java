package org.attentionexplainer.engine;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.attentionexplainer.i18n.Localization;

/**
 * A file a user brings (a {@code .npy} array, a tiny GPT's model file) that cannot be used: the
 * file as a message shows it, and the problem as a message key of the bundles ({@code engine.npy.*},
 * {@code engine.tinygpt.file.*}) with its arguments, so that a screen words it in the reader's
 * language (see {@link Worded}); {@link #getMessage()} is the English wording, "file: problem",
 * for the command line and logs. Numbers are passed as text, as the file gave them.
 */
public final class UnusableFile extends IOException implements Worded {
    private final String file;
    private final String messageKey;
    private final List<Object> messageArgs;

    /**
     * @param file the file as a message shows it; empty when the problem is not one file's
     * @param key  the problem's message key
     * @param args its arguments
     */
    public UnusableFile(String file, String key, Object... args) {
        this(file, key, List.copyOf(Arrays.asList(args)));
    }

    private UnusableFile(String file, String key, List<Object> args) {
        super(Worded.about(file, key, args, Localization.of(Locale.ENGLISH)));
        this.file = file;
        this.messageKey = key;
        this.messageArgs = args;
    }

    /** The file as the message shows it. */
    public String file() {
        return file;
    }

    /** The problem's message key (without the file). */
    @Override
    public String messageKey() {
        return messageKey;
    }

    @Override
    public List<Object> messageArgs() {
        return messageArgs;
    }

    /** The message in the language of {@code texts}: "file: problem". */
    @Override
    public String wordedIn(Localization texts) {
        return Worded.about(file, messageKey, messageArgs, texts);
    }
}
