package org.attentionexplainer.engine.tinygpt;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Projection;
import org.attentionexplainer.engine.Scale;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.model.TransformerModel;

/**
 * The tiny GPT's forward pass by the app's own attention engine (not SameDiff), keeping every
 * layer's steps for the views. Symbols: b sequences, t positions, v symbols, d = d_model,
 * h heads, hd = d / h.
 *
 * <pre>
 *   x_0     = E_tok[tokens] + E_pos[0..t)                                 (b, t, d)
 *   x_l+1   = x_l + concat_h(softmax(causal(Q_h K_h^T / sqrt(hd))) V_h) W_o   (b, t, d), by {@link AttentionEngine}
 *   logits  = x_L W_U                                                    (b, t, v)
 * </pre>
 *
 * <p>Attention only, no MLP and no LayerNorm: copying a symbol forward is what attention does,
 * an MLP would add nothing the task needs, and without LayerNorm every layer's output is a plain
 * sum a learner can follow. {@link GptGraph} computes the same in SameDiff for training.
 */
public final class TinyGpt {
    private final GptWeights weights;
    private final AttentionEngine engine;

    public TinyGpt(GptWeights weights, AttentionEngine engine) {
        this.weights = weights;
        this.engine = engine;
    }

    public GptWeights weights() {
        return weights;
    }

    public GptConfig config() {
        return weights.config();
    }

    /** One sequence. */
    public GptTrace forward(int[] tokens) {
        return forward(new int[][] {tokens});
    }

    /**
     * Sequences of one length at once.
     *
     * @throws IllegalArgumentException for no sequences, sequences of different or zero length, one
     *     longer than the position table or a symbol outside the vocabulary
     */
    public GptTrace forward(int[][] tokens) {
        return forward(tokens, 1.0);
    }

    /**
     * Sequences of one length at once, every layer's logits divided by {@code temperature} (1 as
     * trained; the real-model screen's what-if).
     */
    public GptTrace forward(int[][] tokens, double temperature) {
        GptConfig c = weights.config();
        int b = tokens.length;
        if (b == 0) {
            throw new IllegalArgumentException("no sequences");
        }
        int t = tokens[0].length;
        if (t == 0 || t > c.positions()) {
            throw new IllegalArgumentException("a sequence of " + t + " symbols; the model reads 1 to "
                    + c.positions());
        }
        int d = c.dModel();
        float[] tok = weights.tokenEmbedding().toArray();
        float[] pos = weights.positionEmbedding().toArray();
        float[] x = new float[b * t * d];
        for (int s = 0; s < b; s++) {
            if (tokens[s].length != t) {
                throw new IllegalArgumentException("sequences of " + t + " and " + tokens[s].length + " symbols");
            }
            for (int i = 0; i < t; i++) {
                int id = tokens[s][i];
                if (id < 0 || id >= c.vocab()) {
                    throw new IllegalArgumentException("symbol " + id + " outside the vocabulary of " + c.vocab());
                }
                for (int j = 0; j < d; j++) {
                    x[(s * t + i) * d + j] = tok[id * d + j] + pos[i * d + j];
                }
            }
        }
        Tensor embeddings = Tensor.of(x, b, t, d);
        List<String> labels = labels(tokens[0]);
        List<AttentionTrace> layers = new ArrayList<>(c.layers());
        Tensor stream = embeddings;
        for (int l = 0; l < c.layers(); l++) {
            AttentionTrace trace = engine.compute(layerSpec(weights, l, stream, labels, temperature));
            layers.add(trace);
            stream = trace.result();                                                   // x + attention output
        }
        return new GptTrace(tokens, embeddings, layers, unembed(stream, b, t));
    }

    /**
     * Layer {@code layer}'s block on {@code input} (b, t, d_model), the residual stream: W_q, W_k,
     * W_v and W_o, causal, with the residual added. The forward runs it over a whole text, the
     * real-model screen over one text for a head's arithmetic, the KV chapter one token at a time.
     *
     * @param tokens the rows' labels, or null for none
     */
    public static AttentionSpec layerSpec(GptWeights weights, int layer, Tensor input, List<String> tokens,
                                          double temperature) {
        GptWeights.Layer w = weights.layers().get(layer);
        return AttentionSpec.builder(input)
                .tokens(tokens)
                .projection(new Projection.Separate(w.query(), w.key(), w.value()))
                .outProjection(w.out(), null)
                .heads(weights.config().heads())
                .scale(Scale.inverseSqrtDk())
                .temperature(temperature)
                .causal(true)
                .residual(true)
                .build();
    }

    /** x_L W_U in double sums: (b, t, v). */
    private Tensor unembed(Tensor stream, int b, int t) {
        int d = weights.config().dModel();
        int v = weights.config().vocab();
        float[] x = stream.toArray();
        float[] u = weights.unembedding().toArray();
        float[] logits = new float[b * t * v];
        for (int r = 0; r < b * t; r++) {
            unembedRow(x, r * d, u, d, v, logits, r * v);
        }
        return Tensor.of(logits, b, t, v);
    }

    /** One position's logits, x W_U in double sums, for a hidden state {@code x} (d_model). */
    public float[] logits(float[] x) {
        int d = weights.config().dModel();
        int v = weights.config().vocab();
        float[] out = new float[v];
        unembedRow(x, 0, weights.unembedding().toArray(), d, v, out, 0);
        return out;
    }

    private static void unembedRow(float[] x, int from, float[] u, int d, int v, float[] out, int to) {
        for (int o = 0; o < v; o++) {
            double sum = 0;
            for (int j = 0; j < d; j++) {
                sum += x[from + j] * u[j * v + o];
            }
            out[to + o] = (float) sum;
        }
    }

    /**
     * The model as the real-model screen shows trained models: its symbols as tokens, its layers
     * and heads, its causal mask its own.
     *
     * @param engine the app's engine, asked for only when a text is run (on the worker)
     */
    public static TransformerModel asModel(GptWeights weights, Supplier<AttentionEngine> engine, String name) {
        return new TinyGptModel(weights, engine, name);
    }

    private static List<String> labels(int[] tokens) {
        List<String> labels = new ArrayList<>(tokens.length);
        for (int id : tokens) {
            labels.add(RepeatTask.label(id));
        }
        return labels;
    }
}
