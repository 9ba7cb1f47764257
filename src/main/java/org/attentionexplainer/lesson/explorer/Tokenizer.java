package org.attentionexplainer.lesson.explorer;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits text into words and punctuation, in any script: a word is a run of letters, marks
 * and digits (joined by an apostrophe or hyphen: "don't", "Ankara'ya"), every other visible
 * character is a token of its own. Text is NFC-normalised first, so decomposed Hangul or
 * accents count like the composed ones.
 */
public final class Tokenizer {
    /** The most tokens the explorer shows. */
    public static final int MAX_TOKENS = 512;
    // possessive quantifiers: a greedy group recurses once per repetition, and a word of a few
    // thousand hyphen-joined parts overflowed the stack; nothing after a word needs to backtrack into it
    private static final Pattern TOKEN = Pattern.compile(
            "[\\p{L}\\p{M}\\p{N}]++(?:['’\\-][\\p{L}\\p{M}\\p{N}]++)*+|[^\\s\\p{L}\\p{M}\\p{N}]");

    private Tokenizer() {
    }

    /**
     * @param tokens the first {@code limit} tokens
     * @param count  how many tokens the text has in all (may exceed the limit)
     */
    public record Result(List<String> tokens, int count) {
        public boolean overLimit() {
            return count > tokens.size();
        }
    }

    public static List<String> split(String text) {
        return tokenize(text, Integer.MAX_VALUE).tokens();
    }

    /** Tokenizes, keeping at most {@code limit} tokens but counting them all. */
    public static Result tokenize(String text, int limit) {
        List<String> tokens = new ArrayList<>();
        int count = 0;
        if (text != null) {
            Matcher m = TOKEN.matcher(Normalizer.normalize(text, Normalizer.Form.NFC));
            while (m.find()) {
                if (count < limit) {
                    tokens.add(m.group());
                }
                count++;
            }
        }
        return new Result(List.copyOf(tokens), count);
    }
}
