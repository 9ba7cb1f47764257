package org.attentionexplainer.engine;

/**
 * One token of causal decoding with a {@link KvCache}: the new query row against the n keys
 * seen so far (the new one included), each step's value apart as in {@link AttentionTrace}.
 * Shapes: b batch, h heads, kvh key/value heads, hd head width, n = position + 1 keys.
 *
 * @param position the new token's index (its rotary position is the rope's offset plus this)
 * @param q        (b, h, hd) its query, rotated with RoPE
 * @param k        (b, kvh, hd) its key, rotated with RoPE, now the cache's last row
 * @param v        (b, kvh, hd) its value, now the cache's last row
 * @param scores   (b, h, n) q . k of every cached key
 * @param logits   (b, h, n) scaled, -inf where a window hides the key
 * @param weights  (b, h, n) after softmax / hardmax
 * @param heads    (b, h, hd) weights @ V
 * @param context  (b, h*hd) heads concatenated
 * @param output   (b, d_model) after the output projection
 * @param result   (b, d_model) after residual and LayerNorm
 * @param multiplyAdds the multiply-adds of this step's products with the cache: one token's
 *                     projections, its scores and weighted sum over n keys, its output projection
 * @param multiplyAddsWithoutCache those of computing all n tokens again, as a full causal
 *                     computation does: n tokens' projections and the (n, n) maps of every head
 */
public record DecodeStep(int position, Tensor q, Tensor k, Tensor v, Tensor scores, Tensor logits, Tensor weights,
                         Tensor heads, Tensor context, Tensor output, Tensor result, long multiplyAdds,
                         long multiplyAddsWithoutCache) {

    /** The number of keys the new query attends over: position + 1. */
    public int keyCount() {
        return scores.dim(2);
    }
}
