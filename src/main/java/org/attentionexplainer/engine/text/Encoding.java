package org.attentionexplainer.engine.text;

import java.util.List;

/**
 * A text as the model reads it: sub-word tokens (with [CLS] first and [SEP] last) and the
 * words they came from.
 */
public record Encoding(String text, List<Token> tokens, List<Word> words) {
    public Encoding {
        tokens = List.copyOf(tokens);
        words = List.copyOf(words);
    }

    public int size() {
        return tokens.size();
    }

    /** The token ids, in order. */
    public int[] ids() {
        return tokens.stream().mapToInt(Token::id).toArray();
    }

    /** The token strings, in order, e.g. [[CLS], gun, ##es, [SEP]]. */
    public List<String> tokenTexts() {
        return tokens.stream().map(Token::text).toList();
    }
}
