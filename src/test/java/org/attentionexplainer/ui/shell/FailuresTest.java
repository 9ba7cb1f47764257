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
                + " MiB’lık Java yığını dolu; daha az belirteç ya da kafa, daha küçük bir d_model ya da daha küçük"
                + " bir resim ölçeği deneyin", Failures.describe(turkish, new OutOfMemoryError()));
    }

    @Test
    void otherFailuresGiveTheirOwnLine() {
        assertEquals("temperature: too small", Failures.describe(english,
                new CompletionException(new InvalidSpecException("temperature", "too small"))));
        assertEquals("IllegalStateException", Failures.describe(english, new IllegalStateException()));
    }
}
