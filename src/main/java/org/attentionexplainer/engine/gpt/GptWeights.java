package org.attentionexplainer.engine.gpt;

import java.util.List;
import org.attentionexplainer.engine.LayerNormParams;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * A GPT-2 decoder's trained parameters in ND4J. GPT-2's Conv1D layers store their weight
 * (in, out), so each linear layer is x W + b as stored.
 *
 * @param tokens    (vocab, d) wte, the token embeddings
 * @param positions (max positions, d) wpe, the learned position embeddings
 * @param finalNorm ln_f, after the model's last block
 */
record GptWeights(INDArray tokens, INDArray positions, List<Block> blocks, LayerNormParams finalNorm) {
    GptWeights {
        blocks = List.copyOf(blocks);
    }

    /**
     * One block: x + attn(ln_1(x)), then + mlp(ln_2(.)).
     *
     * @param attention c_attn (d, 3d): Q, K and V side by side
     * @param attentionOut c_proj (d, d)
     * @param up        mlp.c_fc (d, d_ff)
     * @param down      mlp.c_proj (d_ff, d)
     */
    record Block(LayerNormParams norm1, Linear attention, Linear attentionOut, LayerNormParams norm2, Linear up,
            Linear down) {
    }

    /** y = x W + b with W (in, out) and b (1, out). */
    record Linear(INDArray weight, INDArray bias) {
        /** (n, in) -> (n, out) */
        INDArray apply(INDArray x) {
            return Nd4j.matmul(x, weight).addiRowVector(bias);
        }
    }
}
