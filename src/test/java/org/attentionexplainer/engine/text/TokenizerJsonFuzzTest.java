package org.attentionexplainer.engine.text;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import org.attentionexplainer.fuzz.ReaderContract;
import org.junit.jupiter.api.AfterAll;

/**
 * The tokenizer.json reader on any bytes; a tokenizer it returns must encode text (a sentence
 * with accents, CJK, an emoji and a special token) without failing. Seeds and past findings:
 * {@code TokenizerJsonFuzzTestInputs/} in the test resources.
 */
class TokenizerJsonFuzzTest {
    private static final ReaderContract CONTRACT =
            new ReaderContract("tokenizer.json reader", TokenizerFormatException.class);
    private static final String TEXT = "Caf\u00e9 \u5317\u4eac [MASK] don't \uD83E\uDEE0 running";

    @FuzzTest(maxDuration = "2h")
    void anyBytesGiveATokenizerOrOneLine(byte[] data) throws Exception {
        CONTRACT.read(() -> WordPieceTokenizer.fromJson(new ByteArrayInputStream(data), 512), t -> {
            Encoding e = t.encode(TEXT);
            if (e.size() < 2) {
                throw new AssertionError("no [CLS] and [SEP]: " + e.tokenTexts());
            }
            t.tokenize(TEXT.repeat(3));
        });
    }

    @AfterAll
    static void report() {
        System.out.println(CONTRACT.summary());
    }
}
