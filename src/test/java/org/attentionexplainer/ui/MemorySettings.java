package org.attentionexplainer.ui;

import java.util.HashMap;
import java.util.Map;
import org.attentionexplainer.ui.shell.Settings;

/** Settings kept in memory only, so that a test neither reads nor changes the user's. */
public final class MemorySettings implements Settings {
    private final Map<String, String> values = new HashMap<>();

    @Override
    public String get(String key, String dflt) {
        return values.getOrDefault(key, dflt);
    }

    @Override
    public void put(String key, String value) {
        values.put(key, value);
    }
}
