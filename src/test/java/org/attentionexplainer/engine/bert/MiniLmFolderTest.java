package org.attentionexplainer.engine.bert;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.onnxruntime.OrtException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.attentionexplainer.engine.NdArrays;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.model.ModelFolder;
import org.attentionexplainer.engine.model.SafeTensorsWriter;
import org.attentionexplainer.engine.model.TransformerModel;
import org.attentionexplainer.engine.onnx.OnnxModel;
import org.attentionexplainer.engine.onnx.OnnxReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * all-MiniLM-L6-v2's weights, taken from the ONNX file of the model jar and written out as a
 * Hugging Face folder (BertModel's names, nn.Linear's (out, in) layout, config.json, the jar's
 * tokenizer.json), open through the folder loader and match ONNX Runtime running the original
 * ONNX file: no hand-written reference involved.
 */
class MiniLmFolderTest {
    private static final double TOLERANCE = 1e-4;
    @TempDir
    static Path dir;
    private static TransformerModel model;
    private static OnnxRuntimeReference reference;

    @BeforeAll
    static void writeAndOpen() throws Exception {
        byte[] onnx;
        try (InputStream in = MiniLmFolderTest.class.getResourceAsStream("/" + ModelSource.ONNX_RESOURCE)) {
            onnx = in.readAllBytes();
        }
        OnnxModel graph = OnnxReader.read(onnx);
        BertOnnxImport.Imported imported = BertOnnxImport.read(graph, f -> { });
        Path folder = Files.createDirectories(dir.resolve("all-MiniLM-L6-v2"));
        writeWeights(imported, folder.resolve("model.safetensors"));
        BertConfig c = imported.config();
        Files.writeString(folder.resolve("config.json"), "{\"architectures\": [\"BertModel\"], \"model_type\": \"bert\","
                + " \"hidden_act\": \"gelu\", \"vocab_size\": " + c.vocabSize() + ", \"hidden_size\": " + c.hidden()
                + ", \"num_hidden_layers\": " + c.layers() + ", \"num_attention_heads\": " + c.heads()
                + ", \"intermediate_size\": " + c.intermediate() + ", \"max_position_embeddings\": " + c.maxPositions()
                + ", \"type_vocab_size\": " + c.typeVocabSize() + ", \"layer_norm_eps\": 1e-12, \"pad_token_id\": 0}");
        try (InputStream in = MiniLmFolderTest.class.getResourceAsStream("/" + ModelSource.TOKENIZER_RESOURCE)) {
            Files.copy(in, folder.resolve("tokenizer.json"));
        }
        model = ModelFolder.load(folder, f -> { }, () -> false);
        reference = new OnnxRuntimeReference(graph.nodesOfType("Softmax").stream().map(n -> n.outputs().get(0)).toList());
    }

    @AfterAll
    static void close() throws OrtException {
        reference.close();
    }

    private static void writeWeights(BertOnnxImport.Imported imported, Path file) throws IOException {
        BertWeights w = imported.weights();
        SafeTensorsWriter out = new SafeTensorsWriter();
        put(out, "embeddings.word_embeddings.weight", w.words());
        put(out, "embeddings.position_embeddings.weight", w.positions());
        put(out, "embeddings.token_type_embeddings.weight", w.types());
        norm(out, "embeddings.LayerNorm", w.embeddingNorm());
        for (int i = 0; i < w.layers().size(); i++) {
            BertWeights.Layer l = w.layers().get(i);
            String p = "encoder.layer." + i + ".";
            linear(out, p + "attention.self.query", l.query());
            linear(out, p + "attention.self.key", l.key());
            linear(out, p + "attention.self.value", l.value());
            linear(out, p + "attention.output.dense", l.attentionOut());
            norm(out, p + "attention.output.LayerNorm", l.attentionNorm());
            linear(out, p + "intermediate.dense", l.intermediate());
            linear(out, p + "output.dense", l.output());
            norm(out, p + "output.LayerNorm", l.outputNorm());
        }
        out.write(file);
    }

    private static void put(SafeTensorsWriter out, String name, INDArray a) {
        out.put(name, NdArrays.data(a), a.shape());
    }

    /** nn.Linear keeps (out, in); the engine (in, out). */
    private static void linear(SafeTensorsWriter out, String name, BertWeights.Linear l) {
        put(out, name + ".weight", l.weight().transpose().dup('c'));
        out.put(name + ".bias", NdArrays.data(l.bias()), l.bias().length());
    }

    private static void norm(SafeTensorsWriter out, String name, org.attentionexplainer.engine.LayerNormParams p) {
        out.put(name + ".weight", p.gamma().toArray(), p.gamma().size());
        out.put(name + ".bias", p.beta().toArray(), p.beta().size());
    }

    @Test
    void theFolderHasTheModelsShape() {
        assertEquals("all-MiniLM-L6-v2", model.name());
        assertEquals(6, model.layers());
        assertEquals(12, model.heads());
        assertEquals(128, model.trainedLength());
    }

    @Test
    void hiddenStatesAndEveryHeadMatchOnnxRuntime() throws OrtException {
        for (String text : List.of("The quick brown fox jumps over the lazy dog.",
                "Güneş parlıyor! The sun is shining on the Bosphorus.", MiniLmOnnxRuntimeTest.PARAGRAPH_128)) {
            EncoderTrace trace = model.run(List.of(text), WhatIf.TRAINED);
            int n = trace.tokenCount(0);
            long[][] ids = new long[1][n];
            int[] row = trace.inputs().get(0).ids();
            for (int i = 0; i < n; i++) {
                ids[0][i] = row[i];
            }
            OnnxRuntimeReference.Result expected = reference.run(ids, new int[] {n});
            double worst = 0;
            Tensor hidden = trace.lastHidden();
            for (int i = 0; i < n; i++) {
                float[] ours = hidden.row(0, i);
                for (int j = 0; j < ours.length; j++) {
                    worst = Math.max(worst, Math.abs(ours[j] - expected.lastHidden()[0][i][j]));
                }
            }
            assertTrue(worst <= TOLERANCE, text + ": hidden states differ by " + worst);
            for (int l = 0; l < 6; l++) {
                for (int h = 0; h < 12; h++) {
                    float[][] ours = trace.attention(0, l, h);
                    for (int i = 0; i < n; i++) {
                        assertArrayEquals(expected.attention().get(l)[0][h][i], ours[i], (float) TOLERANCE,
                                "layer " + l + " head " + h + " row " + i);
                    }
                }
            }
        }
    }
}
