package org.attentionexplainer.cli;

import java.util.Random;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.Projection;
import org.attentionexplainer.engine.Scale;
import org.attentionexplainer.engine.Tensor;

/**
 * The shapes the benchmark times, and the floating-point work each needs (2 m n k per matrix
 * product, the usual count; softmax and the other element-wise steps are not counted).
 * tools/bench/torch_bench.py builds the same shapes in PyTorch.
 */
final class BenchWorkloads {
    private BenchWorkloads() {
    }

    /**
     * A GPT-style block: input (1, t, d_model) of standard normals, a fused W_qkv
     * (d_model, 3 d_model) and W_o (d_model, d_model) with biases, scale 1/sqrt(hd).
     */
    static AttentionSpec multiHead(int t, int dModel, int heads, boolean causal, long seed) {
        Random rng = new Random(seed);
        float init = (float) (1 / Math.sqrt(dModel));
        return AttentionSpec.builder(normal(rng, 1f, 1, t, dModel))
                .projection(new Projection.Fused(normal(rng, init, dModel, 3 * dModel),
                        normal(rng, init, 3 * dModel)))
                .outProjection(normal(rng, init, dModel, dModel), normal(rng, init, dModel))
                .heads(heads)
                .causal(causal)
                .build();
    }

    /** QKV projection, Q K^T, weights V and the output projection. */
    static double multiHeadFlops(int t, int dModel, int heads) {
        double hd = (double) dModel / heads;
        double projections = 2.0 * t * dModel * 3 * dModel + 2.0 * t * dModel * dModel;
        double attention = 2 * (2.0 * heads * t * t * hd);
        return projections + attention;
    }

    /**
     * The course's worked example, the case a learner drags sliders on: "Hello shiny sun",
     * three 3-d embeddings, one head, Q = K = V = the embeddings, no scaling.
     */
    static AttentionSpec helloShinySun() {
        Tensor embeddings = Tensor.matrix(new float[][] {
            {0.34f, 0.22f, 0.54f},
            {0.53f, 0.34f, 0.98f},
            {0.29f, 0.54f, 0.93f}});
        return AttentionSpec.builder(embeddings)
                .tokens(java.util.List.of("Hello", "shiny", "sun"))
                .projection(new Projection.Identity())
                .scale(Scale.none())
                .build();
    }

    /** Q K^T and weights V of the worked example: 2 * (2 * 3 * 3 * 3). */
    static double helloShinySunFlops() {
        return 2 * (2.0 * 3 * 3 * 3);
    }

    /** Bytes of one (1, h, t, t) float32 map: scores, logits and weights are one each. */
    static long mapBytes(int t, int heads) {
        return 4L * heads * t * t;
    }

    private static Tensor normal(Random rng, float std, int... shape) {
        int n = 1;
        for (int d : shape) {
            n *= d;
        }
        float[] values = new float[n];
        for (int i = 0; i < n; i++) {
            values[i] = (float) rng.nextGaussian() * std;
        }
        return Tensor.of(values, shape);
    }
}
