package org.attentionexplainer.ui.i18n;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.beans.binding.StringBinding;
import org.junit.jupiter.api.Test;

/** Texts and numbers follow a live switch of the language. */
class I18nTest {
    private final I18n i18n = new I18n(Locale.ENGLISH);

    @Test
    void aBindingReadAtOnceOnChangeAlreadyHasTheNewLanguage() {
        // A label's skin reads its text from a change listener, while the locale is still
        // notifying its listeners: it must not get the old language.
        StringBinding title = i18n.text("app.title");
        List<String> seen = new ArrayList<>();
        title.addListener((o, was, now) -> seen.add(now));
        i18n.localeProperty().set(Locale.forLanguageTag("tr"));
        assertEquals(List.of("Dikkat Açıklayıcı"), seen);
        i18n.localeProperty().set(Locale.ENGLISH);
        assertEquals(List.of("Dikkat Açıklayıcı", "Attention Explainer"), seen);
    }

    @Test
    void turkishNumbersHaveADecimalCommaAndParseBothMarks() {
        i18n.localeProperty().set(Locale.forLanguageTag("tr"));
        assertEquals("0,7842", i18n.number(0.78421, 4));
        assertEquals("−0,5", i18n.number(-0.5, 1));
        assertEquals(0.5, i18n.parse("0,5"));
        assertEquals(0.5, i18n.parse("0.5"));
    }
}
