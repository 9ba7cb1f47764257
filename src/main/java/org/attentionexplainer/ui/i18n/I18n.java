package org.attentionexplainer.ui.i18n;

import java.text.MessageFormat;
import java.util.List;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.attentionexplainer.render.NumberText;

/**
 * Every string the user reads, from {@code messages.properties} and its translations, with a
 * locale that can change while the app runs: bind labels to {@link #text(String, Object...)}
 * and they follow. Numbers are formatted for the locale (Turkish writes 0,7842).
 */
public final class I18n {
    public static final String BUNDLE = "org.attentionexplainer.ui.i18n.messages";
    public static final List<Locale> SUPPORTED = List.of(Locale.ENGLISH, Locale.forLanguageTag("tr"));

    private final ObjectProperty<Locale> locale = new SimpleObjectProperty<>();
    private ResourceBundle bundle;
    private Locale bundleLocale;

    public I18n(Locale initial) {
        locale.set(supported(initial));
    }

    /** The supported locale closest to {@code wanted} (its language, else English). */
    public static Locale supported(Locale wanted) {
        for (Locale l : SUPPORTED) {
            if (l.getLanguage().equals(wanted.getLanguage())) {
                return l;
            }
        }
        return Locale.ENGLISH;
    }

    private static ResourceBundle load(Locale l) {
        return ResourceBundle.getBundle(BUNDLE, l, ResourceBundle.Control.getNoFallbackControl(
                ResourceBundle.Control.FORMAT_PROPERTIES));
    }

    public ObjectProperty<Locale> localeProperty() {
        return locale;
    }

    public Locale locale() {
        return locale.get();
    }

    /**
     * The bundle of the current locale, looked up when read: a binding may be re-evaluated while
     * the locale's listeners are still being notified, and must already get the new language.
     */
    private ResourceBundle bundle() {
        Locale now = locale.get();
        if (bundle == null || !now.equals(bundleLocale)) {
            bundle = load(now);
            bundleLocale = now;
        }
        return bundle;
    }

    /** The text for {@code key} now, with {@link MessageFormat} arguments. */
    public String get(String key, Object... args) {
        String pattern;
        try {
            pattern = bundle().getString(key);
        } catch (MissingResourceException e) {
            return "!" + key + "!";
        }
        if (args.length == 0) {
            return pattern;
        }
        return new MessageFormat(pattern, locale.get()).format(args);
    }

    /** A binding that follows the locale. */
    public StringBinding text(String key, Object... args) {
        return Bindings.createStringBinding(() -> get(key, args), locale);
    }

    /** A number with a fixed count of decimals in the current locale's style. */
    public String number(double value, int decimals) {
        return NumberText.format(value, decimals, locale.get());
    }

    /** Parses a number typed in the current locale (also accepts '.' as the decimal mark). */
    public double parse(String text) throws NumberFormatException {
        String t = text.strip().replace('−', '-');
        if (t.isEmpty()) {
            throw new NumberFormatException("empty");
        }
        char decimal = java.text.DecimalFormatSymbols.getInstance(locale.get()).getDecimalSeparator();
        if (decimal == ',') {
            t = t.replace(',', '.');
        }
        if (!t.matches("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?")) {
            throw new NumberFormatException(text);
        }
        return Double.parseDouble(t);
    }
}
