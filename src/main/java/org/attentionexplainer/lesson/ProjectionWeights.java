package org.attentionexplainer.lesson;

import org.attentionexplainer.engine.TorchRandom;

/**
 * The trainable matrices W_query, W_key, W_value, each (d_in, d_out) in {@code x @ W} form
 * (PyTorch's {@code linear.weight.T}).
 */
public record ProjectionWeights(Matrix query, Matrix key, Matrix value) {

    public ProjectionWeights {
        if (query.rows() != key.rows() || query.rows() != value.rows()
                || query.cols() != key.cols() || query.cols() != value.cols()) {
            throw new IllegalArgumentException("W_query, W_key and W_value must have the same shape");
        }
    }

    /**
     * The weights {@code torch.manual_seed(seed)} followed by three
     * {@code nn.Linear(d_in, d_out, bias=False)} (query, key, value, in that order) gives:
     * with seed 789 those of the textbook's {@code SelfAttention_v2}.
     */
    public static ProjectionWeights fromSeed(long seed, int dIn, int dOut) {
        TorchRandom rng = new TorchRandom(seed);
        Matrix q = of(rng.linear(dIn, dOut, false));
        Matrix k = of(rng.linear(dIn, dOut, false));
        Matrix v = of(rng.linear(dIn, dOut, false));
        return new ProjectionWeights(q, k, v);
    }

    private static Matrix of(TorchRandom.Linear linear) {
        return Matrix.of(linear.weight().matrix());
    }

    public int dIn() {
        return query.rows();
    }

    public int dOut() {
        return query.cols();
    }
}
