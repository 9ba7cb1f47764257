package org.attentionexplainer.i18n;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;
import java.util.Set;
import java.util.TreeSet;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.InvalidSpecException;
import org.attentionexplainer.engine.Tensor;
import org.junit.jupiter.api.Test;

/**
 * The engine's messages are keys of both bundles ({@code engine.*}): each pattern formats in
 * both languages, and a problem of the engine reads in Turkish for a Turkish reader while its
 * message, for the command line, stays the English one.
 */
class EngineMessagesTest {
    private static final Locale TURKISH = Locale.forLanguageTag("tr");

    @Test
    void everyEngineMessageFormatsInBothLanguages() {
        Set<String> broken = new TreeSet<>();
        ResourceBundle en = ResourceBundle.getBundle(Localization.BUNDLE, Locale.ROOT);
        int keys = 0;
        for (String key : en.keySet()) {
            if (!key.startsWith("engine.")) {
                continue;
            }
            keys++;
            for (Locale l : List.of(Locale.ENGLISH, TURKISH)) {
                try {
                    // a text without arguments is taken as written; one with them goes through MessageFormat
                    boolean args = en.getString(key).contains("{0");
                    String text = args ? Localization.of(l).get(key, 2, 3, 4, 5, 6, 7, 8) : Localization.of(l).get(key);
                    if (text.startsWith("!") || args && text.contains("{") && !text.contains("\"kind\"")) {
                        broken.add(l + " " + key + ": " + text);
                    }
                } catch (IllegalArgumentException e) {
                    broken.add(l + " " + key + ": " + e.getMessage());
                }
            }
        }
        assertTrue(keys > 50, keys + " engine messages");
        assertEquals(Set.of(), broken);
    }

    @Test
    void anEngineProblemReadsInTheReadersLanguageAndItsMessageStaysEnglish() {
        InvalidSpecException e = null;
        try {
            new AttentionEngine().compute(AttentionSpec.builder(Tensor.zeros(2, 4)).heads(3).build());
        } catch (InvalidSpecException thrown) {
            e = thrown;
        }
        assertEquals("heads: 3 heads do not divide the width 4 (d_out % heads must be 0; try 1, 2, 4)", e.getMessage());
        assertEquals("heads", e.field());
        assertEquals("heads: 3 kafa 4 genişliğini bölmüyor (d_out % heads 0 olmalı; şunları deneyin: 1, 2, 4)",
                e.wordedIn(Localization.of(TURKISH)));
        assertFalse(e.wordedIn(Localization.of(TURKISH)).contains("divide"));
    }
}
