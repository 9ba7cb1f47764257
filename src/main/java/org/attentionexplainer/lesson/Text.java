package org.attentionexplainer.lesson;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A sentence the learner reads: a message key and the arguments of its pattern (token labels
 * as strings, numbers as {@link Number}s, a tiny difference as a
 * {@link org.attentionexplainer.i18n.PowerOfTen}, translated words as nested {@code Text}s, which are
 * formatted first). The user interface formats it in the current locale, so a number computed
 * here is written 0.7842 in English and 0,7842 in Turkish.
 */
public record Text(String key, List<Object> args) {

    public Text {
        Objects.requireNonNull(key, "key");
        args = List.copyOf(args);
    }

    public static Text of(String key, Object... args) {
        return new Text(key, Arrays.asList(args));
    }

    /** A token label or symbol shown as it is, in every language. */
    public static Text literal(String value) {
        return of("chapter.quiz.literal", value);
    }
}
