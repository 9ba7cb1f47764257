package org.attentionexplainer.engine;

/**
 * Training-mode dropout on the attention weights; survivors are scaled by 1/(1-p).
 *
 * <p>The draws: one {@code uniform_(0, 1)} per weight in row-major order from PyTorch's CPU
 * generator seeded with {@code seed}; a weight survives when its draw is below 1 - p. PyTorch's
 * own {@code nn.Dropout} draws its Bernoulli mask with another kernel, so the same seed gives
 * another pattern there: only the rule carries over, not the draws.
 */
public record Dropout(double p, long seed) {
    public Dropout {
        if (!(p >= 0 && p < 1)) {
            throw new InvalidSpecException("dropout.p", "engine.spec.dropoutRange", String.valueOf(p));
        }
    }

    /** 1 where a weight of a tensor of this shape survives, 0 where it is dropped. */
    public Tensor keepMask(int... shape) {
        long n = 1;
        for (int d : shape) {
            n *= d;
        }
        float[] keep = new float[Math.toIntExact(n)];
        TorchRandom rng = new TorchRandom(seed);
        float threshold = (float) (1 - p);
        for (int i = 0; i < keep.length; i++) {
            keep[i] = rng.uniform(0f, 1f) < threshold ? 1f : 0f;
        }
        return Tensor.wrap(keep, shape.clone());
    }

    /** The factor on the survivors, 1 / (1 - p), in float32 as the engine applies it. */
    public float rescale() {
        return (float) (1 / (1 - p));
    }
}
