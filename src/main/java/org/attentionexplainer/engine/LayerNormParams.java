package org.attentionexplainer.engine;

/**
 * Post-norm LayerNorm: (x - mean) / sqrt(var + eps) * gamma + beta, biased variance.
 * A null gamma means ones and a null beta zeros (PyTorch's initial values).
 */
public record LayerNormParams(Tensor gamma, Tensor beta, double eps) {
    public LayerNormParams {
        if (!(eps > 0 && Double.isFinite(eps))) {
            throw new InvalidSpecException("layer_norm.eps", "must be a positive number, got " + eps);
        }
    }

    public static LayerNormParams defaults() {
        return new LayerNormParams(null, null, 1e-5);
    }
}
