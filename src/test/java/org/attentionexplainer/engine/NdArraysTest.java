package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.ndarray.INDArray;

/** The shared ND4J steps; expected values from PyTorch 2 (torch.softmax, F.layer_norm). */
class NdArraysTest {

    @Test
    void softmaxOverTheLastAxis() {
        Tensor logits = Tensor.of(new float[] {0.5f, 1.0f, -2.0f, 3.0f, 0.0f, 1.0f}, 1, 1, 2, 3);
        Tensor w = NdArrays.tensor(NdArrays.softmax(NdArrays.nd(logits)));
        assertArrayEquals(new float[] {0.36619222f, 0.60374892f, 0.03005889f, 0.84379470f, 0.04201007f, 0.11419519f},
                w.toArray(), 1e-6f);
    }

    @Test
    void maskedKeysGetZeroAndFullyMaskedRowsStayZero() {
        // x = [[1,0,1],[0,2,0],[1,1,1]], scores x x^T / sqrt 3, causal: torch gives
        // [[1,0,0],[0.0903,0.9097,0],[0.2645,0.2645,0.4711]]
        float r3 = (float) Math.sqrt(3);
        Tensor scores = Tensor.of(new float[] {2 / r3, 0, 2 / r3, 0, 4 / r3, 2 / r3, 2 / r3, 2 / r3, 3 / r3}, 1, 1, 3, 3);
        INDArray logits = NdArrays.maskInPlace(NdArrays.nd(scores), Masks.build(1, 3, 3, true, null, null));
        assertArrayEquals(new float[] {1, 0, 0, 0.09034736f, 0.90965260f, 0, 0.26445845f, 0.26445845f, 0.47108305f},
                NdArrays.tensor(NdArrays.softmax(logits)).toArray(), 1e-6f);

        Tensor allPadding = Tensor.of(new float[] {0, 0, 0}, 1, 3);
        INDArray hidden = NdArrays.maskInPlace(NdArrays.nd(scores), Masks.build(1, 3, 3, false, null, allPadding));
        assertArrayEquals(new float[9], NdArrays.tensor(NdArrays.softmax(hidden)).toArray());
    }

    @Test
    void layerNormLikePyTorch() {
        Tensor x = Tensor.of(new float[] {1, 2, 4, -1, 0, 3}, 2, 3);
        LayerNormParams p = new LayerNormParams(Tensor.vector(1, 0.5f, 2), Tensor.vector(0, 1, -1), 1e-12);
        assertArrayEquals(new float[] {-1.06904483f, 0.86636943f, 1.67261243f, -0.98058063f, 0.80388391f, 1.74562597f},
                NdArrays.tensor(NdArrays.layerNorm(NdArrays.nd(x), p)).toArray(), 1e-5f);
    }
}
