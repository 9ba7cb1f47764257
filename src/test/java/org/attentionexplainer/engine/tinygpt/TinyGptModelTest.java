package org.attentionexplainer.engine.tinygpt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Npy;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.bert.EncoderTrace;
import org.attentionexplainer.engine.bert.WhatIf;
import org.attentionexplainer.engine.model.TransformerModel;
import org.attentionexplainer.engine.text.Encoding;
import org.attentionexplainer.engine.text.TextTooLongException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The tiny GPT as the real-model screen reads trained models: its weights against PyTorch's
 * (tools/tinygpt/reference.py's arrays, made from the shipped model), its letters as tokens, its
 * causal mask its own, padding that changes nothing, and each layer's spec giving its weights.
 */
class TinyGptModelTest {
    private static final String DIR = "/org/attentionexplainer/engine/tinygpt/reference/";
    private static AttentionEngine engine;
    private static TransformerModel model;

    @BeforeAll
    static void load() throws IOException {
        engine = new AttentionEngine();
        model = TinyGpt.asModel(ShippedModel.load().weights(), () -> engine, "tiny GPT");
    }

    @Test
    void itsAttentionIsPyTorchsForTheReferenceSequence() throws IOException {
        // the reference's first sequence, typed as a learner would: lower case, with spaces
        EncoderTrace trace = model.run(List.of("kdxmq btrap KDXMQ btrap"), WhatIf.TRAINED);
        assertEquals(20, trace.tokenCount(0));
        for (int l = 0; l < model.layers(); l++) {
            Tensor want = npy("seq0-layer" + l + "-weights.npy");              // (h, t, t)
            for (int h = 0; h < model.heads(); h++) {
                float[][] got = trace.attention(0, l, h);
                for (int i = 0; i < 20; i++) {
                    assertArrayEquals(want.row(h, i), got[i], 1e-4f, "layer " + l + " head " + h + " row " + i);
                }
            }
        }
    }

    @Test
    void aDecoderKeepsItsCausalMaskAndTakesATemperature() {
        assertTrue(model.causal());
        assertEquals(GptConfig.DEFAULT.layers(), model.layers());
        assertEquals(GptConfig.DEFAULT.heads(), model.heads());
        EncoderTrace trace = model.run(List.of("HELPSHELPS"), new WhatIf(false, 2.0));
        assertTrue(trace.whatIf().causal(), "the causal mask is the model's own");
        float[][] w = trace.attention(0, 0, 1);
        for (int i = 0; i < w.length; i++) {
            for (int j = i + 1; j < w.length; j++) {
                assertEquals(0f, w[i][j], "query " + i + " sees no later key " + j);
            }
        }
        // hd = 64 / 4 = 16: logits = scores / √16 / 2 = scores / 8
        float[] scores = trace.layers().get(1).scores().row(0, 2, 5);
        float[] logits = trace.layers().get(1).logits().row(0, 2, 5);
        for (int j = 0; j <= 5; j++) {
            assertEquals(scores[j] / 8, logits[j], 1e-5f);
        }
    }

    @Test
    void paddingAShorterTextChangesNothingOfIt() {
        EncoderTrace alone = model.run(List.of("HELPSHELPS"), WhatIf.TRAINED);
        EncoderTrace batch = model.run(List.of("ZYXWVUTSRQPONZYXWVUTSRQP", "HELPSHELPS"), WhatIf.TRAINED);
        assertEquals(10, batch.tokenCount(1));
        for (int l = 0; l < model.layers(); l++) {
            for (int h = 0; h < model.heads(); h++) {
                float[][] a = alone.attention(0, l, h);
                float[][] b = batch.attention(1, l, h);
                for (int i = 0; i < a.length; i++) {
                    assertArrayEquals(a[i], b[i], 1e-6f);
                }
            }
        }
    }

    @Test
    void eachLayersSpecGivesItsWeights() {
        EncoderTrace trace = model.run(List.of("ATTENTION"), WhatIf.TRAINED);
        for (int l = 0; l < model.layers(); l++) {
            AttentionTrace step = engine.compute(model.attentionSpec(trace, 0, l));
            for (int h = 0; h < model.heads(); h++) {
                float[][] want = trace.attention(0, l, h);
                float[][] got = step.weights().matrix(0, h);
                for (int i = 0; i < want.length; i++) {
                    assertArrayEquals(want[i], got[i], 1e-5f);
                }
            }
        }
    }

    @Test
    void itsTokensAreItsLetters() {
        Encoding e = model.tokenize("Kd x");
        assertEquals(List.of("K", "D", "X"), e.tokenTexts());
        assertArrayEquals(new int[] {10, 3, 23}, e.ids());
        assertEquals("x", e.words().get(2).text());
        SymbolException bad = assertThrows(SymbolException.class, () -> model.tokenize("AB3C"));
        assertEquals("engine.tinygpt.symbol", bad.messageKey());
        assertEquals("“3” is not one of the tiny GPT’s symbols: it reads only the letters A to Z", bad.getMessage());
        assertThrows(SymbolException.class, () -> model.tokenize("  "));
        TextTooLongException tooLong = assertThrows(TextTooLongException.class,
                () -> model.tokenize("ABCDEFGHIJKLMNOPQRSTUVWXY"));
        assertEquals(25, tooLong.tokenCount());
        assertEquals(24, tooLong.limit());
    }

    private static Tensor npy(String name) throws IOException {
        try (InputStream in = TinyGptModelTest.class.getResourceAsStream(DIR + name)) {
            return Npy.read(in, -1, Npy.DEFAULT_MAX_VALUES, name);
        }
    }
}
