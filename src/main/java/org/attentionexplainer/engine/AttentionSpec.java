package org.attentionexplainer.engine;

import java.util.List;
import java.util.Objects;

/**
 * Everything one attention computation needs. Symbols: b batch, t query positions,
 * s key positions, d_in / d_src input widths, d_out projected width, h heads, hd = d_out / h.
 *
 * @param input       query-side input (b, t, d_in)
 * @param source      key/value-side input (b, s, d_src) for cross-attention, or null for self-attention
 * @param tokens      labels of the t query positions
 * @param sourceTokens labels of the s key positions
 * @param outWeight   output projection (d_out, d_model), or null: output = context
 * @param outBias     (d_model), or null
 * @param window      sliding-window width, or null for none
 * @param padding     (b, s) of 1 (keep) / 0 (mask that key), or null
 * @param dropout     dropout on the weights, or null
 * @param layerNorm   post-norm LayerNorm, or null
 * @param kvHeads     key/value heads for grouped-query attention (query head i reads K/V head
 *                    i / (h / kvHeads); 1 is multi-query attention), or null: as many as heads
 * @param rope        rotary position embedding of each head's q and k, or null for none
 * @param algorithm   direct softmax or FlashAttention's tiled online softmax; null means direct
 */
public record AttentionSpec(
        Tensor input,
        Tensor source,
        List<String> tokens,
        List<String> sourceTokens,
        Projection projection,
        Tensor outWeight,
        Tensor outBias,
        int heads,
        Scale scale,
        double temperature,
        boolean causal,
        Integer window,
        Tensor padding,
        Normalization normalization,
        Dropout dropout,
        boolean residual,
        LayerNormParams layerNorm,
        Integer kvHeads,
        Rope rope,
        Algorithm algorithm) {

    public AttentionSpec {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(projection, "projection");
        Objects.requireNonNull(scale, "scale");
        Objects.requireNonNull(normalization, "normalization");
        tokens = tokens == null ? null : List.copyOf(tokens);
        sourceTokens = sourceTokens == null ? null : List.copyOf(sourceTokens);
        algorithm = algorithm == null ? Algorithm.direct() : algorithm;
    }

    public static Builder builder(Tensor input) {
        return new Builder(input);
    }

    public Builder toBuilder() {
        Builder b = new Builder(input);
        b.source = source;
        b.tokens = tokens;
        b.sourceTokens = sourceTokens;
        b.projection = projection;
        b.outWeight = outWeight;
        b.outBias = outBias;
        b.heads = heads;
        b.scale = scale;
        b.temperature = temperature;
        b.causal = causal;
        b.window = window;
        b.padding = padding;
        b.normalization = normalization;
        b.dropout = dropout;
        b.residual = residual;
        b.layerNorm = layerNorm;
        b.kvHeads = kvHeads;
        b.rope = rope;
        b.algorithm = algorithm;
        return b;
    }

    public boolean isCrossAttention() {
        return source != null;
    }

    /** The number of key/value heads: {@link #kvHeads()}, or the number of heads when it is not set. */
    public int kvHeadCount() {
        return kvHeads == null ? heads : kvHeads;
    }

    /** A mutable builder with the COMPUTE spec's defaults. */
    public static final class Builder {
        private Tensor input;
        private Tensor source;
        private List<String> tokens;
        private List<String> sourceTokens;
        private Projection projection = new Projection.Identity();
        private Tensor outWeight;
        private Tensor outBias;
        private int heads = 1;
        private Scale scale = Scale.inverseSqrtDk();
        private double temperature = 1.0;
        private boolean causal;
        private Integer window;
        private Tensor padding;
        private Normalization normalization = Normalization.SOFTMAX;
        private Dropout dropout;
        private boolean residual;
        private LayerNormParams layerNorm;
        private Integer kvHeads;
        private Rope rope;
        private Algorithm algorithm = Algorithm.direct();

        private Builder(Tensor input) {
            this.input = input;
        }

        public Builder input(Tensor v) { input = v; return this; }
        public Builder source(Tensor v) { source = v; return this; }
        public Builder tokens(List<String> v) { tokens = v; return this; }
        public Builder sourceTokens(List<String> v) { sourceTokens = v; return this; }
        public Builder projection(Projection v) { projection = v; return this; }
        public Builder outProjection(Tensor weight, Tensor bias) { outWeight = weight; outBias = bias; return this; }
        public Builder heads(int v) { heads = v; return this; }
        public Builder scale(Scale v) { scale = v; return this; }
        public Builder temperature(double v) { temperature = v; return this; }
        public Builder causal(boolean v) { causal = v; return this; }
        public Builder window(Integer v) { window = v; return this; }
        public Builder padding(Tensor v) { padding = v; return this; }
        public Builder normalization(Normalization v) { normalization = v; return this; }
        public Builder dropout(Dropout v) { dropout = v; return this; }
        public Builder residual(boolean v) { residual = v; return this; }
        public Builder layerNorm(LayerNormParams v) { layerNorm = v; return this; }
        public Builder kvHeads(Integer v) { kvHeads = v; return this; }
        public Builder rope(Rope v) { rope = v; return this; }
        public Builder algorithm(Algorithm v) { algorithm = v; return this; }

        public AttentionSpec build() {
            return new AttentionSpec(input, source, tokens, sourceTokens, projection, outWeight, outBias,
                    heads, scale, temperature, causal, window, padding, normalization, dropout, residual,
                    layerNorm, kvHeads, rope, algorithm);
        }
    }
}
