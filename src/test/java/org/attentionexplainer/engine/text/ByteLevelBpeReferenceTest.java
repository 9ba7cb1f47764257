package org.attentionexplainer.engine.text;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.attentionexplainer.engine.Npy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * GPT-2's byte-level BPE against two references that share no code with it: Hugging Face's
 * {@code tokenizers} (the Rust library, through DJL) reading the tiny model's tokenizer.json,
 * on hard and random strings; and the token ids that tools/hf/make_tiny_models.py computed
 * with its own Python BPE (GPT-2's encoder.py algorithm) for the reference text, read here
 * from vocab.json and merges.txt.
 */
class ByteLevelBpeReferenceTest {
    static final String MODELS = "/org/attentionexplainer/engine/model/";
    private static HuggingFaceTokenizer reference;
    private static ByteLevelBpeTokenizer tokenizer;

    @BeforeAll
    static void load() throws IOException {
        try (InputStream in = resource("tiny-gpt2-f16/tokenizer.json")) {
            reference = HuggingFaceTokenizer.newInstance(in,
                    Map.of("truncation", "false", "padding", "false", "addSpecialTokens", "true"));
        }
        try (InputStream in = resource("tiny-gpt2-f16/tokenizer.json")) {
            tokenizer = ByteLevelBpeTokenizer.fromJson(in, Integer.MAX_VALUE);
        }
    }

    @AfterAll
    static void close() {
        reference.close();
    }

    static InputStream resource(String name) {
        return ByteLevelBpeReferenceTest.class.getResourceAsStream(MODELS + name);
    }

    private static void assertSameIds(String text) {
        long[] expected = reference.encode(text).getIds();
        long[] actual = Arrays.stream(tokenizer.encode(text).ids()).asLongStream().toArray();
        if (!Arrays.equals(expected, actual)) {
            assertEquals(List.of(reference.encode(text).getTokens()), tokenizer.tokenize(text),
                    "tokens differ for " + WordPieceReferenceTest.escaped(text));
            fail("ids differ for " + WordPieceReferenceTest.escaped(text) + ": " + Arrays.toString(expected) + " vs "
                    + Arrays.toString(actual));
        }
    }

    @Test
    void theScriptsReferenceTextGivesItsIds() throws IOException {
        ByteLevelBpeTokenizer fromPair;
        try (InputStream vocab = resource("tiny-gpt2/vocab.json"); InputStream merges = resource("tiny-gpt2/merges.txt")) {
            fromPair = ByteLevelBpeTokenizer.fromVocabAndMerges(vocab, merges, 1024);
        }
        String text;
        try (InputStream in = resource("tiny-gpt2/reference-text.txt")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        float[] ids;
        try (InputStream in = resource("tiny-gpt2/reference-ids.npy")) {
            ids = Npy.read(in, Long.MAX_VALUE, Long.MAX_VALUE, "reference-ids.npy").toArray();
        }
        int[] expected = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            expected[i] = (int) ids[i];
        }
        assertArrayEquals(expected, fromPair.encode(text).ids());
        assertArrayEquals(expected, tokenizer.encode(text).ids());
    }

    @Test
    void hardStrings() {
        for (String text : HardStrings.ALL) {
            assertSameIds(text);
        }
        for (String text : List.of("", " ", "   ", "a  b", "a\n\nb ", "it's I'M they'll", "'s's", "x<|endoftext|>y",
                "<|endoftext|><|endoftext|>", " <|endoftext|> ", "12,345.67\u00a0\u2003z", "\t\tTabs\r\n",
                "G\u00fcne\u015f parl\u0131yor", "\uD83D\uDE00\uD83D\uDE00!", "e\u0301", "\u0660\u0661 \u00b2")) {
            assertSameIds(text);
        }
    }

    @Test
    void randomMixtures() {
        Random random = new Random(20240622L);
        for (int n = 0; n < 2000; n++) {
            assertSameIds(HardStrings.randomMixture(random, 1 + random.nextInt(60)));
        }
    }

    @Test
    void tokensShowWholeCharactersAsTyped() {
        Encoding e = tokenizer.encode("The cat G\u00fcne\u015f");
        assertEquals("The", e.tokens().get(0).text());
        assertEquals("\u0120cat", e.tokens().get(1).text());
        assertTrue(e.tokens().stream().noneMatch(t -> t.text().contains("\u00c3")), e.tokenTexts().toString());
        assertEquals("G\u00fcne\u015f", e.words().get(2).text().strip());
    }

    @Test
    void aTextLongerThanTheModelReadsIsRefused() throws IOException {
        ByteLevelBpeTokenizer short4;
        try (InputStream in = resource("tiny-gpt2-f16/tokenizer.json")) {
            short4 = ByteLevelBpeTokenizer.fromJson(in, 4);
        }
        TextTooLongException e = assertThrows(TextTooLongException.class,
                () -> short4.encode("The cat sat on the mat"));
        assertEquals(4, e.limit());
    }

    @Test
    void mergesOutsideTheVocabularyAreRefusedInOneLine() {
        String vocab = "{\"a\": 0}";
        TokenizerFormatException e = assertThrows(TokenizerFormatException.class, () ->
                ByteLevelBpeTokenizer.fromVocabAndMerges(new ByteArrayInputStream(vocab.getBytes(StandardCharsets.UTF_8)),
                        new ByteArrayInputStream("a b\n".getBytes(StandardCharsets.UTF_8)), 10));
        assertTrue(e.getMessage().contains("byte-level symbol"), e.getMessage());
    }
}
