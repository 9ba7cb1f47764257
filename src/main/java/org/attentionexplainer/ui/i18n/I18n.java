package org.attentionexplainer.ui.i18n;

import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.attentionexplainer.i18n.Localization;

/**
 * The app's texts ({@link Localization}) with a language that can change while the app runs:
 * bind labels to {@link #text(String, Object...)} and they follow. Numbers are formatted for
 * the language (Turkish writes 0,7842).
 */
public final class I18n {
    private final ObjectProperty<Locale> locale = new SimpleObjectProperty<>();

    public I18n(Locale initial) {
        locale.set(Localization.supported(initial));
    }

    public ObjectProperty<Locale> localeProperty() {
        return locale;
    }

    public Locale locale() {
        return locale.get();
    }

    /**
     * The texts of the current language, looked up when read: a binding may be re-evaluated while
     * the locale's listeners are still being notified, and must already get the new language.
     */
    public Localization texts() {
        return Localization.of(locale.get());
    }

    /** The text for {@code key} now, with {@link java.text.MessageFormat} arguments. */
    public String get(String key, Object... args) {
        return texts().get(key, args);
    }

    /** A binding that follows the locale. */
    public StringBinding text(String key, Object... args) {
        return Bindings.createStringBinding(() -> get(key, args), locale);
    }

    /** A number with a fixed count of decimals in the current locale's style. */
    public String number(double value, int decimals) {
        return texts().number(value, decimals);
    }

    /** Parses a number typed in the current locale (also accepts '.' as the decimal mark). */
    public double parse(String text) throws NumberFormatException {
        return texts().parse(text);
    }
}
