package org.attentionexplainer.engine.gpt;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.LayerNormParams;
import org.attentionexplainer.engine.model.Checkpoint;
import org.attentionexplainer.engine.model.ModelConfig;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * A GPT-2 decoder's weights under the names Hugging Face saves them with: GPT2Model's
 * ({@code h.0.attn.c_attn.weight}, as in the gpt2 checkpoint) or GPT2LMHeadModel's
 * ({@code transformer.} before them). Conv1D weights are stored (in, out) and used as they
 * are; the language-model head, tied to wte, is not needed for attention and not read.
 */
public final class GptCheckpoint {
    static final String TOKENS = "wte.weight";

    private GptCheckpoint() {
    }

    public static String anchor() {
        return TOKENS;
    }

    /** float32 values of the embeddings and the final LayerNorm. */
    public static long embeddingValues(ModelConfig c) {
        long d = c.hidden();
        return ((long) c.vocabSize() + c.maxPositions()) * d + 2 * d;
    }

    /** float32 values of one block. */
    public static long layerValues(ModelConfig c) {
        long d = c.hidden();
        long ff = c.intermediate();
        return 4 * d + d * 3 * d + 3 * d + d * d + d + d * ff + ff + ff * d + d;
    }

    /** Checks every tensor of every block, shapes included, before any is read. */
    public static void verify(Checkpoint ck, ModelConfig c) {
        int d = c.hidden();
        int ff = c.intermediate();
        ck.require(TOKENS, c.vocabSize(), d);
        ck.require("wpe.weight", c.maxPositions(), d);
        ck.require("ln_f.weight", d);
        ck.require("ln_f.bias", d);
        for (int i = 0; i < c.layers(); i++) {
            String h = "h." + i + ".";
            for (String norm : new String[] {"ln_1", "ln_2"}) {
                ck.require(h + norm + ".weight", d);
                ck.require(h + norm + ".bias", d);
            }
            ck.require(h + "attn.c_attn.weight", d, 3L * d);
            ck.require(h + "attn.c_attn.bias", 3L * d);
            ck.require(h + "attn.c_proj.weight", d, d);
            ck.require(h + "attn.c_proj.bias", d);
            ck.require(h + "mlp.c_fc.weight", d, ff);
            ck.require(h + "mlp.c_fc.bias", ff);
            ck.require(h + "mlp.c_proj.weight", ff, d);
            ck.require(h + "mlp.c_proj.bias", d);
        }
    }

    /** Reads the embeddings and the first {@code layers} blocks (checked by {@link #verify} before). */
    static GptDecoder decoder(Checkpoint ck, ModelConfig c, int layers) throws IOException {
        int d = c.hidden();
        int ff = c.intermediate();
        double eps = c.layerNormEps();
        INDArray tokens = ck.array(TOKENS, c.vocabSize(), d);
        INDArray positions = ck.array("wpe.weight", c.maxPositions(), d);
        List<GptWeights.Block> blocks = new ArrayList<>();
        for (int i = 0; i < layers; i++) {
            String h = "h." + i + ".";
            blocks.add(new GptWeights.Block(norm(ck, h + "ln_1", d, eps), linear(ck, h + "attn.c_attn", d, 3 * d),
                    linear(ck, h + "attn.c_proj", d, d), norm(ck, h + "ln_2", d, eps),
                    linear(ck, h + "mlp.c_fc", d, ff), linear(ck, h + "mlp.c_proj", ff, d)));
        }
        LayerNormParams finalNorm = norm(ck, "ln_f", d, eps);
        return new GptDecoder(c, new GptWeights(tokens, positions, blocks, finalNorm));
    }

    private static GptWeights.Linear linear(Checkpoint ck, String name, int in, int out) throws IOException {
        return new GptWeights.Linear(ck.array(name + ".weight", in, out), ck.array(name + ".bias", out).reshape(1, out));
    }

    private static LayerNormParams norm(Checkpoint ck, String name, int d, double eps) throws IOException {
        return new LayerNormParams(ck.vector(name + ".weight", d), ck.vector(name + ".bias", d), eps);
    }
}
