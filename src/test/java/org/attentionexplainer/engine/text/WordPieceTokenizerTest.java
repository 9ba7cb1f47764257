package org.attentionexplainer.engine.text;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The all-MiniLM-L6-v2 tokenizer on hand-worked cases. The expected sub-tokens were worked
 * out by hand: BERT normalization (lower case, accents stripped, punctuation split), then
 * greedy longest match against the vocabulary in tokenizer.json. Their ids are looked up
 * here straight from the JSON, apart from the tokenizer under test.
 */
class WordPieceTokenizerTest {
    private static final String RESOURCE = "/all-minilm-l6-v2-tokenizer.json";
    private static WordPieceTokenizer tokenizer;
    private static JsonNode vocab;

    @BeforeAll
    static void load() throws IOException {
        try (InputStream in = WordPieceTokenizerTest.class.getResourceAsStream(RESOURCE)) {
            tokenizer = WordPieceTokenizer.fromJson(in, 512);
        }
        try (InputStream in = WordPieceTokenizerTest.class.getResourceAsStream(RESOURCE)) {
            vocab = new ObjectMapper().readTree(in).path("model").path("vocab");
        }
    }

    /** Looks each expected token up in tokenizer.json; fails if the vocabulary lacks one. */
    private static int[] idsOf(List<String> tokens) {
        int[] ids = new int[tokens.size()];
        for (int i = 0; i < ids.length; i++) {
            JsonNode id = vocab.get(tokens.get(i));
            assertTrue(id != null && id.isInt(), "expected token " + tokens.get(i) + " is not in the vocabulary");
            ids[i] = id.asInt();
        }
        return ids;
    }

    private static void assertTokens(String text, String... expected) {
        List<String> withSpecials = new ArrayList<>();
        withSpecials.add("[CLS]");
        withSpecials.addAll(List.of(expected));
        withSpecials.add("[SEP]");
        Encoding e = tokenizer.encode(text);
        assertEquals(withSpecials, e.tokenTexts(), text);
        assertArrayEquals(idsOf(withSpecials), e.ids(), text);
    }

    @Test
    void specialTokensHaveBertIds() {
        assertArrayEquals(new int[] {101, 102, 100, 0, 103}, idsOf(List.of("[CLS]", "[SEP]", "[UNK]", "[PAD]", "[MASK]")));
        assertEquals(0, tokenizer.padId());
        assertEquals(30522, tokenizer.vocabulary().size());
    }

    @Test
    void plainEnglish() {
        assertTokens("The quick brown fox jumps over the lazy dog",
                "the", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog");
    }

    @Test
    void punctuationIsSplitOff() {
        assertTokens("Hello, world!", "hello", ",", "world", "!");
        assertTokens("don't (really)...", "don", "'", "t", "(", "really", ")", ".", ".", ".");
        assertTokens("$5+2=7", "$", "5", "+", "2", "=", "7");
    }

    @Test
    void accentsAreStrippedAndCaseLowered() {
        assertTokens("Café naïve", "cafe", "naive");
        assertTokens("ÉCOLE", "ecole");
    }

    @Test
    void turkishSentence() {
        // güneş -> gunes -> gun ##es; ı (dotless i) has no decomposition and stays:
        // parlıyor -> par ##l ##ı ##yo ##r (no longer prefix of any remainder is in the vocabulary)
        assertTokens("Güneş parlıyor!", "gun", "##es", "par", "##l", "##ı", "##yo", "##r", "!");
        assertFalse(vocab.has("gune") || vocab.has("gunes") || vocab.has("parl") || vocab.has("##yor"));
    }

    @Test
    void subwordsOfAKnownLongerWord() {
        // "tokenization" is not a word in the vocabulary: token + ##ization
        assertFalse(vocab.has("tokenization"));
        assertTokens("Tokenization", "token", "##ization");
    }

    @Test
    void wordWithAnUnmatchableCharacterIsOneUnknown() {
        assertFalse(vocab.has("☃") || vocab.has("##☃"));
        assertTokens("a snow☃man", "a", "[UNK]");
    }

    @Test
    void wordOverOneHundredCharactersIsUnknown() {
        String word = "a".repeat(101);
        assertTokens(word, "[UNK]");
        List<String> pieces = tokenizer.tokenize("a".repeat(100));
        assertFalse(pieces.contains("[UNK]"), pieces.toString());
        assertEquals("a".repeat(100), String.join("", pieces).replace("##", ""));
    }

    @Test
    void chineseCharactersAreWordsOfTheirOwn() {
        assertTokens("北京is", "北", "京", "is");
    }

    @Test
    void emojiNewerThanJavasTablesAreUnknownNotDropped() {
        // U+1FAE0 (melting face, Unicode 14) is unassigned to Java 17 and to the reference's
        // Unicode 8.0 tables alike; the reference keeps unassigned characters, and none is in the vocabulary.
        assertFalse(vocab.has("\uD83E\uDEE0"));
        assertTokens("I \uD83E\uDEE0 it", "i", "[UNK]", "it");
    }

    @Test
    void compatibilityIdeographsBecomeTheirUnifiedForms() {
        // U+F902 and U+F90A decompose (NFD) to U+8ECA \u8ECA and U+91D1 \u91D1, both in the vocabulary
        assertFalse(vocab.has("\uF902") || vocab.has("\uF90A"));
        assertTokens("\uF902\uF90Ax", "\u8ECA", "\u91D1", "x");
    }

    @Test
    void charactersUnicodeAddedAfterVersion8AreOrdinary() {
        // U+0AFA (a Gujarati mark, Unicode 10) and U+2E52 (Tironian et, a punctuation mark of
        // Unicode 13) are unassigned in the reference's tables: kept inside the word, not stripped
        // or split off, so the word has no pieces and is unknown
        assertTokens("a\u0AFAb", "[UNK]");
        assertTokens("x\u2E52y", "[UNK]");
    }

    @Test
    void controlCharactersDropAndOddSpacesSplit() {
        // U+200B (zero-width space) is a format character: removed; U+00A0 and tab are whitespace
        assertTokens("hel\u200blo\u00a0world\t!\u0007", "hello", "world", "!");
    }

    @Test
    void typedSpecialTokenStaysWhole() {
        assertTokens("Paris is the [MASK] of France.", "paris", "is", "the", "[MASK]", "of", "france", ".");
        assertTrue(tokenizer.encode("[MASK]").tokens().get(1).special());
    }

    @Test
    void emptyTextIsClsAndSep() {
        assertTokens("");
        assertTokens("  \n ");
    }

    @Test
    void tokensKnowTheirWords() {
        String text = "Güneş parlıyor!";
        Encoding e = tokenizer.encode(text);
        assertEquals(List.of(-1, 0, 0, 1, 1, 1, 1, 1, 2, -1), e.tokens().stream().map(Token::word).toList());
        assertEquals(List.of("Güneş", "parlıyor", "!"), e.words().stream().map(Word::text).toList());
        assertEquals(List.of("gunes", "parlıyor", "!"), e.words().stream().map(Word::normalized).toList());
        Word sun = e.words().get(0);
        assertEquals("Güneş", text.substring(sun.start(), sun.end()));
        assertTrue(e.tokens().get(2).isContinuation());
        assertFalse(e.tokens().get(0).isContinuation());
    }

    @Test
    void decomposedInputMapsBackToTheTypedCharacters() {
        String text = "Cafe\u0301 ok";   // e + combining acute, typed as two characters
        Encoding e = tokenizer.encode(text);
        assertEquals(List.of("[CLS]", "cafe", "ok", "[SEP]"), e.tokenTexts());
        assertEquals("Cafe\u0301", e.words().get(0).text());
    }

    @Test
    void textAtTheLimitIsAccepted() {
        // 510 one-token words + [CLS] + [SEP] = 512, the number of position embeddings
        Encoding e = tokenizer.encode("a ".repeat(510));
        assertEquals(512, e.size());
    }

    @Test
    void textOverTheLimitFailsWithAClearMessage() {
        TextTooLongException e = assertThrows(TextTooLongException.class,
                () -> tokenizer.encode("a ".repeat(511)));
        assertEquals(513, e.tokenCount());
        assertEquals(512, e.limit());
        assertEquals("the text makes 513 tokens with [CLS] and [SEP]; the model reads at most 512, so shorten it by 1",
                e.getMessage());
    }

    @Test
    void tokenizerForAnotherModelIsRefused() {
        String json = "{\"model\": {\"type\": \"BPE\", \"vocab\": {}}}";
        TokenizerFormatException e = assertThrows(TokenizerFormatException.class,
                () -> WordPieceTokenizer.fromJson(new java.io.ByteArrayInputStream(json.getBytes()), 512));
        assertEquals("tokenizer.json's model is BPE; only BERT's WordPiece is supported", e.getMessage());
        assertNotEquals(null, e.getMessage());
    }

    @Test
    void bytesThatAreNoTextAreAFormatError() {
        // found by TokenizerJsonFuzzTest: 00 00 00 '[' reads as UTF-32, whose next character is out of
        // Unicode's range; the parser's CharConversionException left fromJson as an IOException
        byte[] utf32 = {0, 0, 0, '[', '"', 'z', '"', 0};
        TokenizerFormatException e = assertThrows(TokenizerFormatException.class,
                () -> WordPieceTokenizer.fromJson(new java.io.ByteArrayInputStream(utf32), 512));
        assertTrue(e.getMessage().startsWith("tokenizer.json is not valid JSON text: Invalid UTF-32 character"),
                e.getMessage());
    }

    @Test
    void aQuotedPartOfTheFileStaysOnOneLine() {
        // found by TokenizerJsonFuzzTest: a control character inside a type name reached the message
        String json = "{\"model\": {\"type\": \"Word\\u0007Pie\\nce\", \"vocab\": {}}}";
        TokenizerFormatException e = assertThrows(TokenizerFormatException.class,
                () -> WordPieceTokenizer.fromJson(new java.io.ByteArrayInputStream(json.getBytes()), 512));
        assertEquals("tokenizer.json's model is Word\\u0007Pie\\nce; only BERT's WordPiece is supported",
                e.getMessage());
    }
}
