package org.attentionexplainer.engine;

import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.ops.impl.transforms.strict.Erf;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.ops.transforms.Transforms;

/**
 * The position-wise feed-forward network of a transformer block, the same two layers applied
 * to every position on its own: FFN(x) = act(x W1 + b1) W2 + b2, (n, d_model) -> (n, d_ff) ->
 * (n, d_model). Weights in {@code x @ W} form; biases may be null.
 *
 * @param w1 (d_model, d_ff)
 * @param b1 (d_ff), or null
 * @param w2 (d_ff, d_model)
 * @param b2 (d_model), or null
 */
public record FeedForward(Tensor w1, Tensor b1, Tensor w2, Tensor b2, Activation activation) {

    public FeedForward {
        if (activation == null) {
            throw new InvalidSpecException("ffn.activation", "engine.spec.missing");
        }
        Shapes.requireShape("ffn.w1", w1, w1 == null ? 0 : w1.dim(0), -1);
        int dModel = w1.dim(0);
        int dFf = w1.dim(1);
        Shapes.requireShape("ffn.w2", w2, dFf, dModel);
        requireBias("ffn.b1", b1, dFf);
        requireBias("ffn.b2", b2, dModel);
    }

    /**
     * Draws the two layers as {@code nn.Linear(d_model, d_ff)} then {@code nn.Linear(d_ff,
     * d_model)} do, from the generator's current state.
     */
    public static FeedForward torchInit(TorchRandom rng, int dModel, int dFf, Activation activation) {
        if (dModel < 1 || dFf < 1) {
            throw new InvalidSpecException("ffn", "engine.spec.ffnWidths", String.valueOf(dModel),
                    String.valueOf(dFf));
        }
        TorchRandom.Linear first = rng.linear(dModel, dFf, true);
        TorchRandom.Linear second = rng.linear(dFf, dModel, true);
        return new FeedForward(first.weight(), first.bias(), second.weight(), second.bias(), activation);
    }

    /** The same weights with another activation. */
    public FeedForward withActivation(Activation other) {
        return new FeedForward(w1, b1, w2, b2, other);
    }

    public int modelWidth() {
        return w1.dim(0);
    }

    public int hiddenWidth() {
        return w1.dim(1);
    }

    /** (n, d_model) rows through both layers. */
    FeedForwardTrace apply(Tensor rows) {
        if (rows.rank() != 2 || rows.dim(1) != modelWidth()) {
            throw new InvalidSpecException("x", "engine.spec.rowsShape", rows.shapeString(),
                    String.valueOf(modelWidth()));
        }
        Shapes.requireFinite("x", rows);
        INDArray x = NdArrays.nd(rows);                                  // (n, d_model)
        INDArray hidden = affine(x, w1, b1);                                     // (n, d_ff)
        INDArray activated = activation == Activation.RELU
                ? Transforms.relu(hidden, true) : gelu(hidden);                  // (n, d_ff)
        INDArray out = affine(activated, w2, b2);                                // (n, d_model)
        return new FeedForwardTrace(NdArrays.tensor(hidden), NdArrays.tensor(activated),
                NdArrays.tensor(out));
    }

    private static INDArray affine(INDArray x, Tensor w, Tensor b) {
        INDArray y = x.mmul(NdArrays.nd(w));
        return b == null ? y : y.addiRowVector(NdArrays.nd(b));
    }

    /** 0.5 x (1 + erf(x / sqrt 2)). */
    private static INDArray gelu(INDArray x) {
        INDArray erf = x.div(Math.sqrt(2.0));
        Nd4j.getExecutioner().exec(new Erf(erf, erf));
        return erf.addi(1.0).muli(x).muli(0.5);
    }

    private static void requireBias(String field, Tensor bias, int width) {
        if (bias != null && (bias.rank() != 1 || bias.dim(0) != width)) {
            throw new InvalidSpecException(field, "engine.spec.biasShape", bias.shapeString(), String.valueOf(width));
        }
        if (bias != null) {
            Shapes.requireFinite(field, bias);
        }
    }
}
