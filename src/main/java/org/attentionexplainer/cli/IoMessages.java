package org.attentionexplainer.cli;

import java.io.IOException;
import java.util.Locale;
import org.attentionexplainer.export.ExportErrors;
import org.attentionexplainer.i18n.Localization;

/** Turns an IOException into one line a user can act on, worded by the text layer. */
final class IoMessages {
    private IoMessages() {
    }

    /** In English, as the commands without a language option write. */
    static String describe(IOException e) {
        return describe(Localization.of(Locale.ENGLISH), e);
    }

    static String describe(Localization texts, IOException e) {
        return ExportErrors.describe(texts, e);
    }
}
