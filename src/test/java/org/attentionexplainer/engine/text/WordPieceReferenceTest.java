package org.attentionexplainer.engine.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The all-MiniLM-L6-v2 tokenizer against the reference it must match: Hugging Face's
 * {@code tokenizers} (the Rust library, through DJL's JNI binding) reading the same
 * tokenizer.json. The expected ids come from that library at test time, never from the
 * tokenizer under test.
 */
class WordPieceReferenceTest {
    private static final String RESOURCE = "/all-minilm-l6-v2-tokenizer.json";
    private static HuggingFaceTokenizer reference;
    private static WordPieceTokenizer tokenizer;

    @BeforeAll
    static void load() throws IOException {
        try (InputStream in = WordPieceReferenceTest.class.getResourceAsStream(RESOURCE)) {
            // the file pads and truncates to 128 for training; compare the plain ids
            reference = HuggingFaceTokenizer.newInstance(in,
                    Map.of("truncation", "false", "padding", "false", "addSpecialTokens", "true"));
        }
        try (InputStream in = WordPieceReferenceTest.class.getResourceAsStream(RESOURCE)) {
            tokenizer = WordPieceTokenizer.fromJson(in, Integer.MAX_VALUE);
        }
    }

    @AfterAll
    static void close() {
        reference.close();
    }

    private static long[] referenceIds(String text) {
        return reference.encode(text).getIds();
    }

    private static long[] ourIds(String text) {
        return Arrays.stream(tokenizer.encode(text).ids()).asLongStream().toArray();
    }

    private static void assertSameIds(String text) {
        long[] expected = referenceIds(text);
        long[] actual = ourIds(text);
        if (!Arrays.equals(expected, actual)) {
            assertEquals(List.of(reference.encode(text).getTokens()), tokenizer.encode(text).tokenTexts(),
                    "ids differ for " + escaped(text));
            fail("ids differ for " + escaped(text) + ": " + Arrays.toString(expected) + " vs " + Arrays.toString(actual));
        }
    }

    /**
     * Each code point (lone surrogates aside: Rust strings cannot hold them) as a word and inside
     * one: every one whose category can matter (all but letters of category Lo, private use and
     * unassigned), every CJK compatibility ideograph and CJK block edge, and every 31st of the rest.
     * {@code -Dtokenizer.allCodePoints=true} takes all 1,112,064 (the reference needs ~25 s).
     */
    @Test
    void codePointsAloneAndInsideAWord() {
        boolean all = Boolean.getBoolean("tokenizer.allCodePoints");
        int[] chunk = new int[2048];
        int size = 0;
        for (int cp = 0; cp <= Character.MAX_CODE_POINT + 1; cp++) {
            boolean end = cp > Character.MAX_CODE_POINT;
            if (!end && (cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE) && (all || worthProbing(cp))) {
                chunk[size++] = cp;
            }
            if (size == chunk.length || (end && size > 0)) {
                assertChunk(Arrays.copyOf(chunk, size));
                size = 0;
            }
        }
    }

    private static boolean worthProbing(int cp) {
        int type = Character.getType(cp);
        boolean plain = type == Character.OTHER_LETTER || type == Character.PRIVATE_USE || type == Character.UNASSIGNED;
        boolean cjkEdge = BertNormalizer.isChineseChar(cp) != BertNormalizer.isChineseChar(cp - 1)
                || BertNormalizer.isChineseChar(cp) != BertNormalizer.isChineseChar(cp + 1);
        boolean compatibility = (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0x2F800 && cp <= 0x2FA1F);
        return !plain || cjkEdge || compatibility || cp % 31 == 0;
    }

    private static void assertChunk(int[] codePoints) {
        String text = probes(codePoints);
        if (!Arrays.equals(referenceIds(text), ourIds(text))) {
            for (int cp : codePoints) {
                assertSameIds(probes(new int[] {cp}));
            }
            fail("the chunk from U+" + Integer.toHexString(codePoints[0]) + " differs, though no code point alone does");
        }
    }

    private static String probes(int[] codePoints) {
        StringBuilder sb = new StringBuilder();
        for (int cp : codePoints) {
            sb.append('a').appendCodePoint(cp).append("b ").appendCodePoint(cp).append(' ');
        }
        return sb.toString();
    }

    @Test
    void hardStrings() {
        for (String text : HardStrings.ALL) {
            assertSameIds(text);
        }
    }

    /** Random mixtures of the characters that make tokenizers differ, with a fixed seed. */
    @Test
    void randomMixtures() {
        Random random = new Random(20240611L);
        for (int n = 0; n < 2000; n++) {
            assertSameIds(HardStrings.randomMixture(random, 1 + random.nextInt(60)));
        }
    }

    static String escaped(String text) {
        StringBuilder sb = new StringBuilder("\"");
        text.codePoints().forEach(cp -> {
            if (cp >= 0x20 && cp < 0x7F) {
                sb.append((char) cp);
            } else {
                sb.append(String.format("\\u{%X}", cp));
            }
        });
        return sb.append('"').toString();
    }
}
