package org.attentionexplainer.engine.text;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.MessageText;

/**
 * Greedy longest-match-first WordPiece: take the longest vocabulary entry that starts the
 * word, then the longest {@code ##}-prefixed entry that starts the rest, and so on. A word
 * longer than {@code maxInputCharsPerWord} characters, or one with a rest that no entry
 * starts, becomes the single unknown token.
 */
final class WordPiece {
    private final Vocabulary vocabulary;
    private final String unknown;
    private final int unknownId;
    private final String prefix;
    private final int maxInputCharsPerWord;

    /** The token a word becomes when the vocabulary cannot spell it ([UNK]). */
    String unknown() {
        return unknown;
    }

    WordPiece(Vocabulary vocabulary, String unknown, String prefix, int maxInputCharsPerWord) {
        this.vocabulary = vocabulary;
        this.unknown = unknown;
        this.unknownId = vocabulary.id(unknown);
        this.prefix = prefix;
        this.maxInputCharsPerWord = maxInputCharsPerWord;
        if (unknownId < 0) {
            throw new TokenizerFormatException("engine.tokenizer.noUnknown", MessageText.quote(unknown));
        }
    }

    /** The pieces of one word (no whitespace, already normalized). */
    List<String> split(String word) {
        int[] cps = word.codePoints().toArray();
        if (cps.length > maxInputCharsPerWord) {
            return List.of(unknown);
        }
        List<String> pieces = new ArrayList<>();
        int start = 0;
        while (start < cps.length) {
            String match = null;
            int end = cps.length;
            for (; end > start; end--) {
                String candidate = (start > 0 ? prefix : "") + new String(cps, start, end - start);
                if (vocabulary.contains(candidate)) {
                    match = candidate;
                    break;
                }
            }
            if (match == null) {
                return List.of(unknown);
            }
            pieces.add(match);
            start = end;
        }
        return pieces;
    }

    int unknownId() {
        return unknownId;
    }
}
