package org.attentionexplainer.lesson.explorer;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.attentionexplainer.engine.Worded;
import org.attentionexplainer.i18n.Localization;

/**
 * Explorer settings that cannot be (a temperature out of range, a head that does not exist), as
 * a session file or the command line may give them: a message key of the bundles
 * ({@code explorer.problem.*}) and its arguments, worded in the reader's language by the window
 * that opens the session; {@link #getMessage()} is the English wording.
 */
public final class SettingsProblem extends IllegalArgumentException implements Worded {
    private final String messageKey;
    private final List<Object> messageArgs;

    /** @param args the arguments, numbers as text as the settings hold them */
    SettingsProblem(String key, Object... args) {
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
