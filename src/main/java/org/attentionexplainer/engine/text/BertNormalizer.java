package org.attentionexplainer.engine.text;

import java.text.Normalizer;
import java.util.Arrays;
import java.util.Locale;

/**
 * BERT's text clean-up, one input character at a time so every output character remembers
 * where it came from: drop NUL, U+FFFD and control characters; turn whitespace into a space;
 * put spaces around CJK ideographs; strip accents (NFD, then drop non-spacing marks); lower
 * case. The steps run in that order, as in the {@code BertNormalizer} of tokenizer.json.
 */
final class BertNormalizer {
    private final boolean cleanText;
    private final boolean handleChineseChars;
    private final boolean stripAccents;
    private final boolean lowercase;

    BertNormalizer(boolean cleanText, boolean handleChineseChars, boolean stripAccents, boolean lowercase) {
        this.cleanText = cleanText;
        this.handleChineseChars = handleChineseChars;
        this.stripAccents = stripAccents;
        this.lowercase = lowercase;
    }

    /**
     * Normalizes {@code text[from, to)}.
     *
     * @return code points, and for each the UTF-16 index in {@code text} of the character it came from
     */
    Normalized normalize(String text, int from, int to) {
        Normalized out = new Normalized(to - from);
        for (int i = from; i < to; ) {
            int cp = text.codePointAt(i);
            emit(cp, i, out);
            i += Character.charCount(cp);
        }
        return out;
    }

    private void emit(int cp, int origin, Normalized out) {
        if (cleanText) {
            if (cp == 0 || cp == 0xFFFD || isControl(cp)) {
                return;
            }
            if (isWhitespace(cp)) {
                out.add(' ', origin);
                return;
            }
        }
        boolean chinese = handleChineseChars && isChineseChar(cp);
        if (chinese) {
            out.add(' ', origin);
        }
        String s = new String(Character.toChars(cp));
        if (stripAccents) {
            s = Normalizer.normalize(s, Normalizer.Form.NFD);
        }
        for (int j = 0; j < s.length(); ) {
            int c = s.codePointAt(j);
            j += Character.charCount(c);
            if (stripAccents && Unicode8Categories.isNonspacingMark(c)) {
                continue;
            }
            if (lowercase) {
                // One character at a time, without context: Σ becomes σ everywhere, as in Rust's char::to_lowercase.
                String lower = new String(Character.toChars(c)).toLowerCase(Locale.ROOT);
                lower.codePoints().forEach(l -> out.add(l, origin));
            } else {
                out.add(c, origin);
            }
        }
        if (chinese) {
            out.add(' ', origin);
        }
    }

    /** Unicode's White_Space property, with tab, newline and carriage return. */
    static boolean isWhitespace(int cp) {
        return switch (cp) {
            case '\t', '\n', 0x0B, 0x0C, '\r', ' ', 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000 -> true;
            default -> cp >= 0x2000 && cp <= 0x200A;
        };
    }

    /**
     * Categories Cc, Cf, Co, Cs of Unicode 8.0, except tab, newline and carriage return
     * (whitespace). Unassigned code points stay: to the reference tokenizer they include every
     * character added since 8.0, such as newer emoji, which the model reads as [UNK].
     */
    static boolean isControl(int cp) {
        return cp != '\t' && cp != '\n' && cp != '\r' && Unicode8Categories.isOther(cp);
    }

    /**
     * The CJK Unified Ideographs blocks and the compatibility ideographs (not Hangul, Hiragana or
     * Katakana), with the reference tokenizer's bounds: its Extension E starts at U+2B920, so
     * U+2B820..U+2B91F are not split off.
     */
    static boolean isChineseChar(int cp) {
        return (cp >= 0x4E00 && cp <= 0x9FFF)
                || (cp >= 0x3400 && cp <= 0x4DBF)
                || (cp >= 0x20000 && cp <= 0x2A6DF)
                || (cp >= 0x2A700 && cp <= 0x2B73F)
                || (cp >= 0x2B740 && cp <= 0x2B81F)
                || (cp >= 0x2B920 && cp <= 0x2CEAF)
                || (cp >= 0xF900 && cp <= 0xFAFF)
                || (cp >= 0x2F800 && cp <= 0x2FA1F);
    }

    /** Normalized code points with the UTF-16 index of the input character each came from. */
    static final class Normalized {
        private int[] codePoints;
        private int[] origins;
        private int size;

        Normalized(int capacity) {
            codePoints = new int[Math.max(capacity, 4)];
            origins = new int[codePoints.length];
        }

        void add(int cp, int origin) {
            if (size == codePoints.length) {
                codePoints = Arrays.copyOf(codePoints, size * 2);
                origins = Arrays.copyOf(origins, size * 2);
            }
            codePoints[size] = cp;
            origins[size] = origin;
            size++;
        }

        int size() {
            return size;
        }

        int codePoint(int i) {
            return codePoints[i];
        }

        int origin(int i) {
            return origins[i];
        }

        String substring(int from, int to) {
            return new String(codePoints, from, to - from);
        }
    }
}
