package org.attentionexplainer.engine.text;

import java.util.ArrayList;
import java.util.List;

/**
 * How well a text fits an English WordPiece vocabulary, read from the text and its tokens
 * alone (not from the language the app is shown in). An English sentence is mostly whole
 * words; a sentence in another language is cut into pieces the English vocabulary happens to
 * hold ("kedi yorgun" becomes ked ##i yo ##rg ##un), which are not the parts of its words
 * (not Turkish suffixes): a learner should not read them as such.
 *
 * <p>Only words with a letter count: punctuation and numbers say nothing about the language.
 * A text looks foreign when, of its words, at least {@link #FOREIGN_SHARE} are written with
 * letters outside ASCII, or are unknown to the vocabulary, or (with at least two words) at
 * least {@link #SPLIT_SHARE} are split into several pieces. English sentences split a long or
 * rare word now and then (well below that share); Turkish, German or Spanish ones split most
 * of their words, and Greek, Cyrillic or Chinese letters are not ASCII.
 *
 * @param words         words with a letter
 * @param splitWords    of those, words cut into two or more pieces
 * @param unknownWords  words the vocabulary cannot spell at all ([UNK])
 * @param nonAsciiWords words with a letter outside ASCII (ç, ş, ı, ß, é, Cyrillic...)
 * @param examples      up to {@link #EXAMPLES} split words as their pieces, e.g. "ked ##i"
 */
public record VocabularyFit(int words, int splitWords, int unknownWords, int nonAsciiWords, List<String> examples) {
    /** Share of words with foreign letters or unknown to the vocabulary that marks a text as foreign. */
    public static final double FOREIGN_SHARE = 0.2;
    /** Share of split words that marks a text as foreign. */
    public static final double SPLIT_SHARE = 0.4;
    /** Split words quoted as examples. */
    public static final int EXAMPLES = 3;

    public VocabularyFit {
        examples = List.copyOf(examples);
    }

    /** Measures an encoded text; {@code unknown} is the vocabulary's unknown token ([UNK]). */
    public static VocabularyFit of(Encoding encoding, String unknown) {
        List<Word> all = encoding.words();
        List<List<String>> pieces = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            pieces.add(new ArrayList<>());
        }
        for (Token t : encoding.tokens()) {
            if (t.word() >= 0 && !t.special()) {
                pieces.get(t.word()).add(t.text());
            }
        }
        int words = 0;
        int split = 0;
        int unknownWords = 0;
        int nonAscii = 0;
        List<String> examples = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            String text = all.get(i).text();
            List<String> p = pieces.get(i);
            if (p.isEmpty() || text.codePoints().noneMatch(Character::isLetter)) {
                continue;
            }
            words++;
            if (p.contains(unknown)) {
                unknownWords++;
            } else if (p.size() > 1) {
                split++;
                if (examples.size() < EXAMPLES) {
                    examples.add(String.join(" ", p));
                }
            }
            if (text.codePoints().anyMatch(c -> c > 0x7f && Character.isLetter(c))) {
                nonAscii++;
            }
        }
        return new VocabularyFit(words, split, unknownWords, nonAscii, examples);
    }

    /** True if the text does not look like English to this vocabulary (see the class comment). */
    public boolean looksForeign() {
        if (words == 0) {
            return false;
        }
        return nonAsciiWords >= FOREIGN_SHARE * words || unknownWords >= FOREIGN_SHARE * words
                || words >= 2 && splitWords >= SPLIT_SHARE * words;
    }
}
