package org.attentionexplainer.engine.gpt;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.Backends;
import org.attentionexplainer.engine.Masks;
import org.attentionexplainer.engine.NdArrays;
import org.attentionexplainer.engine.Overflow;
import org.attentionexplainer.engine.Projection;
import org.attentionexplainer.engine.Scale;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.bert.EncoderTrace;
import org.attentionexplainer.engine.bert.LayerTrace;
import org.attentionexplainer.engine.bert.PaddedBatch;
import org.attentionexplainer.engine.bert.WhatIf;
import org.attentionexplainer.engine.model.ModelConfig;
import org.attentionexplainer.engine.text.Encoding;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.ops.impl.transforms.strict.Erf;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.indexing.NDArrayIndex;
import org.nd4j.linalg.ops.transforms.Transforms;

/**
 * A GPT-2 decoder's forward pass on ND4J, keeping every layer's steps (pre-norm, causal, as
 * GPT-2 and DistilGPT-2 are built).
 *
 * <p>Symbols: b texts, t tokens, d hidden width, h heads, hd = d / h, d_ff feed-forward width.
 *
 * <pre>
 *   x_0 = E_tok[ids] + E_pos[0..t)                                      (b, t, d)
 *   per layer l:
 *     a       = LayerNorm_1(x_l)                                         (b*t, d)
 *     Q, K, V = a W_attn + b_attn split in three, then into heads        (b, h, t, hd)
 *     scores  = Q K^T                                                    (b, h, t, t)
 *     logits  = scores / sqrt(hd) / T, -inf where j > i or padding       (b, h, t, t)
 *     weights = softmax(logits)                                          (b, h, t, t)
 *     r       = x_l + concat(weights V) W_proj + b_proj                  (b, t, d)
 *     x_l+1   = r + GELU(LayerNorm_2(r) W_fc + b_fc) W_out + b_out       (b, t, d)
 *   after the model's last layer: LayerNorm_f(x_L), Hugging Face's last_hidden_state
 * </pre>
 *
 * GELU is GPT-2's tanh approximation x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) unless the
 * config asks for the exact one. The causal mask is the model's own; a {@link WhatIf} can only
 * add a temperature. In the trace, a layer's attentionResult is r and its hidden state x_l+1.
 */
final class GptDecoder {
    private final ModelConfig config;
    private final GptWeights weights;
    private final int layers;
    private final String backend;

    /** @param weights the first {@code weights.blocks().size()} layers of the model */
    GptDecoder(ModelConfig config, GptWeights weights) {
        Nd4j.setDefaultDataTypes(DataType.FLOAT, DataType.FLOAT);
        this.config = config;
        this.weights = weights;
        this.layers = weights.blocks().size();
        this.backend = Backends.describe();
    }

    int layers() {
        return layers;
    }

    EncoderTrace forward(List<Encoding> batch, WhatIf whatIf) {
        PaddedBatch batched = PaddedBatch.of(batch, this::checkedIds, 0);
        int b = batched.b();
        int t = batched.t();
        int[] ids = batched.ids();
        Tensor padding = batched.padding();
        Tensor mask = Masks.build(b, t, t, true, null, padding);              // (b, t, t)
        double scale = 1.0 / Math.sqrt(config.headDim());
        Overflow.requireFiniteFactor(scale, whatIf.temperature());

        int[] positions = new int[b * t];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = i % t;
        }
        INDArray x = Nd4j.pullRows(weights.tokens(), 1, ids)                // (b*t, d)
                .addi(Nd4j.pullRows(weights.positions(), 1, positions));
        Tensor embeddings = NdArrays.tensor(x.reshape(b, t, config.hidden()));
        List<LayerTrace> traces = new ArrayList<>(layers);
        for (int l = 0; l < layers; l++) {
            double layerScale = layerScale(l);
            Step step = block(l, x, mask, layerScale / whatIf.temperature(), b, t);
            Overflow.requireFiniteLogits(step.trace().scores(), layerScale, whatIf.temperature());
            traces.add(step.trace());
            x = step.output();
        }
        WhatIf applied = new WhatIf(true, whatIf.temperature());
        return new EncoderTrace(batch, padding, mask, embeddings, traces, null, applied, scale, backend);
    }

    /** 1 / sqrt(hd), and with scale_attn_by_inverse_layer_idx also 1 / (l + 1). */
    private double layerScale(int layer) {
        double scale = 1.0 / Math.sqrt(config.headDim());
        return config.scaleByLayer() ? scale / (layer + 1) : scale;
    }

    private record Step(LayerTrace trace, INDArray output) {
    }

    private Step block(int index, INDArray x, Tensor mask, double logitScale, int b, int t) {
        GptWeights.Block w = weights.blocks().get(index);
        int d = config.hidden();
        INDArray qkv = w.attention().apply(NdArrays.layerNorm(x, w.norm1()));  // (b*t, 3d)
        INDArray q = splitHeads(qkv, 0, b, t);                                  // (b, h, t, hd)
        INDArray k = splitHeads(qkv, 1, b, t);
        INDArray v = splitHeads(qkv, 2, b, t);
        INDArray scores = Nd4j.matmul(q, k, false, true, false);               // (b, h, t, t)
        INDArray logits = NdArrays.maskInPlace(scores.mul(logitScale), mask);   // (b, h, t, t)
        INDArray attention = NdArrays.softmax(logits);                          // (b, h, t, t)
        INDArray heads = Nd4j.matmul(attention, v);                            // (b, h, t, hd)
        INDArray context = heads.permute(0, 2, 1, 3).dup('c').reshape((long) b * t, d);
        INDArray attentionOut = w.attentionOut().apply(context);               // (b*t, d)
        INDArray residual = attentionOut.add(x);                                // (b*t, d)
        INDArray ff = gelu(w.up().apply(NdArrays.layerNorm(residual, w.norm2())));
        INDArray output = w.down().apply(ff).addi(residual);                    // (b*t, d)
        boolean last = index == config.layers() - 1;
        INDArray hidden = last ? NdArrays.layerNorm(output, weights.finalNorm()) : output;
        LayerTrace trace = new LayerTrace(index, NdArrays.tensor(q), NdArrays.tensor(k), NdArrays.tensor(v),
                NdArrays.tensor(scores), NdArrays.tensor(logits), NdArrays.tensor(attention), NdArrays.tensor(heads),
                NdArrays.tensor(attentionOut.reshape(b, t, d)), NdArrays.tensor(residual.reshape(b, t, d)),
                NdArrays.tensor(hidden.reshape(b, t, d)));
        return new Step(trace, output);
    }

    /** Part {@code part} (0 Q, 1 K, 2 V) of (b*t, 3d) as (b, h, t, hd). */
    private INDArray splitHeads(INDArray qkv, int part, int b, int t) {
        int d = config.hidden();
        INDArray columns = qkv.get(NDArrayIndex.all(), NDArrayIndex.interval((long) part * d, (long) (part + 1) * d))
                .dup('c');
        return columns.reshape(b, t, config.heads(), config.headDim()).permute(0, 2, 1, 3).dup('c');
    }

    private INDArray gelu(INDArray x) {
        if (config.exactGelu()) {
            INDArray erf = Nd4j.getExecutioner().exec(new Erf(x.div(Math.sqrt(2.0))));
            return erf.addi(1.0).muli(x).muli(0.5);
        }
        INDArray inner = Transforms.pow(x, 3, true).muli(0.044715).addi(x).muli(Math.sqrt(2.0 / Math.PI));
        return Transforms.tanh(inner, false).addi(1.0).muli(x).muli(0.5);
    }

    private int[] checkedIds(Encoding e) {
        int[] row = e.ids();
        if (row.length == 0) {
            throw new IllegalArgumentException("the text makes no tokens");
        }
        if (row.length > config.maxPositions()) {
            throw new IllegalArgumentException("a text has " + row.length + " tokens; the model reads at most "
                    + config.maxPositions());
        }
        for (int id : row) {
            if (id < 0 || id >= config.vocabSize()) {
                throw new IllegalArgumentException("token id " + id + " is beyond the " + config.vocabSize()
                        + " rows of the model's token embeddings");
            }
        }
        return row;
    }

    /**
     * Layer {@code layer}'s attention block for one text: its input is LayerNorm_1 of the
     * layer's input, its projections c_attn (fused) and c_proj; causal, no residual (GPT-2
     * adds it outside the block, before no LayerNorm).
     */
    AttentionSpec attentionSpec(EncoderTrace trace, int item, int layer) {
        Encoding text = trace.inputs().get(item);
        int n = text.size();
        int d = config.hidden();
        Tensor input = layer == 0 ? trace.embeddings() : trace.layers().get(layer - 1).hidden();
        float[] rows = new float[n * d];
        for (int i = 0; i < n; i++) {
            System.arraycopy(input.row(item, i), 0, rows, i * d, d);
        }
        GptWeights.Block w = weights.blocks().get(layer);
        Tensor normed = NdArrays.tensor(NdArrays.layerNorm(NdArrays.nd(Tensor.of(rows, n, d)), w.norm1()))
                .reshape(1, n, d);
        Scale scale = config.scaleByLayer() ? Scale.of(layerScale(layer)) : Scale.inverseSqrtDk();
        return AttentionSpec.builder(normed)
                .tokens(text.tokenTexts())
                .projection(new Projection.Fused(NdArrays.tensor(w.attention().weight()), vector(w.attention().bias())))
                .outProjection(NdArrays.tensor(w.attentionOut().weight()), vector(w.attentionOut().bias()))
                .heads(config.heads())
                .scale(scale)
                .temperature(trace.whatIf().temperature())
                .causal(true)
                .residual(false)
                .build();
    }

    private static Tensor vector(INDArray row) {
        return NdArrays.tensor(row).reshape((int) row.length());
    }
}
