package org.attentionexplainer.engine;

/**
 * Post-norm LayerNorm: (x - mean) / sqrt(var + eps) * gamma + beta, biased variance.
 * A null gamma means ones and a null beta zeros (PyTorch's initial values).
 */
public record LayerNormParams(Tensor gamma, Tensor beta, double eps) {
    public LayerNormParams {
        if (!(eps > 0 && Double.isFinite(eps))) {
            throw new InvalidSpecException("layer_norm.eps", "engine.spec.positive", String.valueOf(eps));
        }
        // LayerNorm computes in float32, where a smaller eps is 0 (or flushed to 0 as a subnormal)
        // and a row of equal values divides 0 by 0
        if (eps < Float.MIN_NORMAL) {
            throw new InvalidSpecException("layer_norm.eps", "engine.spec.epsSubnormal", Overflow.num(eps));
        }
    }

    public static LayerNormParams defaults() {
        return new LayerNormParams(null, null, 1e-5);
    }
}
