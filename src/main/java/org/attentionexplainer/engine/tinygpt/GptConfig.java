package org.attentionexplainer.engine.tinygpt;

import org.attentionexplainer.engine.InvalidSpecException;

/**
 * The shape of a tiny decoder-only transformer: v symbols, at most p positions, d_model wide,
 * l layers of h causal attention heads of width hd = d_model / h.
 *
 * @param vocab     v, the number of symbols (token ids 0..v-1)
 * @param positions p, the longest sequence the position table covers
 * @param dModel    d_model, the width of the residual stream
 * @param layers    l, the number of attention layers
 * @param heads     h, the heads of every layer
 */
public record GptConfig(int vocab, int positions, int dModel, int layers, int heads) {
    /** Bounds that keep a model small enough to train and draw in the app (and a file's claims plausible). */
    public static final int MAX_VOCAB = 256;
    public static final int MAX_POSITIONS = 256;
    public static final int MAX_D_MODEL = 512;
    public static final int MAX_LAYERS = 8;
    public static final int MAX_HEADS = 64;

    /** The model of the "Train a tiny GPT" screen: 26 letters, 2 layers of 4 heads, d_model 64. */
    public static final GptConfig DEFAULT = new GptConfig(RepeatTask.SYMBOLS, RepeatTask.MAX_LENGTH, 64, 2, 4);

    /**
     * @throws InvalidSpecException naming the field at fault: a count outside its bounds, or heads that
     *     do not divide d_model
     */
    public GptConfig {
        check("vocab", vocab, 2, MAX_VOCAB);
        check("positions", positions, 2, MAX_POSITIONS);
        check("d_model", dModel, 1, MAX_D_MODEL);
        check("layers", layers, 1, MAX_LAYERS);
        check("heads", heads, 1, MAX_HEADS);
        if (dModel % heads != 0) {
            throw new InvalidSpecException("heads", "engine.spec.headsDivideModel", String.valueOf(heads),
                    String.valueOf(dModel));
        }
    }

    /** hd, the width of one head. */
    public int headDim() {
        return dModel / heads;
    }

    /** The number of trained numbers: both embeddings, four d_model × d_model matrices a layer, the unembedding. */
    public long parameterCount() {
        return (long) vocab * dModel * 2 + (long) positions * dModel + 4L * layers * dModel * dModel;
    }

    public GptConfig withLayers(int l) {
        return new GptConfig(vocab, positions, dModel, l, heads);
    }

    public GptConfig withHeads(int h) {
        return new GptConfig(vocab, positions, dModel, layers, h);
    }

    private static void check(String field, int value, int min, int max) {
        if (value < min || value > max) {
            throw new InvalidSpecException(field, "engine.spec.between", String.valueOf(min), String.valueOf(max),
                    String.valueOf(value));
        }
    }
}
