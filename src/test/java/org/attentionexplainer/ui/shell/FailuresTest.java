package org.attentionexplainer.ui.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.concurrent.CompletionException;
import org.attentionexplainer.engine.InvalidSpecException;
import org.attentionexplainer.ui.i18n.I18n;
import org.junit.jupiter.api.Test;

/** What a screen says when its background work failed, the heap running out included. */
class FailuresTest {
    private final I18n english = new I18n(Locale.ENGLISH);

    @Test
    void runningOutOfMemorySaysWhatToDoInTheUsersLanguage() {
        long mib = Runtime.getRuntime().maxMemory() >> 20;
        String heap = java.text.NumberFormat.getInstance(Locale.ENGLISH).format(mib);
        assertEquals("not enough memory: the " + heap + " MiB Java heap is full; use fewer tokens or heads, a smaller"
                + " d_model or a smaller picture scale",
                Failures.describe(english, new CompletionException(new OutOfMemoryError("Java heap space"))));
        I18n turkish = new I18n(Locale.forLanguageTag("tr"));
        assertEquals("bellek yetmiyor: " + java.text.NumberFormat.getInstance(Locale.forLanguageTag("tr")).format(mib)
                + " MiB’lık Java yığını dolu; daha az token ya da kafa, daha küçük bir d_model ya da daha küçük"
                + " bir resim ölçeği deneyin", Failures.describe(turkish, new OutOfMemoryError()));
    }

    @Test
    void otherFailuresGiveTheirOwnLine() {
        assertEquals("IllegalStateException", Failures.describe(english, new IllegalStateException()));
    }

    /**
     * The engine reports a message key and its arguments: the screen words it in the reader's
     * language (the English is the exception's own message, for the command line), also when
     * another exception only passes it on.
     */
    @Test
    void engineProblemsAreWordedInTheUsersLanguage() {
        InvalidSpecException e = new InvalidSpecException("temperature", "engine.spec.positive", "-1.0");
        assertEquals("temperature: must be a positive number, got -1.0", e.getMessage());
        assertEquals("temperature: must be a positive number, got -1.0", Failures.describe(english,
                new CompletionException(e)));
        I18n turkish = new I18n(Locale.forLanguageTag("tr"));
        assertEquals("temperature: pozitif bir sayı olmalı, -1.0 verildi", Failures.describe(turkish,
                new CompletionException(new IllegalStateException(e.getMessage(), e))));
        assertEquals("Modeli yüklemek için bellek yetmiyor: yaklaşık 500 MB gerekir; Java'yı daha büyük bir -Xmx ile"
                + " başlatın", Failures.describe(turkish, new org.attentionexplainer.engine.bert.ModelLoadException(
                new OutOfMemoryError(), "engine.model.memory")));
        assertEquals("metin [CLS] ve [SEP] ile birlikte 600 token ediyor; model en çok 512 token okur, bu yüzden 88"
                + " token kısaltın", Failures.describe(turkish,
                new org.attentionexplainer.engine.text.TextTooLongException(600, 512)));
        assertEquals("IllegalStateException", Failures.describe(english, new IllegalStateException()));
    }
}
