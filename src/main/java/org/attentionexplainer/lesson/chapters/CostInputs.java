package org.attentionexplainer.lesson.chapters;

/**
 * What the cost of attention depends on. Symbols: b batch, t tokens, L layers, h query heads,
 * kv key/value heads (h for classic multi-head attention, fewer with grouped-query attention),
 * hd head width, d = h * hd.
 */
public record CostInputs(int batch, int tokens, int layers, int heads, int kvHeads, int headDim,
                         Precision precision) {

    public CostInputs {
        positive("batch", batch);
        positive("tokens", tokens);
        positive("layers", layers);
        positive("heads", heads);
        positive("kv_heads", kvHeads);
        positive("head_dim", headDim);
        if (heads % kvHeads != 0) {
            throw new IllegalArgumentException("kv_heads: " + kvHeads + " does not divide the " + heads
                    + " query heads");
        }
        if (precision == null) {
            throw new IllegalArgumentException("precision: is missing");
        }
    }

    private static void positive(String field, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(field + ": must be at least 1, got " + value);
        }
    }

    public int dModel() {
        return heads * headDim;
    }

    public CostInputs withTokens(int t) {
        return new CostInputs(batch, t, layers, heads, kvHeads, headDim, precision);
    }

    public CostInputs withPrecision(Precision p) {
        return new CostInputs(batch, tokens, layers, heads, kvHeads, headDim, p);
    }
}
