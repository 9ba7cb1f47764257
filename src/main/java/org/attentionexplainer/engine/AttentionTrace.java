package org.attentionexplainer.engine;

import java.util.List;

/**
 * Every intermediate of one attention computation, each a separate immutable value so a
 * view can show the steps one by one. Shapes (b batch, h heads, t queries, s keys, hd head
 * width, d_model output width):
 *
 * @param q        (b, h, t, hd) projected queries, split into heads (after the rotation with RoPE)
 * @param k        (b, kvh, s, hd), kvh key/value heads (h without grouped-query attention; after the rotation with RoPE)
 * @param v        (b, kvh, s, hd)
 * @param scores   (b, h, t, s) raw Q K^T, per query head
 * @param mask     (b, t, s) 1 where the key is masked for the query, else 0
 * @param logits   (b, h, t, s) scores times scale, divided by temperature, -inf where masked
 * @param weights  (b, h, t, s) after softmax / hardmax and dropout
 * @param heads    (b, h, t, hd) weights @ V per head
 * @param context  (b, t, h*hd) heads concatenated
 * @param output   (b, t, d_model) after the output projection (= context without one)
 * @param result   (b, t, d_model) after residual and LayerNorm (= output without them)
 * @param scaleFactor the factor applied to the scores (before dividing by temperature)
 * @param fullyMaskedRows queries whose every key is masked (weights and context 0)
 * @param onlineMax (b, h, t, nblocks) the tiled algorithm's running row maximum after each key block, or null
 * @param onlineSum (b, h, t, nblocks) its running denominator after each key block, or null
 */
public record AttentionTrace(
        AttentionSpec spec,
        List<String> tokens,
        List<String> sourceTokens,
        Tensor q,
        Tensor k,
        Tensor v,
        Tensor scores,
        Tensor mask,
        Tensor logits,
        Tensor weights,
        Tensor heads,
        Tensor context,
        Tensor output,
        Tensor result,
        double scaleFactor,
        List<MaskedRow> fullyMaskedRows,
        String backend,
        Tensor onlineMax,
        Tensor onlineSum) {

    public AttentionTrace {
        tokens = List.copyOf(tokens);
        sourceTokens = List.copyOf(sourceTokens);
        fullyMaskedRows = List.copyOf(fullyMaskedRows);
    }

    /** A trace of the direct algorithm, which keeps no running maxima or sums. */
    public AttentionTrace(AttentionSpec spec, List<String> tokens, List<String> sourceTokens, Tensor q, Tensor k,
                          Tensor v, Tensor scores, Tensor mask, Tensor logits, Tensor weights, Tensor heads,
                          Tensor context, Tensor output, Tensor result, double scaleFactor,
                          List<MaskedRow> fullyMaskedRows, String backend) {
        this(spec, tokens, sourceTokens, q, k, v, scores, mask, logits, weights, heads, context, output, result,
                scaleFactor, fullyMaskedRows, backend, null, null);
    }

    /**
     * The same computation, not equal values: a property holding the trace compares the old
     * one with the new at every change, on the UI thread, and the values of every step would
     * be read for it, those made only when read too ({@link Tensor}).
     */
    @Override
    public boolean equals(Object o) {
        return this == o;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }

    public int batch() {
        return scores.dim(0);
    }

    public int headCount() {
        return scores.dim(1);
    }

    public int queryLength() {
        return scores.dim(2);
    }

    public int keyLength() {
        return scores.dim(3);
    }

    public int headDim() {
        return q.dim(3);
    }
}
