package org.attentionexplainer.export;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.attentionexplainer.engine.Worded;
import org.attentionexplainer.i18n.Localization;

/**
 * Something asked of an export that cannot be done (a size out of range, a picture too large, a
 * head that does not exist): a message key of the bundles ({@code export.problem.*}) and its
 * arguments, so that the window words it in the reader's language; {@link #getMessage()} is the
 * English wording, for the command line and logs.
 */
public final class ExportProblem extends IllegalArgumentException implements Worded {
    private final String messageKey;
    private final List<Object> messageArgs;

    public ExportProblem(String key, Object... args) {
        super(Localization.of(Locale.ENGLISH).get(key, args));
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
