package org.attentionexplainer.ui.shell;

import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/** What the app remembers between runs: window bounds, language, theme, zoom, where a learner stopped. */
public interface Settings {
    String get(String key, String dflt);

    void put(String key, String value);

    default double getDouble(String key, double dflt) {
        try {
            return Double.parseDouble(get(key, Double.toString(dflt)));
        } catch (NumberFormatException e) {
            return dflt;
        }
    }

    default int getInt(String key, int dflt) {
        try {
            return Integer.parseInt(get(key, Integer.toString(dflt)));
        } catch (NumberFormatException e) {
            return dflt;
        }
    }

    default void flush() {
    }

    /** The user's preferences store (on Linux under ~/.java/.userPrefs). */
    static Settings userPreferences() {
        Preferences node = Preferences.userRoot().node("org/attentionexplainer");
        return new Settings() {
            @Override
            public String get(String key, String dflt) {
                return node.get(key, dflt);
            }

            @Override
            public void put(String key, String value) {
                node.put(key, value);
            }

            @Override
            public void flush() {
                try {
                    node.flush();
                } catch (BackingStoreException e) {
                    System.err.println("attention-explainer: could not save settings: " + e.getMessage());
                }
            }
        };
    }
}
