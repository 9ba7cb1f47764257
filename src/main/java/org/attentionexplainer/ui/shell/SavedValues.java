package org.attentionexplainer.ui.shell;

import java.util.Optional;
import java.util.function.Function;
import javafx.beans.property.Property;

/**
 * Keeps a screen's input in the {@link Settings} as it changes, so a restart (after a crash or
 * a power cut too) comes back to it. Each value is read on its own: one that no longer parses or
 * is out of range is ignored and the property keeps its default, the others still come back.
 */
public final class SavedValues {
    private final Settings settings;
    private final String prefix;

    /** @param prefix put before every key, e.g. "chapters." */
    public SavedValues(Settings settings, String prefix) {
        this.settings = settings;
        this.prefix = prefix;
    }

    /**
     * Puts the saved value on {@code property} if there is a valid one, then saves every change.
     *
     * @param parse the value a saved text stands for, or empty if it is not valid (may also throw
     *     IllegalArgumentException for that)
     */
    public <T> void keep(String key, Property<T> property, Function<String, Optional<T>> parse,
                         Function<T, String> format) {
        String saved = settings.get(prefix + key, null);
        if (saved != null) {
            try {
                parse.apply(saved).ifPresent(property::setValue);
            } catch (IllegalArgumentException e) {
                // not a value this version understands: the default stays
            }
        }
        property.addListener((o, a, b) -> {
            if (b != null) {
                settings.put(prefix + key, format.apply(b));
            }
        });
    }

    /** A double kept within [min, max]. */
    public void keepDouble(String key, Property<Number> property, double min, double max) {
        keep(key, property, s -> {
            double v = Double.parseDouble(s);
            return v >= min && v <= max ? Optional.of(v) : Optional.empty();
        }, n -> Double.toString(n.doubleValue()));
    }

    /** An int kept within [min, max]. */
    public void keepInt(String key, Property<Number> property, int min, int max) {
        keep(key, property, s -> {
            int v = Integer.parseInt(s.trim());
            return v >= min && v <= max ? Optional.of(v) : Optional.empty();
        }, n -> Integer.toString(n.intValue()));
    }

    public void keepBoolean(String key, Property<Boolean> property) {
        keep(key, property, s -> s.equals("true") || s.equals("false") ? Optional.of(Boolean.parseBoolean(s))
                : Optional.empty(), String::valueOf);
    }
}
