package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.regex.Pattern;
import org.attentionexplainer.i18n.Localization;

/**
 * The check every Turkish message test shares: a problem worded in Turkish reads differently from
 * its English (so no part of it was left in English), the English is the exception's own message,
 * and neither leaves a pattern unformatted ({0}, a missing key's marker, a doubled apostrophe).
 */
public final class TurkishWording {
    public static final Localization EN = Localization.of(Locale.ENGLISH);
    public static final Localization TR = Localization.of(Locale.forLanguageTag("tr"));
    private static final Pattern UNFORMATTED = Pattern.compile("\\{\\d|![a-z]+\\.[a-zA-Z.]+!|''");

    private TurkishWording() {
    }

    /** Asserts that {@code problem} is worded in Turkish; gives the Turkish. */
    public static <E extends Throwable & Worded> String assertTurkish(E problem) {
        String english = problem.getMessage();
        String turkish = problem.wordedIn(TR);
        assertEquals(english, problem.wordedIn(EN), "the English wording is the message");
        assertNotEquals(english, turkish, "left in English");
        assertFalse(UNFORMATTED.matcher(turkish).find(), turkish);
        assertFalse(UNFORMATTED.matcher(english).find(), english);
        return turkish;
    }

    /** The same for a problem of {@code subject} (a file): the Turkish starts "subject: ". */
    public static <E extends Throwable & Worded> void assertTurkishAbout(E problem, String subject) {
        String turkish = assertTurkish(problem);
        assertTrue(turkish.startsWith(subject + ": "), turkish);
    }
}
