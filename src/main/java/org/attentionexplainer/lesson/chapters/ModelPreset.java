package org.attentionexplainer.lesson.chapters;

/**
 * Published sizes of real models, for the cost calculator. GPT-2 small: 12 layers, 12 heads of
 * width 64, d_model 768, 1024 positions (Radford et al. 2019). Llama-3-8B: 32 layers, 32 query
 * heads and 8 key/value heads (grouped-query attention) of width 128, d_model 4096, 8192
 * positions (Meta's model card).
 */
public enum ModelPreset {
    GPT2_SMALL("chapter.cost.preset.gpt2", 12, 12, 12, 64, 1024),
    LLAMA3_8B("chapter.cost.preset.llama3", 32, 32, 8, 128, 8192);

    private final String nameKey;
    private final int layers;
    private final int heads;
    private final int kvHeads;
    private final int headDim;
    private final int context;

    ModelPreset(String nameKey, int layers, int heads, int kvHeads, int headDim, int context) {
        this.nameKey = nameKey;
        this.layers = layers;
        this.heads = heads;
        this.kvHeads = kvHeads;
        this.headDim = headDim;
        this.context = context;
    }

    public String nameKey() {
        return nameKey;
    }

    public int layers() {
        return layers;
    }

    public int heads() {
        return heads;
    }

    public int kvHeads() {
        return kvHeads;
    }

    public int headDim() {
        return headDim;
    }

    public int dModel() {
        return heads * headDim;
    }

    /** The longest input the model was trained for. */
    public int context() {
        return context;
    }

    /** The calculator's inputs for this model at its full context, batch 1. */
    public CostInputs inputs(Precision precision) {
        return new CostInputs(1, context, layers, heads, kvHeads, headDim, precision);
    }
}
