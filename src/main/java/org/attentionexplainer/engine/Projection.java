package org.attentionexplainer.engine;

/**
 * How queries, keys and values are made from the inputs. Weights are in {@code x @ W} form
 * (PyTorch's {@code linear.weight.T}); biases may be null.
 */
public sealed interface Projection {

    /** Q = K = V = the inputs themselves (the "Hello shiny sun!" example). */
    record Identity() implements Projection {
    }

    /** Separate W_q (d_in, d_out), W_k (d_src, d_out), W_v (d_src, d_out). */
    record Separate(Tensor query, Tensor key, Tensor value,
                    Tensor queryBias, Tensor keyBias, Tensor valueBias) implements Projection {
        public Separate(Tensor query, Tensor key, Tensor value) {
            this(query, key, value, null, null, null);
        }
    }

    /** One W_qkv (d_in, 3 d_out) whose columns split into Q, K, V in that order. */
    record Fused(Tensor qkv, Tensor qkvBias) implements Projection {
    }

    default String specValue() {
        if (this instanceof Identity) {
            return "identity";
        }
        return this instanceof Fused ? "fused" : "separate";
    }
}
