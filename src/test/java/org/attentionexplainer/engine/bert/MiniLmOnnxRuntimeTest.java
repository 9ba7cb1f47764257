package org.attentionexplainer.engine.bert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.onnxruntime.OrtException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.onnx.OnnxModel;
import org.attentionexplainer.engine.onnx.OnnxReader;
import org.attentionexplainer.engine.text.Encoding;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The engine's forward pass of all-MiniLM-L6-v2 against ONNX Runtime running the same ONNX
 * file on the same token ids: the final hidden states, the sentence embedding and every
 * head's attention weights must agree within 1e-5.
 */
class MiniLmOnnxRuntimeTest {
    static final String PARAGRAPH_128 = "Attention lets every token of a sentence look at every other token and "
            + "decide how much of each one to mix into its own meaning. A head compares a query with all the keys, "
            + "turns the scores into weights with a softmax, and adds up the values with those weights. Trained "
            + "models learn heads that follow syntax, heads that look at the previous word, and heads that park "
            + "their attention on the separator when nothing else is useful. Small sentence encoders such as "
            + "MiniLM keep six layers of twelve heads each, which is few enough to draw on one screen. In Istanbul, "
            + "ferries cross the Bosphorus.";
    private static final double TOLERANCE = 1e-5;

    private static MiniLmModel model;
    private static OnnxRuntimeReference reference;

    @BeforeAll
    static void load() throws Exception {
        model = SharedModel.get();
        reference = new OnnxRuntimeReference(softmaxOutputs());
    }

    @AfterAll
    static void close() throws OrtException {
        reference.close();
    }

    /** The names of the six attention softmax outputs, found in the graph. */
    private static List<String> softmaxOutputs() throws IOException {
        try (var in = MiniLmOnnxRuntimeTest.class.getResourceAsStream("/" + ModelSource.ONNX_RESOURCE)) {
            OnnxModel graph = OnnxReader.read(in.readAllBytes());
            return graph.nodesOfType("Softmax").stream().map(n -> n.outputs().get(0)).toList();
        }
    }

    @Test
    void paragraphHas128Tokens() {
        assertEquals(128, model.tokenizer().encode(PARAGRAPH_128).size());
    }

    @Test
    void singleTextsMatchOnnxRuntime() throws OrtException {
        for (String text : List.of("The quick brown fox jumps over the lazy dog.", "Güneş parlıyor!",
                "Café naïve, don't you think? 北京", "İstanbul'da yağmur yağıyor ve vapurlar yine de kalkıyor.",
                PARAGRAPH_128)) {
            EncoderTrace trace = model.run(text);
            OnnxRuntimeReference.Result expected = reference.run(ids(trace), lengths(trace));
            assertClose(expected.lastHidden(), trace.lastHidden(), trace, text);
            assertSentenceEmbeddingFrom(expected.lastHidden(), trace, text);
        }
    }

    @Test
    void everyHeadsAttentionMatchesOnnxRuntime() throws OrtException {
        EncoderTrace trace = model.run("Güneş parlıyor! The sun is shining on the Bosphorus.");
        OnnxRuntimeReference.Result expected = reference.run(ids(trace), lengths(trace));
        assertEquals(6, expected.attention().size());
        for (int l = 0; l < 6; l++) {
            float[][][][] ort = expected.attention().get(l);
            Tensor ours = trace.layers().get(l).weights();
            double worst = 0;
            for (int h = 0; h < 12; h++) {
                float[][] map = ours.matrix(0, h);
                for (int i = 0; i < map.length; i++) {
                    for (int j = 0; j < map.length; j++) {
                        worst = Math.max(worst, Math.abs(map[i][j] - ort[0][h][i][j]));
                    }
                }
            }
            assertTrue(worst <= TOLERANCE, "layer " + l + " attention differs by " + worst);
        }
    }

    @Test
    void paddedBatchMatchesOnnxRuntimeAndEachTextAlone() throws OrtException {
        List<String> texts = List.of("Short one.", "Güneş parlıyor ve deniz çok sakin, balıkçılar erkenden çıktı.");
        EncoderTrace batch = model.run(texts, WhatIf.TRAINED);
        OnnxRuntimeReference.Result expected = reference.run(ids(batch), lengths(batch));
        assertClose(expected.lastHidden(), batch.lastHidden(), batch, "batch");
        for (int b = 0; b < texts.size(); b++) {
            EncoderTrace alone = model.run(texts.get(b));
            for (int i = 0; i < alone.tokenCount(0); i++) {
                assertArrayClose(alone.lastHidden().row(0, i), batch.lastHidden().row(b, i), "text " + b + " token " + i);
            }
            assertArrayClose(alone.sentenceEmbedding().row(0), batch.sentenceEmbedding().row(b), "embedding " + b);
            for (int l = 0; l < 6; l++) {
                float[][] single = alone.attention(0, l, 5);
                float[][] padded = batch.attention(b, l, 5);
                for (int i = 0; i < single.length; i++) {
                    assertArrayClose(single[i], padded[i], "layer " + l + " row " + i);
                }
            }
        }
        for (int l = 0; l < 6; l++) {
            float[][][][] ort = expected.attention().get(l);
            int shortLength = batch.tokenCount(0);
            for (int h = 0; h < 12; h++) {
                for (int i = 0; i < shortLength; i++) {
                    assertArrayClose(ort[0][h][i], batch.layers().get(l).weights().matrix(0, h)[i], "padded attention");
                }
            }
        }
    }

    private static long[][] ids(EncoderTrace trace) {
        int t = trace.padding().dim(1);
        long[][] ids = new long[trace.inputs().size()][t];
        for (int b = 0; b < ids.length; b++) {
            int[] row = trace.inputs().get(b).ids();
            for (int i = 0; i < row.length; i++) {
                ids[b][i] = row[i];
            }
        }
        return ids;
    }

    private static int[] lengths(EncoderTrace trace) {
        return trace.inputs().stream().mapToInt(Encoding::size).toArray();
    }

    /** Real (not padding) positions of every text. */
    private static void assertClose(float[][][] expected, Tensor actual, EncoderTrace trace, String what) {
        double worst = 0;
        for (int b = 0; b < expected.length; b++) {
            for (int i = 0; i < trace.tokenCount(b); i++) {
                float[] row = actual.row(b, i);
                for (int j = 0; j < row.length; j++) {
                    worst = Math.max(worst, Math.abs(row[j] - expected[b][i][j]));
                }
            }
        }
        assertTrue(worst <= TOLERANCE, what + ": last hidden state differs from ONNX Runtime by " + worst);
    }

    /** Mean of ONNX Runtime's hidden states over the real tokens, divided by its length. */
    private static void assertSentenceEmbeddingFrom(float[][][] hidden, EncoderTrace trace, String what) {
        int n = trace.tokenCount(0);
        int d = hidden[0][0].length;
        double[] mean = new double[d];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < d; j++) {
                mean[j] += hidden[0][i][j] / n;
            }
        }
        double norm = 0;
        for (double v : mean) {
            norm += v * v;
        }
        norm = Math.sqrt(norm);
        float[] expected = new float[d];
        for (int j = 0; j < d; j++) {
            expected[j] = (float) (mean[j] / norm);
        }
        assertArrayClose(expected, trace.sentenceEmbedding().row(0), what + " sentence embedding");
    }

    private static void assertArrayClose(float[] expected, float[] actual, String what) {
        assertEquals(expected.length, actual.length, what);
        List<String> off = new ArrayList<>();
        for (int j = 0; j < expected.length; j++) {
            if (Math.abs(expected[j] - actual[j]) > TOLERANCE) {
                off.add(j + ": " + expected[j] + " vs " + actual[j]);
            }
        }
        assertTrue(off.isEmpty(), what + " differs at " + off);
    }
}
