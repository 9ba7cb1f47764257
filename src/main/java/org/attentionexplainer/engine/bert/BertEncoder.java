package org.attentionexplainer.engine.bert;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.Backends;
import org.attentionexplainer.engine.ForwardBlocks;
import org.attentionexplainer.engine.Masks;
import org.attentionexplainer.engine.NdArrays;
import org.attentionexplainer.engine.Overflow;
import org.attentionexplainer.engine.Projection;
import org.attentionexplainer.engine.Scale;
import org.attentionexplainer.engine.Spare;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.text.Encoding;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * A BERT encoder forward pass, keeping every layer's steps (post-norm, as BERT and
 * all-MiniLM-L6-v2 are built), on the engine's {@link ForwardBlocks}: one product for Q, K and
 * V together, the linear layers on weights packed once at load where the JVM has the vector API
 * (the activations and the heads' products then stay on the heap; otherwise on OpenBLAS into
 * reused off-heap arrays, the heads' products too), the row passes (softmax, LayerNorm, GELU) on the vector API.
 * One forward at a time.
 *
 * <p>Symbols: b texts, t tokens, d hidden width, h heads, hd = d / h, d_ff feed-forward width.
 *
 * <pre>
 *   x_0 = LayerNorm(E_word[ids] + E_pos[0..t) + E_type[0])             (b, t, d)
 *   per layer l:
 *     Q, K, V = x W_q + b_q, x W_k + b_k, x W_v + b_v, split into heads  (b, h, t, hd)
 *     scores  = Q K^T                                                   (b, h, t, t)
 *     logits  = scores / sqrt(hd) / T, -inf where masked                (b, h, t, t)
 *     weights = softmax(logits)                                         (b, h, t, t)
 *     heads   = weights V                                               (b, h, t, hd)
 *     a       = LayerNorm(x + concat(heads) W_o + b_o)                  (b, t, d)
 *     x_l+1   = LayerNorm(a + GELU(a W_1 + b_1) W_2 + b_2)              (b, t, d)
 *   sentence = normalize(mean of x_L over real tokens)                  (b, d)
 * </pre>
 *
 * GELU is the exact x/2 (1 + erf(x / sqrt 2)). The mask hides padding keys; {@link WhatIf}
 * can add a causal mask and a temperature T, which the model was not trained with.
 */
public final class BertEncoder {
    private final BertConfig config;
    private final BertWeights weights;
    private final String backend;
    private final List<Products> products;
    private final ForwardBlocks blocks = new ForwardBlocks();
    /** E_pos[i] + E_type[0] for every position i the model reads, (max positions, d), on the heap, made at load. */
    private final float[] positionsAndType;

    BertEncoder(BertConfig config, BertWeights weights) {
        Nd4j.setDefaultDataTypes(DataType.FLOAT, DataType.FLOAT);
        this.config = config;
        this.weights = weights;
        this.backend = Backends.describe();
        this.products = weights.layers().stream().map(Products::of).toList();
        this.positionsAndType = positionsAndType(weights, config);
    }

    private static float[] positionsAndType(BertWeights weights, BertConfig config) {
        int d = config.hidden();
        int rows = (int) weights.positions().size(0);
        int[] all = new int[rows];
        for (int i = 0; i < rows; i++) {
            all[i] = i;
        }
        float[] sum = ForwardBlocks.gather(weights.positions(), all);
        float[] type = ForwardBlocks.gather(weights.types(), new int[] {0});
        for (int o = 0; o < sum.length; o += d) {
            for (int j = 0; j < d; j++) {
                sum[o + j] += type[j];
            }
        }
        return sum;
    }

    public BertConfig config() {
        return config;
    }

    public String backend() {
        return backend;
    }

    /**
     * Runs the encoder over a batch of tokenized texts; shorter texts are padded at the end
     * and their padding hidden from every query by the mask.
     *
     * @throws IllegalArgumentException for an empty batch, an empty text, a token id outside
     *     the vocabulary or a text longer than the position table; an
     *     {@link org.attentionexplainer.engine.InvalidSpecException} naming the temperature when the
     *     logits would overflow float32
     */
    public synchronized EncoderTrace forward(List<Encoding> batch, WhatIf whatIf) {
        PaddedBatch batched = PaddedBatch.of(batch, this::checkedIds, config.padTokenId());
        int b = batched.b();
        int t = batched.t();
        int[] ids = batched.ids();
        float[] keep = batched.keep();
        Tensor padding = batched.padding();
        // a single text, or texts of one length, without the causal what-if hide nothing: the trace's mask
        // is then made when first read (at 512 tokens building and scanning it had taken 0.3 ms a forward)
        boolean hidesSome = whatIf.causal() && t > 1 || batched.padded();
        Tensor mask = hidesSome ? Masks.build(b, t, t, whatIf.causal(), null, padding) : Masks.none(b, t, t); // (b, t, t)
        double scale = 1.0 / Math.sqrt(config.headDim());
        Overflow.requireFiniteFactor(scale, whatIf.temperature());

        float factor = (float) (scale / whatIf.temperature());
        boolean onHeap = products.stream().allMatch(p ->
                blocks.onHeap(b * t, p.qkv(), p.attentionOut(), p.intermediate(), p.output()));
        ForwardBlocks.Normed embedded = embed(ids, b, t, !onHeap);                // (b, t, d)
        Tensor embeddings = embedded.values();
        ForwardBlocks.Normed x = embedded;
        List<LayerTrace> layers = new ArrayList<>(config.layers());
        Tensor hides = hidesSome ? mask : null;
        for (int l = 0; l < config.layers(); l++) {
            Step step = onHeap ? layerOnHeap(l, x, hides, factor, b, t) : layer(l, x, hides, factor, b, t);
            Overflow.requireFiniteLogits(step.largestScore(), scale, whatIf.temperature());
            layers.add(step.trace());
            x = step.output();
        }
        Tensor sentence = meanPoolAndNormalize(layers.get(layers.size() - 1).hidden(), keep);
        return new EncoderTrace(batch, padding, mask, embeddings, layers, sentence, whatIf, scale, backend);
    }

    /**
     * The attention block of one layer for one text, as a spec for {@link AttentionEngine}:
     * the layer's input (without padding), its trained W_q, W_k, W_v, W_o with biases, 12
     * heads scaled by 1/sqrt(hd), the residual and the LayerNorm, and the trace's what-if
     * settings. Computing it gives the same weights and attention result as the trace, so a
     * single head can be explored step by step with the tools made for the toy model.
     */
    public AttentionSpec attentionSpec(EncoderTrace trace, int item, int layer) {
        Encoding text = trace.inputs().get(item);
        int n = text.size();
        Tensor input = layer == 0 ? trace.embeddings() : trace.layers().get(layer - 1).hidden();
        float[] rows = new float[n * config.hidden()];
        for (int i = 0; i < n; i++) {
            System.arraycopy(input.row(item, i), 0, rows, i * config.hidden(), config.hidden());
        }
        BertWeights.Layer w = weights.layers().get(layer);
        return AttentionSpec.builder(Tensor.of(rows, 1, n, config.hidden()))
                .tokens(text.tokenTexts())
                .projection(new Projection.Separate(
                        NdArrays.tensor(w.query().weight()), NdArrays.tensor(w.key().weight()),
                        NdArrays.tensor(w.value().weight()), vector(w.query().bias()), vector(w.key().bias()),
                        vector(w.value().bias())))
                .outProjection(NdArrays.tensor(w.attentionOut().weight()), vector(w.attentionOut().bias()))
                .heads(config.heads())
                .scale(Scale.inverseSqrtDk())
                .temperature(trace.whatIf().temperature())
                .causal(trace.whatIf().causal())
                .residual(true)
                .layerNorm(w.attentionNorm())
                .build();
    }

    private static Tensor vector(INDArray rowVector) {
        return NdArrays.tensor(rowVector).reshape((int) rowVector.length());
    }

    private int[] checkedIds(Encoding e) {
        int[] row = e.ids();
        if (row.length == 0) {
            throw new IllegalArgumentException("a text in the batch has no tokens");
        }
        if (row.length > config.maxPositions()) {
            throw new IllegalArgumentException("a text has " + row.length + " tokens; the model reads at most "
                    + config.maxPositions());
        }
        for (int id : row) {
            if (id < 0 || id >= config.vocabSize()) {
                throw new IllegalArgumentException("token id " + id + " is outside the vocabulary of "
                        + config.vocabSize());
            }
        }
        return row;
    }

    /**
     * LayerNorm(E_word[ids] + (E_pos[i] + E_type[0])): (b, t, d), and its rows off the heap if {@code offHeap};
     * the rows gathered, added and normalized on every core (at 512 tokens 0.3 ms of one core before).
     */
    private ForwardBlocks.Normed embed(int[] ids, int b, int t, boolean offHeap) {
        return blocks.gatherAddAndNorm("hidden", weights.words(), ids, positionsAndType, weights.embeddingNorm(),
                offHeap, b, t, config.hidden());
    }

    /** A layer's products as the forward runs them: W_q, W_k, W_v side by side, as one product. */
    private record Products(ForwardBlocks.Linear qkv, ForwardBlocks.Linear attentionOut,
            ForwardBlocks.Linear intermediate, ForwardBlocks.Linear output) {
        static Products of(BertWeights.Layer w) {
            return new Products(ForwardBlocks.Linear.sideBySide(linear(w.query()), linear(w.key()), linear(w.value())),
                    linear(w.attentionOut()), linear(w.intermediate()), linear(w.output()));
        }

        private static ForwardBlocks.Linear linear(BertWeights.Linear l) {
            return ForwardBlocks.Linear.of(l.weight(), l.bias());
        }
    }

    /** A layer's trace, its output, and its largest |score| (its scores may be made only when read). */
    private record Step(LayerTrace trace, ForwardBlocks.Normed output, float largestScore) {
    }

    /** One layer on the input x (b, t, d); its output, on and off the heap, is the next layer's input. */
    private Step layer(int index, ForwardBlocks.Normed x, Tensor mask, float factor, int b, int t) {
        BertWeights.Layer w = weights.layers().get(index);
        Products p = products.get(index);
        int d = config.hidden();
        INDArray qkv = blocks.linear("qkv", x.rows(), p.qkv(), null);                  // (b*t, 3d)
        ForwardBlocks.Attention a = blocks.selfAttention(qkv, b, t, config.heads(), factor, mask);
        INDArray out = blocks.linear("attention.out", a.context(), p.attentionOut(), null);   // (b*t, d)
        Tensor attentionOut = ForwardBlocks.tensor(out, b, t, d);
        ForwardBlocks.Normed attentionResult = blocks.addAndNorm("attention.result", attentionOut, x.values(),
                w.attentionNorm());                                                // LayerNorm(x + out)
        INDArray ff = blocks.linear("intermediate", attentionResult.rows(), p.intermediate(), null); // (b*t, d_ff)
        blocks.gelu(ff);
        INDArray y = blocks.linear("output", ff, p.output(), attentionResult.values()); // ff W_2 + b_2 + a
        ForwardBlocks.Normed hidden = blocks.norm("hidden", y, w.outputNorm(), b, t, d);
        return step(index, a, attentionOut, attentionResult, hidden);
    }

    /**
     * {@link #layer} where every product of the forward runs on packed weights
     * ({@link ForwardBlocks#onHeap}): everything stays on the Java heap, the heads' products on the
     * same kernel as the linear layers. At 512 tokens the heads had taken 25 ms of a 61 ms forward on
     * OpenBLAS (its products ran at about 90 GFLOP/s a core, against 190 for the kernel at the same
     * shapes), 18.5 ms here.
     */
    private Step layerOnHeap(int index, ForwardBlocks.Normed x, Tensor mask, float factor, int b, int t) {
        BertWeights.Layer w = weights.layers().get(index);
        Products p = products.get(index);
        int d = config.hidden();
        // the attention's output, its LayerNorm and the layer's output, made beside the projection
        Spare outputs = new Spare(b * t * d, b * t * d, b * t * d);
        ForwardBlocks.Attention a = blocks.projectAndAttend(x.values(), p.qkv(), b, t, config.heads(), factor,
                mask, outputs);                                                         // from x W_qkv (b*t, 3d)
        Tensor attentionOut = blocks.linearOnHeap(a.concatenated(), p.attentionOut(), outputs, 0)
                .reshape(b, t, d);                                                      // (b, t, d)
        ForwardBlocks.Normed attentionResult = blocks.addAndNorm("attention.result", attentionOut, x.values(),
                w.attentionNorm(), false, outputs, 1);                             // LayerNorm(x + out)
        Tensor ff = blocks.geluLinear(attentionResult.values(), p.intermediate());     // (b*t, d_ff)
        ForwardBlocks.Normed hidden = blocks.linearAndNorm("hidden", ff, p.output(), attentionResult.values(),
                w.outputNorm(), false, outputs, 2);              // LayerNorm(GELU(...) W_2 + b_2 + a)
        return step(index, a, attentionOut, attentionResult, hidden);
    }

    private static Step step(int index, ForwardBlocks.Attention a, Tensor attentionOut,
                             ForwardBlocks.Normed attentionResult, ForwardBlocks.Normed hidden) {
        return new Step(new LayerTrace(index, a.q(), a.k(), a.v(), a.scores(), a.logits(), a.weights(), a.heads(),
                attentionOut, attentionResult.values(), hidden.values()), hidden, a.largestScore());
    }

    /** Mean over the real tokens of each text, then divided by its L2 norm: (b, d). */
    private static Tensor meanPoolAndNormalize(Tensor hidden, float[] keep) {
        int b = hidden.dim(0);
        int t = hidden.dim(1);
        int d = hidden.dim(2);
        java.nio.FloatBuffer values = hidden.view();                       // read where it lies, no copy a row
        float[] out = new float[b * d];
        for (int bi = 0; bi < b; bi++) {
            double[] sum = new double[d];
            int count = 0;
            for (int i = 0; i < t; i++) {
                if (keep[bi * t + i] == 0f) {
                    continue;
                }
                count++;
                int o = (bi * t + i) * d;
                for (int j = 0; j < d; j++) {
                    sum[j] += values.get(o + j);
                }
            }
            double norm = 0;
            for (int j = 0; j < d; j++) {
                sum[j] /= count;
                norm += sum[j] * sum[j];
            }
            norm = Math.max(Math.sqrt(norm), 1e-12);
            for (int j = 0; j < d; j++) {
                out[bi * d + j] = (float) (sum[j] / norm);
            }
        }
        return Tensor.of(out, b, d);
    }
}
