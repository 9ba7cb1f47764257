package org.attentionexplainer.engine.text;

import java.util.ArrayList;
import java.util.List;

/**
 * BERT's split into words: whitespace separates words and is dropped; every punctuation
 * character (ASCII punctuation, which includes symbols such as $ + < = > ^ ` |, or a
 * P* category of Unicode 8.0, see {@link Unicode8Categories}) becomes a word of its own.
 */
final class BertPreTokenizer {
    private BertPreTokenizer() {
    }

    /** The words of {@code text} as {from, to} code-point index pairs. */
    static List<int[]> split(BertNormalizer.Normalized text) {
        List<int[]> words = new ArrayList<>();
        int start = -1;
        for (int i = 0; i < text.size(); i++) {
            int cp = text.codePoint(i);
            if (BertNormalizer.isWhitespace(cp)) {
                start = close(words, start, i);
            } else if (isPunctuation(cp)) {
                start = close(words, start, i);
                words.add(new int[] {i, i + 1});
            } else if (start < 0) {
                start = i;
            }
        }
        close(words, start, text.size());
        return words;
    }

    private static int close(List<int[]> words, int start, int end) {
        if (start >= 0 && end > start) {
            words.add(new int[] {start, end});
        }
        return -1;
    }

    static boolean isPunctuation(int cp) {
        if ((cp >= 33 && cp <= 47) || (cp >= 58 && cp <= 64) || (cp >= 91 && cp <= 96) || (cp >= 123 && cp <= 126)) {
            return true;
        }
        return Unicode8Categories.isPunctuation(cp);
    }
}
