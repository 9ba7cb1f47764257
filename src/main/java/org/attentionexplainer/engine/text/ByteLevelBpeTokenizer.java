package org.attentionexplainer.engine.text;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.attentionexplainer.engine.MessageText;

/**
 * GPT-2's byte-level BPE, as Hugging Face's {@code tokenizers} runs it: special tokens typed
 * literally ({@code <|endoftext|>}) stay whole; the rest is split into words by GPT-2's
 * pattern (contractions, letters, digits, other symbols, each with the space before it); each
 * word's UTF-8 bytes are written as printable characters (a space is {@code Ġ}), and the
 * pair of neighbouring symbols ranked first in the merges is joined, again and again, until
 * no ranked pair is left. Nothing is added before or after the text unless the tokenizer.json
 * asks for it.
 *
 * <p>Each token keeps the word it came from. Its text is the vocabulary's spelling, except
 * that a token whose bytes are whole UTF-8 characters shows them as typed ({@code Ġgüneş}
 * rather than {@code ĠgÃ¼neÅŁ}); spaces and line breaks keep their byte-level marks.
 */
public final class ByteLevelBpeTokenizer {
    static final Pattern WORDS = Pattern.compile(
            "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+",
            Pattern.UNICODE_CHARACTER_CLASS);
    private static final int CACHE = 10_000;
    private static final char[] BYTE_CHARS = byteChars();
    /** The byte each symbol of {@link #BYTE_CHARS} stands for, -1 for other characters. */
    private static final int[] BYTE_OF = byteOf();

    private final Vocabulary vocabulary;
    private final Map<String, Integer> ranks;
    private final List<String> literalSpecials;
    private final List<String> before;
    private final List<String> after;
    private final boolean addPrefixSpace;
    private final boolean ignoreMerges;
    private final int maxLength;
    private final Map<String, List<String>> cache = new HashMap<>();

    /**
     * @param merges   the merge rules, first ranked first, each the two symbols it joins
     * @param specials tokens kept whole when typed
     * @param before   special tokens put before every text (none for GPT-2)
     * @param after    special tokens put after it
     * @throws TokenizerFormatException if a byte, a merge's parts or its result are not in the vocabulary
     */
    ByteLevelBpeTokenizer(Vocabulary vocabulary, List<String[]> merges, List<String> specials, List<String> before,
            List<String> after, boolean addPrefixSpace, boolean ignoreMerges, int maxLength) {
        this.vocabulary = vocabulary;
        for (char c : BYTE_CHARS) {
            if (!vocabulary.contains(String.valueOf(c))) {
                throw new TokenizerFormatException("engine.tokenizer.noByte", MessageText.quote(String.valueOf(c)));
            }
        }
        this.ranks = new HashMap<>(merges.size() * 2);
        for (String[] m : merges) {
            for (String part : new String[] {m[0], m[1], m[0] + m[1]}) {
                if (!vocabulary.contains(part)) {
                    throw new TokenizerFormatException("engine.tokenizer.mergeUnknown", MessageText.quote(m[0] + " " + m[1]),
                            MessageText.quote(part));
                }
            }
            ranks.putIfAbsent(key(m[0], m[1]), ranks.size());
        }
        for (String s : specials) {
            if (!vocabulary.contains(s)) {
                throw new TokenizerFormatException("engine.tokenizer.noSpecial", MessageText.quote(s));
            }
        }
        for (String s : before) {
            requireSpecial(s);
        }
        for (String s : after) {
            requireSpecial(s);
        }
        this.literalSpecials = specials.stream().filter(s -> !s.isEmpty())
                .sorted(Comparator.comparingInt(String::length).reversed()).toList();
        this.before = List.copyOf(before);
        this.after = List.copyOf(after);
        this.addPrefixSpace = addPrefixSpace;
        this.ignoreMerges = ignoreMerges;
        if (maxLength < 1) {
            throw new IllegalArgumentException("the model must read at least one token, got " + maxLength);
        }
        this.maxLength = maxLength;
    }

    /**
     * Reads a Hugging Face tokenizer.json with a BPE model and a ByteLevel pre-tokenizer.
     *
     * @throws TokenizerFormatException if the file describes another kind of tokenizer or its parts disagree
     */
    public static ByteLevelBpeTokenizer fromJson(InputStream tokenizerJson, int maxLength) throws IOException {
        return BpeFiles.fromJson(tokenizerJson, maxLength);
    }

    /** Reads GPT-2's vocab.json and merges.txt. @throws TokenizerFormatException as {@link #fromJson} */
    public static ByteLevelBpeTokenizer fromVocabAndMerges(InputStream vocabJson, InputStream mergesTxt, int maxLength)
            throws IOException {
        return BpeFiles.fromVocabAndMerges(vocabJson, mergesTxt, maxLength);
    }

    private void requireSpecial(String token) {
        if (!vocabulary.contains(token)) {
            throw new TokenizerFormatException("engine.tokenizer.noSpecial", MessageText.quote(token));
        }
    }

    public Vocabulary vocabulary() {
        return vocabulary;
    }

    /** The most tokens one text may make. */
    public int maxLength() {
        return maxLength;
    }

    /**
     * Tokenizes a text for the model.
     *
     * @throws TextTooLongException if it makes more than {@link #maxLength()} tokens
     */
    public Encoding encode(String text) {
        return encode(text, maxLength);
    }

    private Encoding encode(String text, int limit) {
        List<Token> tokens = new ArrayList<>();
        List<Word> words = new ArrayList<>();
        for (String s : before) {
            tokens.add(new Token(s, vocabulary.id(s), -1, true));
        }
        int from = 0;
        while (from <= text.length()) {
            int[] special = nextSpecial(text, from);
            int plainEnd = special == null ? text.length() : special[0];
            splitPlain(text, from, plainEnd, tokens, words);
            if (special == null) {
                break;
            }
            String content = literalSpecials.get(special[1]);
            int end = special[0] + content.length();
            tokens.add(new Token(content, vocabulary.id(content), words.size(), true));
            words.add(new Word(content, content, special[0], end));
            from = end;
        }
        for (String s : after) {
            tokens.add(new Token(s, vocabulary.id(s), -1, true));
        }
        if (tokens.size() > limit) {
            throw new TextTooLongException(tokens.size(), limit);
        }
        return new Encoding(text, tokens, words);
    }

    /** The token strings of a text as the vocabulary spells them, without a length limit. */
    public List<String> tokenize(String text) {
        List<String> out = new ArrayList<>();
        for (Token t : encode(text, Integer.MAX_VALUE).tokens()) {
            out.add(t.special() ? t.text() : vocabulary.token(t.id()));
        }
        return out;
    }

    /** {start index, index into literalSpecials} of the first special token at or after {@code from}. */
    private int[] nextSpecial(String text, int from) {
        int[] best = null;
        for (int i = 0; i < literalSpecials.size(); i++) {
            int at = text.indexOf(literalSpecials.get(i), from);
            if (at >= 0 && (best == null || at < best[0])) {
                best = new int[] {at, i};
            }
        }
        return best;
    }

    private void splitPlain(String text, int from, int to, List<Token> tokens, List<Word> words) {
        if (from >= to) {
            return;
        }
        String segment = text.substring(from, to);
        // as Hugging Face's ByteLevel(add_prefix_space): a space before each piece between special tokens
        int shift = 0;
        if (addPrefixSpace && !segment.startsWith(" ")) {
            segment = " " + segment;
            shift = 1;
        }
        Matcher m = WORDS.matcher(segment);
        while (m.find()) {
            String word = m.group();
            int start = from + Math.max(0, m.start() - shift);
            int end = from + m.end() - shift;
            int wordIndex = words.size();
            words.add(new Word(text.substring(start, end), word, start, end));
            for (String piece : pieces(word)) {
                tokens.add(new Token(display(piece), vocabulary.id(piece), wordIndex, false));
            }
        }
    }

    /** The BPE pieces of one word, in byte-level characters. */
    private synchronized List<String> pieces(String word) {
        List<String> kept = cache.get(word);
        if (kept != null) {
            return kept;
        }
        String symbols = toByteChars(word);
        List<String> out = ignoreMerges && vocabulary.contains(symbols) ? List.of(symbols) : merge(symbols);
        if (cache.size() >= CACHE) {
            cache.clear();
        }
        cache.put(word, out);
        return out;
    }

    /** Joins the best-ranked neighbouring pair, everywhere it occurs, until no ranked pair is left. */
    private List<String> merge(String symbols) {
        List<String> word = new ArrayList<>(symbols.length());
        for (int i = 0; i < symbols.length(); i++) {
            word.add(String.valueOf(symbols.charAt(i)));
        }
        while (word.size() > 1) {
            int best = Integer.MAX_VALUE;
            String first = null;
            String second = null;
            for (int i = 0; i + 1 < word.size(); i++) {
                Integer rank = ranks.get(key(word.get(i), word.get(i + 1)));
                if (rank != null && rank < best) {
                    best = rank;
                    first = word.get(i);
                    second = word.get(i + 1);
                }
            }
            if (first == null) {
                break;
            }
            List<String> next = new ArrayList<>(word.size());
            for (int i = 0; i < word.size(); i++) {
                if (i + 1 < word.size() && word.get(i).equals(first) && word.get(i + 1).equals(second)) {
                    next.add(first + second);
                    i++;
                } else {
                    next.add(word.get(i));
                }
            }
            word = next;
        }
        return List.copyOf(word);
    }

    private static String key(String a, String b) {
        // byte-level symbols never hold a real space or line break (those bytes are written Ġ, Ċ)
        return a + '\n' + b;
    }

    private static String toByteChars(String word) {
        byte[] utf8 = word.getBytes(StandardCharsets.UTF_8);
        StringBuilder sb = new StringBuilder(utf8.length);
        for (byte b : utf8) {
            sb.append(BYTE_CHARS[b & 0xff]);
        }
        return sb.toString();
    }

    /** The piece's characters as typed when its bytes are whole UTF-8 characters; spaces stay Ġ, line breaks Ċ. */
    static String display(String piece) {
        byte[] bytes = new byte[piece.length()];
        for (int i = 0; i < piece.length(); i++) {
            int b = byteOf(piece.charAt(i));
            if (b < 0) {
                return piece;
            }
            bytes[i] = (byte) b;
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return piece;
        }
        StringBuilder sb = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            if (c < 0x80 && (c <= ' ' || c == 0x7f)) {
                sb.append(BYTE_CHARS[c]);                                      // a space, a line break: its mark
            } else {
                sb.appendCodePoint(c);
            }
        });
        return sb.toString();
    }

    private static int byteOf(char c) {
        return c < BYTE_OF.length ? BYTE_OF[c] : -1;
    }

    private static int[] byteOf() {
        int[] of = new int[0x200];
        java.util.Arrays.fill(of, -1);
        for (int b = 0; b < 256; b++) {
            of[BYTE_CHARS[b]] = b;
        }
        return of;
    }

    /** GPT-2's table: printable bytes stand for themselves, the others for the characters from U+0100 on. */
    private static char[] byteChars() {
        char[] chars = new char[256];
        int next = 256;
        for (int b = 0; b < 256; b++) {
            boolean printable = (b >= '!' && b <= '~') || (b >= 0xa1 && b <= 0xac) || (b >= 0xae && b <= 0xff);
            chars[b] = printable ? (char) b : (char) next++;
        }
        return chars;
    }
}
