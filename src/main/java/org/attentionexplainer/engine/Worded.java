package org.attentionexplainer.engine;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.attentionexplainer.i18n.Localization;

/**
 * A problem the engine reports as a message key of the bundles and its arguments, so that a
 * screen words it in the reader's language through the text layer; the exception's own message
 * is the English wording, for the command line and logs. An argument may itself be worded (a
 * {@link Phrase}): it is worded in the same language as the message around it.
 */
public interface Worded {
    /** The message key. */
    String messageKey();

    /** Its arguments, in order. */
    List<Object> messageArgs();

    /** The message in the language of {@code texts}. */
    default String wordedIn(Localization texts) {
        return texts.get(messageKey(), argsIn(texts, messageArgs()));
    }

    /** {@code args} with every worded one worded in the language of {@code texts}. */
    static Object[] argsIn(Localization texts, List<Object> args) {
        return args.stream().map(a -> a instanceof Worded w ? w.wordedIn(texts) : a).toArray();
    }

    /**
     * "subject: problem" in the language of {@code texts}, the problem being {@code key} with
     * {@code args}; the problem alone when there is no subject (empty). A file's or a field's problem.
     */
    static String about(String subject, String key, List<Object> args, Localization texts) {
        String problem = texts.get(key, argsIn(texts, args));
        return subject.isEmpty() ? problem : subject + ": " + problem;
    }

    /** A problem whose key and arguments are those of the one {@link Phrase} it holds. */
    interface Phrased extends Worded {
        /** The problem's wording: its key and arguments. */
        Phrase phrase();

        @Override
        default String messageKey() {
            return phrase().messageKey();
        }

        @Override
        default List<Object> messageArgs() {
            return phrase().messageArgs();
        }
    }

    /** A part of a message (what a value must be, a parser's finding) worded where the message is. */
    record Phrase(String messageKey, List<Object> messageArgs) implements Worded {
        public Phrase(String messageKey, Object... args) {
            this(messageKey, List.copyOf(Arrays.asList(args)));
        }

        /**
         * {@code key} with {@code args}; or, where a caller still says its problem in plain words
         * (text with spaces in place of a key), those words kept as the one argument of {@code plainKey}.
         */
        public static Phrase keyOrWords(String plainKey, String key, Object... args) {
            boolean isKey = key != null && !key.isBlank() && key.chars().noneMatch(Character::isWhitespace);
            return isKey ? new Phrase(key, args) : new Phrase(plainKey, key);
        }

        public Phrase {
            messageArgs = List.copyOf(messageArgs);
        }

        /** The English wording. */
        @Override
        public String toString() {
            return wordedIn(Localization.of(Locale.ENGLISH));
        }
    }
}
