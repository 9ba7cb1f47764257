package org.attentionexplainer.ui.theme;

import java.util.Objects;

/** The looks: each a CSS file of colour variables laid over the shared app.css. */
public enum Theme {
    LIGHT("light.css"), DARK("dark.css"), HIGH_CONTRAST("high-contrast.css");

    private final String file;

    Theme(String file) {
        this.file = file;
    }

    /** The message key of the theme's name. */
    public String messageKey() {
        return "theme." + name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    public String stylesheet() {
        return Objects.requireNonNull(Theme.class.getResource(file), file).toExternalForm();
    }

    public static String base() {
        return Objects.requireNonNull(Theme.class.getResource("app.css"), "app.css").toExternalForm();
    }
}
