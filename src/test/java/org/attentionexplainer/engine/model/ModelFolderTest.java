package org.attentionexplainer.engine.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.bert.EncoderTrace;
import org.attentionexplainer.engine.bert.ModelLoadException;
import org.attentionexplainer.engine.bert.WhatIf;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Tiny GPT-2 and BERT checkpoints opened from their folders against the hidden states and
 * attention weights PyTorch computed for them (tools/hf/make_tiny_models.py): float32, float16
 * and bfloat16 weights, with and without a head's prefix, every tokenizer file kind.
 */
class ModelFolderTest {
    static final double TOLERANCE = 1e-4;

    static TransformerModel load(String name) throws ModelLoadException {
        return ModelFolder.load(TinyModels.folder(name), f -> { }, () -> false);
    }

    @ParameterizedTest
    @ValueSource(strings = {"tiny-gpt2", "tiny-gpt2-f16", "tiny-bert", "tiny-bert-bf16"})
    void everyHiddenStateAndHeadMatchesPyTorch(String name) throws Exception {
        TransformerModel model = load(name);
        EncoderTrace trace = model.run(List.of(TinyModels.text(name)), WhatIf.TRAINED);
        assertArrayEquals(TinyModels.ids(name), trace.inputs().get(0).ids(), "token ids");
        Tensor hidden = TinyModels.hidden(name);
        Tensor attentions = TinyModels.attentions(name);
        int layers = attentions.dim(0);
        assertEquals(layers, model.layers());
        assertEquals(attentions.dim(1), model.heads());
        assertEquals(name.contains("gpt2"), model.causal());
        assertEquals(name, model.name());
        assertClose(hidden, 0, trace.embeddings(), "embeddings");
        for (int l = 0; l < layers; l++) {
            assertClose(hidden, l + 1, trace.layers().get(l).hidden(), "layer " + (l + 1) + " output");
            for (int h = 0; h < attentions.dim(1); h++) {
                float[][] ours = trace.attention(0, l, h);
                for (int i = 0; i < ours.length; i++) {
                    for (int j = 0; j < ours.length; j++) {
                        assertEquals(attentions.get(l, h, i, j), ours[i][j], TOLERANCE,
                                "layer " + l + " head " + h + " (" + i + ", " + j + ")");
                    }
                }
            }
        }
    }

    private static void assertClose(Tensor reference, int index, Tensor ours, String what) {
        int t = reference.dim(1);
        int d = reference.dim(2);
        double worst = 0;
        for (int i = 0; i < t; i++) {
            float[] row = ours.row(0, i);
            for (int j = 0; j < d; j++) {
                worst = Math.max(worst, Math.abs(row[j] - reference.get(index, i, j)));
            }
        }
        assertTrue(worst <= TOLERANCE, what + " differs from PyTorch by " + worst);
    }

    @ParameterizedTest
    @ValueSource(strings = {"tiny-gpt2", "tiny-bert"})
    void aFocusedLayersSpecGivesTheTracesWeights(String name) throws Exception {
        TransformerModel model = load(name);
        EncoderTrace trace = model.run(List.of(TinyModels.text(name)), new WhatIf(false, 1.7));
        AttentionEngine engine = new AttentionEngine();
        for (int l = 0; l < model.layers(); l++) {
            AttentionTrace layer = engine.compute(model.attentionSpec(trace, 0, l));
            for (int h = 0; h < model.heads(); h++) {
                float[][] expected = trace.attention(0, l, h);
                float[][] actual = layer.weights().matrix(0, h);
                for (int i = 0; i < expected.length; i++) {
                    assertArrayEquals(expected[i], actual[i], 1e-5f, "layer " + l + " head " + h + " row " + i);
                }
            }
        }
    }

    @Test
    void aDecoderStaysCausalAndIgnoresPaddingInABatch() throws Exception {
        TransformerModel model = load("tiny-gpt2");
        String longText = TinyModels.text("tiny-gpt2");
        EncoderTrace batch = model.run(List.of("The cat sat.", longText), new WhatIf(false, 1.0));
        EncoderTrace alone = model.run(List.of("The cat sat."), WhatIf.TRAINED);
        assertTrue(batch.whatIf().causal());
        for (int l = 0; l < model.layers(); l++) {
            for (int h = 0; h < model.heads(); h++) {
                float[][] single = alone.attention(0, l, h);
                float[][] padded = batch.attention(0, l, h);
                for (int i = 0; i < single.length; i++) {
                    assertArrayEquals(single[i], padded[i], 1e-5f);
                    for (int j = i + 1; j < single.length; j++) {
                        assertEquals(0f, single[i][j], "a later token seen");
                    }
                }
            }
        }
    }

    @Test
    void onlyTheFirstLayersAreReadWhenTheRestDoNotFit() throws Exception {
        long embedding = 4 * GptCheckpointSizes.embedding();
        long layer = 4 * GptCheckpointSizes.layer();
        TransformerModel model = ModelFolder.load(TinyModels.folder("tiny-gpt2"), f -> { }, () -> false,
                ModelFolder.MARGIN + embedding + layer + layer / 2);
        assertEquals(1, model.layers());
        assertEquals(2, model.modelLayers());
        EncoderTrace trace = model.run(List.of(TinyModels.text("tiny-gpt2")), WhatIf.TRAINED);
        assertEquals(1, trace.layerCount());
        Tensor reference = TinyModels.attentions("tiny-gpt2");
        assertEquals(reference.get(0, 2, 5, 3), trace.attention(0, 0, 2)[5][3], TOLERANCE);
        ModelLoadException e = assertThrows(ModelLoadException.class, () -> ModelFolder.load(
                TinyModels.folder("tiny-gpt2"), f -> { }, () -> false, ModelFolder.MARGIN + embedding + layer / 2));
        assertTrue(e.getMessage().contains("MiB") && e.getMessage().contains("tiny-gpt2"), e.getMessage());
    }

    @Test
    void layersThatFit() {
        assertEquals(12, ModelFolder.layersThatFit(100, 10, 12, 220));
        assertEquals(5, ModelFolder.layersThatFit(100, 10, 12, 155));
        assertEquals(0, ModelFolder.layersThatFit(100, 10, 12, 109));
        assertEquals(0, ModelFolder.layersThatFit(100, 10, 12, 50));
    }

    @Test
    void progressRisesToOneAndCancelStops() throws Exception {
        List<Double> seen = new ArrayList<>();
        ModelFolder.load(TinyModels.folder("tiny-bert"), seen::add, () -> false);
        assertEquals(1.0, seen.get(seen.size() - 1));
        for (int i = 1; i < seen.size(); i++) {
            assertTrue(seen.get(i) >= seen.get(i - 1), "progress went back: " + seen);
        }
        assertTrue(seen.size() > 5, seen.toString());
        assertThrows(CancellationException.class,
                () -> ModelFolder.load(TinyModels.folder("tiny-bert"), f -> { }, () -> true));
    }

    @Test
    void aTooLongTextIsRefusedInOneLine() throws IOException, ModelLoadException {
        TransformerModel model = load("tiny-gpt2");
        assertEquals(24, model.maxTokens());
        assertThrows(org.attentionexplainer.engine.text.TextTooLongException.class,
                () -> model.run(List.of("The cat ".repeat(30)), WhatIf.TRAINED));
        assertFalse(model.tokenize("The cat").tokens().isEmpty());
    }

    /** The sizes of the tiny GPT-2 (d 32, d_ff 128, vocab and positions from its config). */
    private static final class GptCheckpointSizes {
        static long embedding() {
            return org.attentionexplainer.engine.gpt.GptCheckpoint.embeddingValues(config());
        }

        static long layer() {
            return org.attentionexplainer.engine.gpt.GptCheckpoint.layerValues(config());
        }

        static ModelConfig config() {
            try (var in = java.nio.file.Files.newInputStream(TinyModels.folder("tiny-gpt2").resolve("config.json"))) {
                return ModelConfig.read(in, "config.json");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }
}
