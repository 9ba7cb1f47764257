package org.attentionexplainer.ui.shell;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
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

    /**
     * The user's preferences store (on Linux under ~/.java/.userPrefs), written to disk
     * {@link #WRITE_DELAY_MS} after a change: the store's own timer writes only every 30 s and at
     * a clean exit, so a crash or power cut would lose the last half minute of a learner's work.
     * A drag of many changes within the delay costs one write.
     */
    static Settings userPreferences() {
        Preferences node = Preferences.userRoot().node("org/attentionexplainer");
        ScheduledExecutorService writer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "settings-writer");
            t.setDaemon(true);
            return t;
        });
        AtomicBoolean pending = new AtomicBoolean();
        Runnable write = () -> {
            pending.set(false);
            try {
                node.flush();
            } catch (BackingStoreException | IllegalStateException e) {
                System.err.println("attention-explainer: could not save settings: " + e.getMessage());
            }
        };
        return new Settings() {
            @Override
            public String get(String key, String dflt) {
                return node.get(key, dflt);
            }

            @Override
            public void put(String key, String value) {
                node.put(key, value);
                if (pending.compareAndSet(false, true)) {
                    writer.schedule(write, WRITE_DELAY_MS, TimeUnit.MILLISECONDS);
                }
            }

            @Override
            public void flush() {
                write.run();
            }
        };
    }

    /** How long after a change the preferences store writes it to disk. */
    long WRITE_DELAY_MS = 300;
}
