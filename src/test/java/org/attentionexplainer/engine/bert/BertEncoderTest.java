package org.attentionexplainer.engine.bert;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.InvalidSpecException;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.text.Encoding;
import org.attentionexplainer.engine.text.TextTooLongException;
import org.attentionexplainer.engine.text.Token;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Properties of the real model's attention that hold whatever the weights: masks, sums, the what-if changes. */
class BertEncoderTest {
    private static MiniLmModel model;

    @BeforeAll
    static void load() throws ModelLoadException {
        model = SharedModel.get();
    }

    @Test
    void configIsThePublishedAllMiniLmL6V2() {
        // sentence-transformers/all-MiniLM-L6-v2: 6 layers, 12 heads, hidden 384, FFN 1536,
        // 512 positions, 2 token types, 30522 WordPiece entries, LayerNorm eps 1e-12
        BertConfig c = model.config();
        assertEquals(new BertConfig(30522, 384, 6, 12, 1536, 512, 2, c.layerNormEps(), 0), c);
        assertEquals(1e-12, c.layerNormEps(), 1e-18);
        assertEquals(32, c.headDim());
        assertEquals(512, model.tokenizer().maxLength());
    }

    @Test
    void traceShapes() {
        EncoderTrace trace = model.run("Attention is all you need.");
        int t = trace.tokenCount(0);
        assertEquals(8, t);   // [CLS] attention is all you need . [SEP]
        assertEquals(6, trace.layerCount());
        assertEquals(12, trace.headCount());
        LayerTrace layer = trace.layers().get(3);
        assertShape(layer.q(), 1, 12, t, 32);
        assertShape(layer.scores(), 1, 12, t, t);
        assertShape(layer.weights(), 1, 12, t, t);
        assertShape(layer.heads(), 1, 12, t, 32);
        assertShape(layer.attentionOutput(), 1, t, 384);
        assertShape(layer.hidden(), 1, t, 384);
        assertShape(trace.embeddings(), 1, t, 384);
        assertShape(trace.sentenceEmbedding(), 1, 384);
        assertEquals(1 / Math.sqrt(32), trace.scaleFactor(), 1e-12);
        assertTrue(trace.whatIf().isTrained());
    }

    @Test
    void rowsSumToOneAndPaddingKeysGetNothing() {
        EncoderTrace trace = model.run(List.of("Hi!", "A much longer sentence with many more tokens in it."),
                WhatIf.TRAINED);
        int t = trace.padding().dim(1);
        int shortLength = trace.tokenCount(0);
        assertEquals(4, shortLength);
        assertEquals(0f, trace.padding().get(0, shortLength));
        for (LayerTrace layer : trace.layers()) {
            for (int b = 0; b < 2; b++) {
                for (int h = 0; h < 12; h++) {
                    float[][] w = layer.weights().matrix(b, h);
                    for (int i = 0; i < trace.tokenCount(b); i++) {
                        double sum = 0;
                        for (int j = 0; j < t; j++) {
                            sum += w[i][j];
                            if (j >= trace.tokenCount(b)) {
                                assertEquals(0f, w[i][j], "padding key " + j + " of text " + b);
                                assertEquals(Float.NEGATIVE_INFINITY, layer.logits().get(b, h, i, j));
                            }
                        }
                        assertEquals(1.0, sum, 1e-5, "layer " + layer.index() + " head " + h + " row " + i);
                    }
                }
            }
        }
        assertEquals(4, trace.attention(0, 2, 7).length);
        assertEquals(1f, trace.mask().get(0, 0, shortLength));
        assertEquals(0f, trace.mask().get(1, 0, shortLength));
    }

    @Test
    void logitsAreScoresOverSqrtHdOverTemperature() {
        WhatIf hot = WhatIf.TRAINED.withTemperature(2.5);
        EncoderTrace trace = model.run(List.of("The cat sat on the mat."), hot);
        LayerTrace layer0 = trace.layers().get(0);
        for (int h = 0; h < 12; h += 5) {
            float[][] scores = layer0.scores().matrix(0, h);
            float[][] logits = layer0.logits().matrix(0, h);
            for (int i = 0; i < scores.length; i++) {
                for (int j = 0; j < scores.length; j++) {
                    assertEquals(scores[i][j] / Math.sqrt(32) / 2.5, logits[i][j], 1e-5);
                }
            }
        }
        // layer 0 reads the embeddings, which no temperature changes
        EncoderTrace trained = model.run("The cat sat on the mat.");
        assertEquals(trained.layers().get(0).scores(), layer0.scores());
        assertFalse(trained.lastHidden().equals(trace.lastHidden()));
    }

    @Test
    void veryHighTemperatureSpreadsAttentionEvenly() {
        EncoderTrace trace = model.run(List.of("Güneş parlıyor!"), new WhatIf(false, 1e7));
        int n = trace.tokenCount(0);
        for (int l = 0; l < 6; l++) {
            for (float[] row : trace.attention(0, l, 0)) {
                for (float w : row) {
                    assertEquals(1.0 / n, w, 1e-4);
                }
            }
        }
    }

    @Test
    void causalWhatIfHidesLaterTokens() {
        EncoderTrace trace = model.run(List.of("Every token sees only the past."), new WhatIf(true, 1.0));
        assertTrue(trace.whatIf().causal());
        for (LayerTrace layer : trace.layers()) {
            for (int h = 0; h < 12; h++) {
                float[][] w = layer.weights().matrix(0, h);
                assertEquals(1f, w[0][0], 1e-6);
                for (int i = 0; i < w.length; i++) {
                    for (int j = i + 1; j < w.length; j++) {
                        assertEquals(0f, w[i][j]);
                    }
                }
            }
        }
        // In layer 0 the last token sees every token either way, and their layer-0 inputs
        // are the same, so its output is unchanged; the first token now sees only itself.
        EncoderTrace trained = model.run("Every token sees only the past.");
        int last = trace.tokenCount(0) - 1;
        assertArrayClose(trained.layers().get(0).hidden().row(0, last), trace.layers().get(0).hidden().row(0, last),
                1e-5);
        assertFalse(java.util.Arrays.equals(trained.layers().get(0).hidden().row(0, 0),
                trace.layers().get(0).hidden().row(0, 0)));
        assertFalse(java.util.Arrays.equals(trained.lastHidden().row(0, last), trace.lastHidden().row(0, last)));
        int t = trace.tokenCount(0);
        assertArrayEquals(new int[] {1, t, t}, trace.mask().shape());
        assertArrayEquals(new int[] {1, t, t}, trained.mask().shape());
        for (int i = 0; i < t; i++) {
            for (int j = 0; j < t; j++) {
                assertEquals(j > i ? 1f : 0f, trace.mask().get(0, i, j), "causal mask at " + i + ", " + j);
                assertEquals(0f, trained.mask().get(0, i, j), "a single text hides nothing, at " + i + ", " + j);
            }
        }
    }

    @Test
    void attentionSpecReproducesALayerInTheToyEngine() {
        for (WhatIf whatIf : List.of(WhatIf.TRAINED, new WhatIf(true, 1.5))) {
            EncoderTrace trace = model.run(List.of("Hi!", "Güneş parlıyor, the sea is calm."), whatIf);
            AttentionSpec spec = model.encoder().attentionSpec(trace, 1, 2);
            assertEquals(trace.inputs().get(1).tokenTexts(), spec.tokens());
            AttentionTrace toy = new AttentionEngine().compute(spec);
            int n = trace.tokenCount(1);
            LayerTrace layer = trace.layers().get(2);
            for (int h = 0; h < 12; h++) {
                float[][] expected = trace.attention(1, 2, h);
                float[][] actual = toy.weights().matrix(0, h);
                for (int i = 0; i < n; i++) {
                    assertArrayClose(expected[i], actual[i], 1e-5);
                }
            }
            for (int i = 0; i < n; i++) {
                assertArrayClose(layer.attentionResult().row(1, i), toy.result().row(0, i), 1e-4);
            }
        }
    }

    @Test
    void sentenceEmbeddingHasUnitLength() {
        Tensor e = model.run("A unit vector.").sentenceEmbedding();
        double norm = 0;
        for (float v : e.row(0)) {
            norm += v * v;
        }
        assertEquals(1.0, Math.sqrt(norm), 1e-5);
    }

    @Test
    void similarSentencesAreCloserThanUnrelatedOnes() {
        EncoderTrace trace = model.run(List.of("A man is playing a guitar.", "Someone plays the guitar.",
                "The stock market fell sharply today."), WhatIf.TRAINED);
        double close = dot(trace.sentenceEmbedding().row(0), trace.sentenceEmbedding().row(1));
        double far = dot(trace.sentenceEmbedding().row(0), trace.sentenceEmbedding().row(2));
        assertTrue(close > 0.6 && far < 0.2 && close > far, "cosines " + close + " and " + far);
    }

    @Test
    void badInputGetsClearMessages() {
        TextTooLongException tooLong = assertThrows(TextTooLongException.class, () -> model.run("go ".repeat(600)));
        assertTrue(tooLong.getMessage().startsWith("the text makes 602 tokens"), tooLong.getMessage());
        Encoding bogus = new Encoding("x", List.of(new Token("x", 40000, 0, false)), List.of());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> model.encoder().forward(List.of(bogus), WhatIf.TRAINED));
        assertEquals("token id 40000 is outside the vocabulary of 30522", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> model.encoder().forward(List.of(), WhatIf.TRAINED));
        assertThrows(IllegalArgumentException.class, () -> new WhatIf(false, 0));
        assertThrows(IllegalArgumentException.class, () -> new WhatIf(false, Double.NaN));
    }

    @Test
    void aTemperatureThatOverflowsTheLogitsIsRefusedNotNaN() {
        // (1/sqrt 32) / 1e-39 = 1.77e38 is a float32, but scores of a few units times it are not;
        // (1/sqrt 32) / 1e-40 = 1.77e39 is not a float32 at all
        for (double t : new double[] {1e-39, 1e-40}) {
            InvalidSpecException e = assertThrows(InvalidSpecException.class,
                    () -> model.run(List.of("Tiny temperatures overflow."), new WhatIf(false, t)));
            assertEquals("temperature", e.field(), e.getMessage());
            assertTrue(e.getMessage().contains("use a larger temperature"), e.getMessage());
        }
        EncoderTrace sharp = model.run(List.of("Tiny temperatures overflow."), new WhatIf(false, 1e-6));
        for (float w : sharp.layers().get(0).weights().toArray()) {
            assertTrue(w >= 0 && w <= 1, "weights stay in [0, 1] at T = 1e-6, got " + w);
        }
    }

    private static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    private static void assertShape(Tensor t, int... shape) {
        assertEquals(java.util.Arrays.toString(shape), java.util.Arrays.toString(t.shape()));
    }

    private static void assertArrayClose(float[] expected, float[] actual, double tolerance) {
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], actual[i], tolerance, "index " + i);
        }
    }
}
