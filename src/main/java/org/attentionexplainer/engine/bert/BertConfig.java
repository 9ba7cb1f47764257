package org.attentionexplainer.engine.bert;

/**
 * The sizes of a BERT encoder, read from the weights themselves.
 *
 * @param vocabSize     rows of the word embedding table
 * @param hidden        d_model, the width of every hidden state
 * @param layers        encoder layers
 * @param heads         attention heads per layer; head width hd = hidden / heads
 * @param intermediate  width of the feed-forward layer
 * @param maxPositions  rows of the position embedding table: the longest input, in tokens
 * @param typeVocabSize rows of the token type (segment) embedding table
 * @param layerNormEps  the epsilon of every LayerNorm
 * @param padTokenId    the token that fills the positions after a shorter text in a batch
 */
public record BertConfig(int vocabSize, int hidden, int layers, int heads, int intermediate, int maxPositions,
        int typeVocabSize, double layerNormEps, int padTokenId) {

    public BertConfig {
        if (vocabSize < 1 || hidden < 1 || layers < 1 || heads < 1 || intermediate < 1 || maxPositions < 2
                || typeVocabSize < 1) {
            throw new IllegalArgumentException("every size of a BERT encoder must be positive: " + this);
        }
        if (hidden % heads != 0) {
            throw new IllegalArgumentException(heads + " heads do not divide the hidden width " + hidden);
        }
    }

    public int headDim() {
        return hidden / heads;
    }
}
