package org.attentionexplainer.engine.bert;

import org.attentionexplainer.engine.Tensor;

/**
 * Every step of one encoder layer, each an immutable value. Shapes: b texts, t tokens
 * (the longest text; shorter ones are padded), h heads, hd head width, d hidden width.
 *
 * @param index           0 for the layer next to the embeddings
 * @param q               (b, h, t, hd) queries, x W_q + b_q split into heads
 * @param k               (b, h, t, hd) keys
 * @param v               (b, h, t, hd) values
 * @param scores          (b, h, t, t) Q K^T (the encoder's are made from q and k when first read)
 * @param logits          (b, h, t, t) scores / sqrt(hd) / temperature, -inf where masked (made when first read)
 * @param weights         (b, h, t, t) softmax of the logits: each row sums to 1
 * @param heads           (b, h, t, hd) weights V
 * @param attentionOutput (b, t, d) heads concatenated, times W_o, plus b_o
 * @param attentionResult (b, t, d) LayerNorm(x + attentionOutput)
 * @param hidden          (b, t, d) LayerNorm(attentionResult + FFN(attentionResult)), the layer's output
 */
public record LayerTrace(int index, Tensor q, Tensor k, Tensor v, Tensor scores, Tensor logits, Tensor weights,
        Tensor heads, Tensor attentionOutput, Tensor attentionResult, Tensor hidden) {

    public int headCount() {
        return weights.dim(1);
    }
}
