package org.attentionexplainer.i18n;

import java.text.DecimalFormatSymbols;
import java.text.MessageFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.MissingResourceException;
import java.util.ResourceBundle;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every string the user reads, in one language, from {@code messages.properties} and its
 * translations: the windows, the command line and the exported pictures all read them here.
 * A key the bundle lacks reads {@code !key!}, so that it shows wherever it appears.
 * Patterns with arguments go through {@link MessageFormat}; a text without arguments is
 * taken as written (so an apostrophe needs no doubling there).
 */
public final class Localization {
    public static final String BUNDLE = "org.attentionexplainer.i18n.messages";
    public static final List<Locale> SUPPORTED = List.of(Locale.ENGLISH, Locale.forLanguageTag("tr"));

    private static final Map<Locale, Localization> LOADED = new ConcurrentHashMap<>();

    private final Locale locale;
    private final ResourceBundle bundle;

    private Localization(Locale locale) {
        this.locale = locale;
        // no fallback to the machine's language: English is the base bundle whatever the system says
        this.bundle = ResourceBundle.getBundle(BUNDLE, locale, ResourceBundle.Control.getNoFallbackControl(
                ResourceBundle.Control.FORMAT_PROPERTIES));
    }

    /** The texts of the supported language closest to {@code wanted}. */
    public static Localization of(Locale wanted) {
        return LOADED.computeIfAbsent(supported(wanted), Localization::new);
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

    public Locale locale() {
        return locale;
    }

    /** The text for {@code key} with {@link MessageFormat} arguments, or {@code !key!} if the bundle has none. */
    public String get(String key, Object... args) {
        String pattern;
        try {
            pattern = bundle.getString(key);
        } catch (MissingResourceException e) {
            return "!" + key + "!";
        }
        if (args.length == 0) {
            return pattern;
        }
        Object[] worded = args.clone();
        for (int i = 0; i < worded.length; i++) {
            if (worded[i] instanceof PowerOfTen p) {
                worded[i] = powerOfTen(p.value());
            }
        }
        return new MessageFormat(pattern, locale).format(worded);
    }

    /** True if the bundle has a text for {@code key}. */
    public boolean has(String key) {
        return bundle.containsKey(key);
    }

    /** A number with a fixed count of decimals in this language's style. */
    public String number(double value, int decimals) {
        return NumberText.format(value, decimals, locale);
    }

    /** A number as a power of ten in this language's style, "3.0 × 10⁻⁸" (0 reads "0"). */
    public String powerOfTen(double value) {
        return NumberText.powerOfTen(value, locale);
    }

    /** Parses a number typed in this language (also accepts '.' as the decimal mark). */
    public double parse(String text) throws NumberFormatException {
        String t = text.strip().replace('−', '-');
        if (t.isEmpty()) {
            throw new NumberFormatException("empty");
        }
        if (DecimalFormatSymbols.getInstance(locale).getDecimalSeparator() == ',') {
            t = t.replace(',', '.');
        }
        if (!t.matches("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?")) {
            throw new NumberFormatException(text);
        }
        return Double.parseDouble(t);
    }
}
