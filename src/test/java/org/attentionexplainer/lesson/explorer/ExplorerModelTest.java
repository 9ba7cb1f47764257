package org.attentionexplainer.lesson.explorer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.text.Normalizer;
import java.util.List;
import org.attentionexplainer.engine.Projection;
import org.attentionexplainer.engine.Tensor;
import org.junit.jupiter.api.Test;

/** The explorer's plain-Java parts: tokenizer, vectors, seeded weights, control ranges. */
class ExplorerModelTest {

    @Test
    void turkishSplitsIntoWordsAndPunctuation() {
        assertEquals(List.of("Bugün", "hava", "çok", "güzel", ",", "değil", "mi", "?"),
                Tokenizer.split("Bugün hava çok güzel, değil mi?"));
        assertEquals(List.of("Ankara'ya", "gidiyorum", "."), Tokenizer.split("Ankara'ya gidiyorum."));
        assertEquals(List.of("İstanbul", "ışıkları"), Tokenizer.split("  İstanbul\tışıkları \n"));
    }

    @Test
    void koreanSplitsIntoWordsAndPunctuationEvenWhenDecomposed() {
        String korean = "나는 학교에 갑니다.";
        assertEquals(List.of("나는", "학교에", "갑니다", "."), Tokenizer.split(korean));
        String decomposed = Normalizer.normalize(korean, Normalizer.Form.NFD);
        assertNotEquals(korean, decomposed, "the test needs jamo, not syllables");
        assertEquals(List.of("나는", "학교에", "갑니다", "."), Tokenizer.split(decomposed));
    }

    @Test
    void tokenizerCountsBeyondTheLimitWithoutKeepingEverything() {
        String text = "word ".repeat(10_000);
        Tokenizer.Result r = Tokenizer.tokenize(text, Tokenizer.MAX_TOKENS);
        assertEquals(10_000, r.count());
        assertEquals(512, r.tokens().size());
        assertTrue(r.overLimit());
        assertTrue(Tokenizer.split("").isEmpty());
        assertTrue(Tokenizer.split("   ").isEmpty());
    }

    @Test
    void aWordOfThousandsOfHyphenJoinedPartsIsOneTokenNotAStackOverflow() {
        String word = String.join("-", java.util.Collections.nCopies(2000, "a"));
        assertEquals(List.of(word, "!"), Tokenizer.split(word + "!"));
        assertEquals(List.of("a-b", "-", "c"), Tokenizer.split("a-b - c"), "a hyphen alone is its own token");
        assertEquals(List.of("don't", "-"), Tokenizer.split("don't-"));
    }

    @Test
    void courseWordsKeepTheirPublishedVectors() {
        assertArrayEquals(new float[] {0.34f, 0.22f, 0.54f}, Embeddings.vector("Hello", 3, 0));
        assertArrayEquals(new float[] {0.53f, 0.34f, 0.98f}, Embeddings.vector("shiny", 3, 99));
        assertArrayEquals(new float[] {0.05f, 0.80f, 0.55f}, Embeddings.vector("step", 3, 5));
        float[] wide = Embeddings.vector("sun", 8, 0);
        assertArrayEquals(new float[] {0.29f, 0.54f, 0.93f}, java.util.Arrays.copyOf(wide, 3));
    }

    @Test
    void otherWordsGetTheSameVectorForTheSameSeed() {
        float[] a = Embeddings.vector("güzel", 16, 42);
        assertArrayEquals(a, Embeddings.vector("güzel", 16, 42));
        assertArrayEquals(a, Embeddings.vector("GÜZEL", 16, 42), "case does not make another word");
        assertFalse(java.util.Arrays.equals(a, Embeddings.vector("güzel", 16, 43)));
        assertFalse(java.util.Arrays.equals(a, Embeddings.vector("hava", 16, 42)));
        for (float v : a) {
            assertTrue(v >= -Embeddings.SPREAD && v < Embeddings.SPREAD);
        }
    }

    @Test
    void positionalEncodingIsAddedPerPosition() {
        Tensor plain = Embeddings.build(List.of("Hello", "Hello"), 4, 0, false);
        Tensor pe = Embeddings.build(List.of("Hello", "Hello"), 4, 0, true);
        // PE[0] = [sin 0, cos 0, sin 0, cos 0] = [0, 1, 0, 1]; PE[1] = [sin 1, cos 1, sin 0.01, cos 0.01]
        assertEquals(plain.get(0, 1) + 1f, pe.get(0, 1), 1e-6);
        assertEquals(plain.get(1, 0) + (float) Math.sin(1), pe.get(1, 0), 1e-6);
        assertEquals(plain.get(1, 2) + (float) Math.sin(0.01), pe.get(1, 2), 1e-6);
    }

    @Test
    void seededWeightsAreThoseOfPyTorch() {
        // torch.manual_seed(123); q, k, v = (nn.Linear(4, 4, bias=False) for _ in range(3));
        // q.weight.T[0], v.weight.T[3]
        Projection.Separate s = (Projection.Separate) new ModelBuilder().weights(ProjectionKind.SEPARATE, 4, 123);
        assertArrayEquals(new float[] {-0.20388805866241455f, -0.4260275363922119f, -0.31594353914260864f,
            -0.42436468601226807f}, s.query().row(0));
        assertArrayEquals(new float[] {-0.06601977348327637f, 0.03305333852767944f, 0.4737018942832947f,
            0.07860350608825684f}, s.value().row(3));
        // torch.manual_seed(7); nn.Linear(4, 12, bias=False).weight.T[1]
        Projection.Fused f = (Projection.Fused) new ModelBuilder().weights(ProjectionKind.FUSED, 4, 7);
        assertArrayEquals(new float[] {-0.301196813583374f, -0.07493859529495239f, 0.35126835107803345f,
            -0.2936806082725525f, -0.42694807052612305f, -0.08682727813720703f, 0.093231201171875f,
            -0.38677942752838135f, 0.0690726637840271f, -0.2785535454750061f, -0.24712008237838745f,
            0.057507097721099854f}, f.qkv().row(1));
    }

    @Test
    void controlsRefuseValuesOutsideTheirRanges() {
        AttentionControls d = AttentionControls.defaults();
        assertThrows(IllegalArgumentException.class, () -> new AttentionControls(false, false, java.util.Set.of(),
                true, 0, false, 1, ScaleMode.NONE, 1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new AttentionControls(false, false, java.util.Set.of(),
                false, 1, false, 0, ScaleMode.NONE, 1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new AttentionControls(false, false, java.util.Set.of(),
                false, 1, false, 1, ScaleMode.NONE, 1, 0.95, 0));
        assertEquals(d.temperature(), 1.0);
    }

    @Test
    void headsOfferedAreTheDivisors() {
        assertEquals(List.of(1, 2, 3, 4, 6, 12), ModelBuilder.divisors(12));
        assertEquals(List.of(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024), ModelBuilder.divisors(1024).subList(0, 11));
        assertEquals(List.of(1, 7), ModelBuilder.divisors(7));
        assertEquals(2, ModelBuilder.nearestDivisor(10, 4));
    }
}
