package org.attentionexplainer.engine.text;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.attentionexplainer.engine.MessageText;

/**
 * BERT's WordPiece tokenizer, configured from a Hugging Face {@code tokenizer.json}:
 * special tokens typed literally ([MASK]) are kept whole; the rest is normalized
 * ({@link BertNormalizer}), split into words ({@link BertPreTokenizer}) and each word into
 * sub-word pieces ({@link WordPiece}); [CLS] goes first and [SEP] last. Every token
 * remembers the word it came from.
 */
public final class WordPieceTokenizer {
    private final Vocabulary vocabulary;
    private final BertNormalizer normalizer;
    private final WordPiece wordPiece;
    private final List<String> literalSpecials;
    private final Token cls;
    private final Token sep;
    private final int padId;
    private final int maxLength;
    private final int trainedLength;

    WordPieceTokenizer(Vocabulary vocabulary, BertNormalizer normalizer, WordPiece wordPiece,
            Map<String, Integer> specials, String cls, String sep, int padId, int maxLength, int trainedLength) {
        if (maxLength < 2) {
            throw new IllegalArgumentException("the model must read at least 2 tokens ([CLS] and [SEP]), got "
                    + maxLength);
        }
        this.vocabulary = vocabulary;
        this.normalizer = normalizer;
        this.wordPiece = wordPiece;
        this.literalSpecials = specials.keySet().stream()
                .filter(s -> !s.isEmpty())
                .sorted(Comparator.comparingInt(String::length).reversed())
                .toList();
        this.cls = new Token(cls, requireId(cls), -1, true);
        this.sep = new Token(sep, requireId(sep), -1, true);
        this.padId = padId;
        this.maxLength = maxLength;
        this.trainedLength = trainedLength;
    }

    /**
     * Reads a tokenizer.json with a BertNormalizer, a BertPreTokenizer and a WordPiece model.
     *
     * @param maxLength the most tokens, [CLS] and [SEP] included, that {@link #encode} accepts
     * @throws TokenizerFormatException if the file describes another kind of tokenizer
     */
    public static WordPieceTokenizer fromJson(InputStream json, int maxLength) throws IOException {
        return TokenizerJson.read(json, maxLength);
    }

    /**
     * Reads BERT's vocab.txt (one token a line), with BERT's basic normalization.
     *
     * @param lowercase     lower-case and strip accents (an uncased model: tokenizer_config.json's do_lower_case)
     * @param trainedLength the most tokens of the texts the model was trained on, at most {@code maxLength}
     * @throws TokenizerFormatException if the file lists a token twice or lacks [UNK], [CLS] or [SEP]
     */
    public static WordPieceTokenizer fromVocabTxt(InputStream vocabTxt, boolean lowercase, int maxLength,
            int trainedLength) throws IOException {
        return VocabTxt.read(vocabTxt, lowercase, maxLength, trainedLength);
    }

    public Vocabulary vocabulary() {
        return vocabulary;
    }

    /** The most tokens, [CLS] and [SEP] included, that one text may make. */
    public int maxLength() {
        return maxLength;
    }

    /**
     * The most tokens, [CLS] and [SEP] included, of the texts the model was trained on through
     * this tokenizer (its tokenizer.json truncates there): all-MiniLM-L6-v2 was fine-tuned on at
     * most 128, though its position table, from pre-training, reaches 512. At most {@link #maxLength()}.
     */
    public int trainedLength() {
        return trainedLength;
    }

    /** The token of a word the vocabulary cannot spell ([UNK]). */
    public String unknownToken() {
        return wordPiece.unknown();
    }

    /** The id that fills the positions after a shorter text in a batch ([PAD]). */
    public int padId() {
        return padId;
    }

    /**
     * Tokenizes a text for the model: [CLS], the sub-word tokens, [SEP].
     *
     * @throws TextTooLongException if that makes more than {@link #maxLength()} tokens
     */
    public Encoding encode(String text) {
        List<Token> tokens = new ArrayList<>();
        List<Word> words = new ArrayList<>();
        tokens.add(cls);
        split(text, tokens, words);
        tokens.add(sep);
        if (tokens.size() > maxLength) {
            throw new TextTooLongException(tokens.size(), maxLength);
        }
        return new Encoding(text, tokens, words);
    }

    /** The sub-word tokens of a text without [CLS] and [SEP], and without a length limit. */
    public List<String> tokenize(String text) {
        List<Token> tokens = new ArrayList<>();
        split(text, tokens, new ArrayList<>());
        return tokens.stream().map(Token::text).toList();
    }

    private void split(String text, List<Token> tokens, List<Word> words) {
        int from = 0;
        while (from < text.length()) {
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
    }

    /** {start index, index into literalSpecials} of the first special token at or after {@code from}. */
    private int[] nextSpecial(String text, int from) {
        int[] best = null;
        for (int i = 0; i < literalSpecials.size(); i++) {
            int at = text.indexOf(literalSpecials.get(i), from);
            // literalSpecials runs longest first, so on a tie the longer one stays.
            if (at >= 0 && (best == null || at < best[0])) {
                best = new int[] {at, i};
            }
        }
        return best;
    }

    private void splitPlain(String text, int from, int to, List<Token> tokens, List<Word> words) {
        BertNormalizer.Normalized normalized = normalizer.normalize(text, from, to);
        for (int[] span : BertPreTokenizer.split(normalized)) {
            int start = normalized.origin(span[0]);
            int last = normalized.origin(span[1] - 1);
            // Characters that normalize to nothing (a combining accent, a control character)
            // belong to the word before them.
            int next = span[1] < normalized.size() ? normalized.origin(span[1]) : to;
            int end = Math.max(last + Character.charCount(text.codePointAt(last)), next);
            String form = normalized.substring(span[0], span[1]);
            int wordIndex = words.size();
            words.add(new Word(text.substring(start, end), form, start, end));
            for (String piece : wordPiece.split(form)) {
                tokens.add(new Token(piece, vocabulary.id(piece), wordIndex, false));
            }
        }
    }

    private int requireId(String token) {
        int id = vocabulary.id(token);
        if (id < 0) {
            throw new TokenizerFormatException("engine.tokenizer.noSpecial", MessageText.quote(token));
        }
        return id;
    }
}
