package org.attentionexplainer.export;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;
import org.attentionexplainer.render.NumberText;

/** The application's message bundle in one language, for pictures drawn without a window. */
public final class ExportTexts {
    private static final String BUNDLE = "org.attentionexplainer.ui.i18n.messages";
    private final ResourceBundle bundle;
    private final Locale locale;

    public ExportTexts(Locale locale) {
        this.locale = locale;
        this.bundle = ResourceBundle.getBundle(BUNDLE, locale);
    }

    public Locale locale() {
        return locale;
    }

    public String get(String key, Object... args) {
        try {
            return new MessageFormat(bundle.getString(key), locale).format(args);
        } catch (MissingResourceException e) {
            return key;
        }
    }

    public String number(double value, int decimals) {
        return NumberText.format(value, decimals, locale);
    }
}
