package org.attentionexplainer.engine.bert;

import java.util.List;
import org.attentionexplainer.engine.LayerNormParams;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * A BERT encoder's trained parameters, loaded once into ND4J. Every weight matrix is stored
 * (in, out), so a linear layer is x W + b.
 *
 * @param words     (vocab, d) word embeddings
 * @param positions (max positions, d) learned position embeddings
 * @param types     (type vocab, d) token type (segment) embeddings
 * @param embeddingNorm LayerNorm after the embeddings are summed
 */
record BertWeights(INDArray words, INDArray positions, INDArray types, LayerNormParams embeddingNorm,
        List<Layer> layers) {

    BertWeights {
        layers = List.copyOf(layers);
    }

    /**
     * One encoder layer.
     *
     * @param query         (d, d) and its bias (d)
     * @param attentionOut  (d, d) the output projection W_o
     * @param attentionNorm LayerNorm after the attention block's residual
     * @param intermediate  (d, d_ff) the first feed-forward layer
     * @param output        (d_ff, d) the second feed-forward layer
     * @param outputNorm    LayerNorm after the feed-forward residual
     */
    record Layer(Linear query, Linear key, Linear value, Linear attentionOut, LayerNormParams attentionNorm,
            Linear intermediate, Linear output, LayerNormParams outputNorm) {
    }

    /** y = x W + b with W (in, out) and b (out). */
    record Linear(INDArray weight, INDArray bias) {
        /** (n, in) -> (n, out) */
        INDArray apply(INDArray x) {
            // Nd4j.matmul writes a 'c'-ordered result directly; x.mmul would go through an 'f' copy.
            return Nd4j.matmul(x, weight).addiRowVector(bias);
        }

        long out() {
            return weight.size(1);
        }
    }
}
