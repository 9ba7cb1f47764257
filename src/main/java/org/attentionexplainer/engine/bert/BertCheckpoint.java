package org.attentionexplainer.engine.bert;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.LayerNormParams;
import org.attentionexplainer.engine.model.Checkpoint;
import org.attentionexplainer.engine.model.ModelConfig;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * A BERT encoder's weights under the names Hugging Face saves them with: BertModel's
 * ({@code encoder.layer.0.attention.self.query.weight}) or those of a model with a head
 * ({@code bert.} before them). A linear layer's weight is stored (out, in), as nn.Linear keeps
 * it, and turned to (in, out) here; LayerNorm parameters are {@code weight}/{@code bias}, or
 * {@code gamma}/{@code beta} in older checkpoints.
 */
public final class BertCheckpoint {
    static final String WORDS = "embeddings.word_embeddings.weight";

    private BertCheckpoint() {
    }

    /** The name the prefix is found from. */
    public static String anchor() {
        return WORDS;
    }

    /** float32 values of the embeddings (tables and LayerNorm). */
    public static long embeddingValues(ModelConfig c) {
        long d = c.hidden();
        return ((long) c.vocabSize() + c.maxPositions() + c.typeVocabSize()) * d + 2 * d;
    }

    /** float32 values of one layer. */
    public static long layerValues(ModelConfig c) {
        long d = c.hidden();
        long ff = c.intermediate();
        return 4 * (d * d + d) + 2 * d * ff + ff + d + 4 * d;
    }

    /** Checks every tensor of every layer, shapes included, before any is read. */
    public static void verify(Checkpoint ck, ModelConfig c) {
        int d = c.hidden();
        ck.require(WORDS, c.vocabSize(), d);
        ck.require("embeddings.position_embeddings.weight", c.maxPositions(), d);
        ck.require("embeddings.token_type_embeddings.weight", c.typeVocabSize(), d);
        requireNorm(ck, "embeddings.LayerNorm", d);
        for (int i = 0; i < c.layers(); i++) {
            for (String name : new String[] {"attention.self.query", "attention.self.key", "attention.self.value",
                    "attention.output.dense"}) {
                ck.require(layer(i, name) + ".weight", d, d);
                ck.require(layer(i, name) + ".bias", d);
            }
            requireNorm(ck, layer(i, "attention.output.LayerNorm"), d);
            ck.require(layer(i, "intermediate.dense.weight"), c.intermediate(), d);
            ck.require(layer(i, "intermediate.dense.bias"), c.intermediate());
            ck.require(layer(i, "output.dense.weight"), d, c.intermediate());
            ck.require(layer(i, "output.dense.bias"), d);
            requireNorm(ck, layer(i, "output.LayerNorm"), d);
        }
    }

    /** Reads the embeddings and the first {@code layers} layers (checked by {@link #verify} before). */
    public static BertEncoder encoder(Checkpoint ck, ModelConfig c, int layers) throws IOException {
        int d = c.hidden();
        double eps = c.layerNormEps();
        INDArray words = ck.array(WORDS, c.vocabSize(), d);
        INDArray positions = ck.array("embeddings.position_embeddings.weight", c.maxPositions(), d);
        INDArray types = ck.array("embeddings.token_type_embeddings.weight", c.typeVocabSize(), d);
        LayerNormParams embeddingNorm = norm(ck, "embeddings.LayerNorm", d, eps);
        List<BertWeights.Layer> weights = new ArrayList<>();
        for (int i = 0; i < layers; i++) {
            weights.add(new BertWeights.Layer(
                    linear(ck, layer(i, "attention.self.query"), d, d),
                    linear(ck, layer(i, "attention.self.key"), d, d),
                    linear(ck, layer(i, "attention.self.value"), d, d),
                    linear(ck, layer(i, "attention.output.dense"), d, d),
                    norm(ck, layer(i, "attention.output.LayerNorm"), d, eps),
                    linear(ck, layer(i, "intermediate.dense"), d, c.intermediate()),
                    linear(ck, layer(i, "output.dense"), c.intermediate(), d),
                    norm(ck, layer(i, "output.LayerNorm"), d, eps)));
        }
        BertConfig config = new BertConfig(c.vocabSize(), d, layers, c.heads(), c.intermediate(), c.maxPositions(),
                c.typeVocabSize(), eps, c.padTokenId() < c.vocabSize() ? c.padTokenId() : 0);
        return new BertEncoder(config, new BertWeights(words, positions, types, embeddingNorm, weights));
    }

    private static String layer(int i, String rest) {
        return "encoder.layer." + i + "." + rest;
    }

    /** nn.Linear's weight (out, in) as (in, out), and its bias as a row (1, out). */
    private static BertWeights.Linear linear(Checkpoint ck, String name, int in, int out) throws IOException {
        INDArray stored = ck.array(name + ".weight", out, in);
        INDArray weight = stored.transpose().dup('c');
        stored.close();
        INDArray bias = ck.array(name + ".bias", out).reshape(1, out);
        return new BertWeights.Linear(weight, bias);
    }

    private static void requireNorm(Checkpoint ck, String name, int d) {
        boolean old = !ck.has(name + ".weight") && ck.has(name + ".gamma");
        ck.require(name + (old ? ".gamma" : ".weight"), d);
        ck.require(name + (old ? ".beta" : ".bias"), d);
    }

    private static LayerNormParams norm(Checkpoint ck, String name, int d, double eps) throws IOException {
        boolean old = !ck.has(name + ".weight") && ck.has(name + ".gamma");
        return new LayerNormParams(ck.vector(name + (old ? ".gamma" : ".weight"), d),
                ck.vector(name + (old ? ".beta" : ".bias"), d), eps);
    }
}
