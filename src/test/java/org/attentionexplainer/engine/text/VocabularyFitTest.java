package org.attentionexplainer.engine.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * English and other languages told apart by how all-MiniLM-L6-v2's English vocabulary takes
 * them: English sentences stay mostly whole words; Turkish (and other) sentences come apart
 * into pieces, or carry letters outside ASCII.
 */
class VocabularyFitTest {
    private static WordPieceTokenizer tokenizer;

    @BeforeAll
    static void load() throws IOException {
        try (InputStream in = VocabularyFitTest.class.getResourceAsStream("/all-minilm-l6-v2-tokenizer.json")) {
            tokenizer = WordPieceTokenizer.fromJson(in, 512);
        }
    }

    private static VocabularyFit fit(String text) {
        return VocabularyFit.of(tokenizer.encode(text), tokenizer.unknownToken());
    }

    @Test
    void englishSentencesFit() {
        for (String s : List.of("The cat sat on the mat because it was tired.",
                "The animal didn't cross the street because it was too tired",
                "Your journey starts with one step",
                "Attention lets every token look at every other token before the next layer.",
                "Transformers replaced recurrent networks in machine translation around 2017.",
                "She bought a café au lait and a croissant.",
                "Hello", "42 + 17 = 59")) {
            assertFalse(fit(s).looksForeign(), s + ": " + fit(s));
        }
    }

    @Test
    void turkishSentencesDoNot() {
        for (String s : List.of("kedi yorgun olduğu için paspasın üstüne oturdu",
                "Kedi yorgundu, bu yüzden halının üzerinde uyudu.",
                "Bir transformer modelinde dikkat mekanizması nasıl çalışır?",
                "Yolculuğun bir adımla başlar",
                "Öğretmen öğrencilere soruyu sordu")) {
            assertTrue(fit(s).looksForeign(), s + ": " + fit(s));
        }
    }

    @Test
    void otherScriptsAndLanguagesDoNotEither() {
        for (String s : List.of("Die Katze saß auf der Matte, weil sie müde war.", "Кошка сидела на коврике.",
                "Ο γάτος κάθεται.")) {
            assertTrue(fit(s).looksForeign(), s + ": " + fit(s));
        }
    }

    @Test
    void itCountsWordsPiecesAndQuotesTheSplitWords() {
        // kedi -> ked ##i and yorgun -> yo ##rg ##un, worked out from tokenizer.json's vocabulary
        VocabularyFit f = fit("kedi yorgun.");
        assertEquals(2, f.words(), "the full stop is no word");
        assertEquals(2, f.splitWords());
        assertEquals(0, f.nonAsciiWords());
        assertEquals(List.of("ked ##i", "yo ##rg ##un"), f.examples());
        assertEquals(new VocabularyFit(0, 0, 0, 0, List.of()), fit("... !"));
        assertFalse(fit("").looksForeign(), "nothing to judge");
    }
}
