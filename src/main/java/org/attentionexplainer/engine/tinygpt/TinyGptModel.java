package org.attentionexplainer.engine.tinygpt;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Masks;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.bert.EncoderTrace;
import org.attentionexplainer.engine.bert.LayerTrace;
import org.attentionexplainer.engine.bert.PaddedBatch;
import org.attentionexplainer.engine.bert.WhatIf;
import org.attentionexplainer.engine.model.TransformerModel;
import org.attentionexplainer.engine.text.Encoding;

/**
 * The tiny GPT as the real-model screen shows trained models ({@link TinyGpt#asModel}): a
 * decoder, so causal by construction; its tokens are its symbols, the letters A to Z
 * ({@link SymbolTokenizer}). Symbols as in {@link TinyGpt}.
 *
 * <p>A layer's trace in the screen's terms: q, k, v, scores, logits and weights as the engine
 * computed them; attentionOutput is concat(heads) W_o; attentionResult and hidden are both
 * x + attentionOutput, the layer having no LayerNorm and no MLP. A batch of texts of different
 * lengths is padded at the end with symbol 0: under the causal mask no real token sees a later
 * position, so the padding changes nothing of theirs.
 */
final class TinyGptModel implements TransformerModel {
    private final GptWeights weights;
    private final Supplier<AttentionEngine> engine;
    private final String name;
    private final SymbolTokenizer tokenizer;

    TinyGptModel(GptWeights weights, Supplier<AttentionEngine> engine, String name) {
        this.weights = weights;
        this.engine = engine;
        this.name = name;
        this.tokenizer = new SymbolTokenizer(weights.config().vocab(), weights.config().positions());
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String source() {
        return name;
    }

    @Override
    public int layers() {
        return weights.config().layers();
    }

    @Override
    public int heads() {
        return weights.config().heads();
    }

    @Override
    public boolean causal() {
        return true;
    }

    @Override
    public int maxTokens() {
        return weights.config().positions();
    }

    @Override
    public Encoding tokenize(String text) {
        return tokenizer.encode(text);
    }

    @Override
    public EncoderTrace run(List<String> texts, WhatIf whatIf) {
        List<Encoding> batch = tokenizeAll(texts);
        PaddedBatch padded = PaddedBatch.of(batch, Encoding::ids, 0);
        int b = padded.b();
        int t = padded.t();
        int[][] ids = new int[b][t];
        for (int s = 0; s < b; s++) {
            System.arraycopy(padded.ids(), s * t, ids[s], 0, t);
        }
        GptTrace trace = new TinyGpt(weights, engine.get()).forward(ids, whatIf.temperature());
        List<LayerTrace> layers = new ArrayList<>(trace.layerCount());
        for (int l = 0; l < trace.layerCount(); l++) {
            AttentionTrace a = trace.layers().get(l);
            layers.add(new LayerTrace(l, a.q(), a.k(), a.v(), a.scores(), a.logits(), a.weights(), a.heads(),
                    a.output(), a.result(), a.result()));
        }
        Tensor padding = padded.padding();                                     // (b, t)
        Tensor mask = Masks.build(b, t, t, true, null, padding);               // (b, t, t)
        return new EncoderTrace(batch, padding, mask, trace.embeddings(), layers, null,
                new WhatIf(true, whatIf.temperature()), 1.0 / Math.sqrt(weights.config().headDim()),
                trace.layers().get(0).backend());
    }

    /** Layer {@code layer}'s block for one text: its input the residual stream, W_q, W_k, W_v, W_o, causal, residual. */
    @Override
    public AttentionSpec attentionSpec(EncoderTrace trace, int item, int layer) {
        Encoding text = trace.inputs().get(item);
        int n = text.size();
        int d = weights.config().dModel();
        Tensor input = layer == 0 ? trace.embeddings() : trace.layers().get(layer - 1).hidden();
        float[] rows = new float[n * d];
        for (int i = 0; i < n; i++) {
            System.arraycopy(input.row(item, i), 0, rows, i * d, d);
        }
        return TinyGpt.layerSpec(weights, layer, Tensor.of(rows, 1, n, d), text.tokenTexts(), trace.whatIf().temperature());
    }
}
