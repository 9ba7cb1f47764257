package org.attentionexplainer.engine.bert;

import java.util.List;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.text.Encoding;

/**
 * One forward pass of the encoder (or of a GPT-2 decoder) over a batch of texts, every layer's steps kept. Shapes:
 * b texts, t tokens (the longest text; shorter ones are padded at the end), d hidden width.
 *
 * @param inputs            the tokenized texts, in batch order
 * @param padding           (b, t) 1 for a real token, 0 for padding
 * @param mask              (b, t, t) 1 where a key is hidden from a query (padding, or the what-if causal mask)
 * @param embeddings        (b, t, d) word + position + token type embeddings after LayerNorm: layer 0's input
 * @param layers            one trace per layer
 * @param sentenceEmbedding (b, d) the mean of the last hidden states over real tokens, L2-normalised; null
 *                          for a decoder (GPT-2), which has no sentence embedding
 * @param whatIf            the changes to trained attention in force ({@link WhatIf#TRAINED} for none)
 * @param scaleFactor       1 / sqrt(hd), applied to the scores before the temperature
 * @param backend           where it ran, e.g. "ND4J CPU (OpenBLAS)"
 */
public record EncoderTrace(List<Encoding> inputs, Tensor padding, Tensor mask, Tensor embeddings,
        List<LayerTrace> layers, Tensor sentenceEmbedding, WhatIf whatIf, double scaleFactor, String backend) {

    public EncoderTrace {
        inputs = List.copyOf(inputs);
        layers = List.copyOf(layers);
    }

    /** (b, t, d) the hidden states after the last layer: the model's output. */
    public Tensor lastHidden() {
        return layers.get(layers.size() - 1).hidden();
    }

    public int layerCount() {
        return layers.size();
    }

    public int headCount() {
        return layers.get(0).headCount();
    }

    /** The number of real (not padding) tokens of one text. */
    public int tokenCount(int item) {
        return inputs.get(item).size();
    }

    /**
     * One head's attention map for one text, without the padding: row i holds how much
     * token i attends to each token j.
     *
     * @return (n, n) with n = {@link #tokenCount(int)}
     */
    public float[][] attention(int item, int layer, int head) {
        float[][] full = layers.get(layer).weights().matrix(item, head);
        int n = tokenCount(item);
        float[][] out = new float[n][];
        for (int i = 0; i < n; i++) {
            out[i] = java.util.Arrays.copyOf(full[i], n);
        }
        return out;
    }
}
