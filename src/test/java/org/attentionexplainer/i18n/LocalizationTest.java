package org.attentionexplainer.i18n;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.attentionexplainer.lesson.explorer.ProjectionKind;
import org.attentionexplainer.lesson.explorer.ScaleMode;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.Stage;
import org.attentionexplainer.ui.i18n.I18n;
import org.junit.jupiter.api.Test;

/** One text layer: the screens and the exports read the same bundle with the same rules. */
class LocalizationTest {
    private static final Locale TURKISH = Locale.forLanguageTag("tr");

    @Test
    void aMissingKeyReadsTheSameOnScreenAndInAnExport() {
        for (Locale l : List.of(Locale.ENGLISH, TURKISH)) {
            assertEquals("!no.such.key!", Localization.of(l).get("no.such.key"));
            assertEquals("!no.such.key!", Localization.of(l).get("no.such.key", 3, "x"));
            assertEquals("!no.such.key!", new I18n(l).get("no.such.key"));
        }
    }

    @Test
    void argumentsAreFormattedAndATextWithoutThemIsTakenAsWritten() {
        // "Head {0}" with an argument; the Turkish headline has an apostrophe that MessageFormat would eat
        assertEquals("Head 3", Localization.of(Locale.ENGLISH).get("explorer.figure.head", 3));
        assertTrue(Localization.of(TURKISH).get("chapter.causal.headline").contains("softmax'tan"));
        assertEquals(new I18n(TURKISH).get("chapter.causal.headline"),
                Localization.of(TURKISH).get("chapter.causal.headline"));
    }

    @Test
    void anUnsupportedLanguageGetsEnglishWhateverTheMachinesLanguage() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(TURKISH);
            assertEquals(Locale.ENGLISH, Localization.of(Locale.GERMAN).locale());
            assertEquals("Attention Explainer", Localization.of(Locale.ENGLISH).get("app.title"));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void keysMadeAtRunTimeExist() {
        List<String> keys = new ArrayList<>();
        for (Stage s : Stage.values()) {
            keys.add("explorer.stage." + s.id());
        }
        for (ColorMap m : ColorMap.values()) {
            keys.add("explorer.colormap." + m.id());
        }
        for (ProjectionKind p : ProjectionKind.values()) {
            keys.add(p.messageKey());
        }
        for (ScaleMode s : ScaleMode.values()) {
            keys.add(s.messageKey());
        }
        for (Locale l : Localization.SUPPORTED) {
            for (String k : keys) {
                assertTrue(Localization.of(l).has(k), l + ": " + k);
            }
        }
    }
}
