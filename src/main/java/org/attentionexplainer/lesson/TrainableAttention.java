package org.attentionexplainer.lesson;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Projection;
import org.attentionexplainer.engine.Scale;
import org.attentionexplainer.engine.Tensor;

/**
 * Self-attention with trainable weights (the textbook's {@code SelfAttention_v2}), every stage
 * from the engine's trace.
 *
 * <p>Symbols: t tokens, d_in embedding width, d_k = d_out projected width.
 *
 * @param tokens    the t tokens, embeddings (t, d_in)
 * @param weights   W_query, W_key, W_value (d_in, d_k)
 * @param queries   Q = X W_query (t, d_k)
 * @param keys      K = X W_key (t, d_k)
 * @param values    V = X W_value (t, d_k)
 * @param scores    Q Kᵀ (t, t)
 * @param scale     1 / √d_k
 * @param scaled    Q Kᵀ / √d_k (t, t)
 * @param attention softmax of each row of {@code scaled} (t, t)
 * @param context   attention V (t, d_k)
 */
public record TrainableAttention(List<Token> tokens, ProjectionWeights weights, Matrix queries, Matrix keys,
                                 Matrix values, Matrix scores, double scale, Matrix scaled, Matrix attention,
                                 Matrix context) {

    public TrainableAttention {
        tokens = List.copyOf(tokens);
    }

    public static TrainableAttention compute(AttentionEngine engine, List<Token> tokens, ProjectionWeights w) {
        if (tokens.isEmpty()) {
            throw new IllegalArgumentException("at least one token is needed");
        }
        float[][] x = new float[tokens.size()][];
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            x[i] = toFloats(tokens.get(i).values());
            labels.add(tokens.get(i).label());
        }
        AttentionTrace trace = engine.compute(AttentionSpec.builder(Tensor.matrix(x))
                .tokens(labels)
                .projection(new Projection.Separate(Tensor.matrix(w.query().toFloatRows()),
                        Tensor.matrix(w.key().toFloatRows()), Tensor.matrix(w.value().toFloatRows())))
                .scale(Scale.inverseSqrtDk())
                .build());
        return new TrainableAttention(tokens, w,
                Matrix.of(trace.q().matrix(0, 0)),        // (t, d_k)
                Matrix.of(trace.k().matrix(0, 0)),        // (t, d_k)
                Matrix.of(trace.v().matrix(0, 0)),        // (t, d_k)
                Matrix.of(trace.scores().matrix(0, 0)),   // (t, t)
                trace.scaleFactor(),
                Matrix.of(trace.logits().matrix(0, 0)),   // (t, t)
                Matrix.of(trace.weights().matrix(0, 0)),  // (t, t)
                Matrix.of(trace.context().matrix(0)));    // (t, d_k)
    }

    private static float[] toFloats(double[] v) {
        float[] out = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = (float) v[i];
        }
        return out;
    }

    public int size() {
        return tokens.size();
    }

    public int dk() {
        return queries.cols();
    }

    /** q_i = x_i W_query written out: one dot product per column of W_query. */
    public List<DotProduct> queryProjection(int i) {
        return projection(i, weights.query(), queries);
    }

    public List<DotProduct> keyProjection(int i) {
        return projection(i, weights.key(), keys);
    }

    public List<DotProduct> valueProjection(int i) {
        return projection(i, weights.value(), values);
    }

    private List<DotProduct> projection(int i, Matrix w, Matrix result) {
        double[] x = tokens.get(i).values();
        List<DotProduct> out = new ArrayList<>(w.cols());
        for (int c = 0; c < w.cols(); c++) {
            out.add(DotProduct.of(x, w.column(c), result.get(i, c)));
        }
        return out;
    }

    /** ω_ij = q_i · k_j for every key j, written out. */
    public List<DotProduct> scoreRow(int i) {
        List<DotProduct> out = new ArrayList<>(size());
        for (int j = 0; j < size(); j++) {
            out.add(DotProduct.of(queries.row(i), keys.row(j), scores.get(i, j)));
        }
        return out;
    }

    /** z_i's components as Σ_j α_ij v_j, written out (one dot product per column of V). */
    public List<DotProduct> contextRow(int i) {
        List<DotProduct> out = new ArrayList<>(dk());
        for (int c = 0; c < dk(); c++) {
            out.add(DotProduct.of(attention.row(i), values.column(c), context.get(i, c)));
        }
        return out;
    }
}
