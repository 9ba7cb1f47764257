package org.attentionexplainer.lesson.chapters;

import java.util.List;
import org.attentionexplainer.engine.Activation;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.FeedForward;
import org.attentionexplainer.engine.FeedForwardTrace;
import org.attentionexplainer.engine.LayerNormParams;
import org.attentionexplainer.engine.PositionalEncoding;
import org.attentionexplainer.engine.Projection;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.TorchRandom;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;

/**
 * Chapter 6, one post-norm encoder block of "Attention Is All You Need" on "Your journey starts
 * with one step", t = 6 tokens of width d_model = 4, h = 2 heads, d_ff = 8, no mask:
 *
 * <pre>
 *   X0 = X + PE                              (t, d_model)
 *   Z  = MultiHead(X0)                        (t, d_model)
 *   H  = LayerNorm(X0 + Z)                    (t, d_model)
 *   F  = act(H W1 + b1) W2 + b2               (t, d_ff) -> (t, d_model)
 *   Y  = LayerNorm(H + F)                     (t, d_model)
 * </pre>
 *
 * All numbers from {@code torch.manual_seed(seed)}: X = torch.rand(6, 4), then W_query, W_key,
 * W_value (no bias), out_proj, and the two layers of the feed-forward network, in that order.
 *
 * @param positional (t, d_model) the sinusoidal encoding added to X
 * @param attention  the attention step; its {@code result} is H
 * @param ffn        the feed-forward step on H
 * @param residual2  (t, d_model) H + F
 * @param output     (t, d_model) Y
 * @param positionalMap (50, 16) a larger encoding, for the heatmap
 */
public record EncoderChapter(List<String> tokens, long seed, Activation activation, Tensor embeddings,
                             Tensor positional, Tensor withPosition, AttentionTrace attention, Tensor normed1,
                             FeedForwardTrace ffn, Tensor residual2, Tensor output, Tensor positionalMap)
        implements Chapter {
    /** The chapter's title, headline and narrative. */
    public static final ChapterText TEXT = new ChapterText("encoder", "chapter.encoder.title",
            "chapter.encoder.headline", List.of(
                    new Section("chapter.encoder.position.title", "chapter.encoder.position.text",
                            "chapter.encoder.position.formula"),
                    new Section("chapter.encoder.attention.title", "chapter.encoder.attention.text",
                            "chapter.encoder.attention.formula"),
                    new Section("chapter.encoder.addnorm.title", "chapter.encoder.addnorm.text",
                            "chapter.encoder.addnorm.formula"),
                    new Section("chapter.encoder.ffn.title", "chapter.encoder.ffn.text",
                            "chapter.encoder.ffn.formula"),
                    new Section("chapter.encoder.block.title", "chapter.encoder.block.text",
                            "chapter.encoder.block.formula")));


    public static final long DEFAULT_SEED = 123;
    public static final int D_MODEL = 4;
    public static final int D_FF = 8;
    public static final int HEADS = 2;
    public static final int MAP_POSITIONS = 50;
    public static final int MAP_WIDTH = 16;

    public EncoderChapter {
        tokens = List.copyOf(tokens);
    }

    public static EncoderChapter compute(AttentionEngine engine) {
        return compute(engine, Activation.RELU, DEFAULT_SEED);
    }

    public static EncoderChapter compute(AttentionEngine engine, Activation activation, long seed) {
        int t = CourseExamples.JOURNEY_TOKENS.size();
        TorchRandom rng = new TorchRandom(seed);
        Tensor x = rng.rand(t, D_MODEL);
        Projection.Separate qkv = CourseExamples.bookProjection(rng, D_MODEL, D_MODEL);
        TorchRandom.Linear out = rng.linear(D_MODEL, D_MODEL, true);
        FeedForward ffn = FeedForward.torchInit(rng, D_MODEL, D_FF, activation);

        Tensor pe = PositionalEncoding.sinusoidal(t, D_MODEL);
        Tensor x0 = add(x, pe);
        AttentionTrace attention = engine.compute(AttentionSpec.builder(x0)
                .tokens(CourseExamples.JOURNEY_TOKENS)
                .projection(qkv)
                .outProjection(out.weight(), out.bias())
                .heads(HEADS)
                .residual(true)
                .layerNorm(LayerNormParams.defaults())
                .build());
        Tensor h = attention.result().reshape(t, D_MODEL);
        FeedForwardTrace f = engine.feedForward(h, ffn);
        Tensor residual2 = add(h, f.output());
        Tensor y = engine.layerNorm(residual2, LayerNormParams.defaults());
        return new EncoderChapter(CourseExamples.JOURNEY_TOKENS, seed, activation, x, pe, x0, attention, h, f,
                residual2, y, PositionalEncoding.sinusoidal(MAP_POSITIONS, MAP_WIDTH));
    }

    static Tensor add(Tensor a, Tensor b) {
        float[] x = a.toArray();
        float[] y = b.toArray();
        if (x.length != y.length) {
            throw new IllegalArgumentException(a.shapeString() + " + " + b.shapeString());
        }
        for (int i = 0; i < x.length; i++) {
            x[i] += y[i];
        }
        return Tensor.of(x, a.shape());
    }

    /** Mean of each row of a (n, d) matrix: after LayerNorm (without gamma, beta) about 0. */
    public static double[] rowMeans(Tensor rows) {
        double[] means = new double[rows.dim(0)];
        for (int i = 0; i < means.length; i++) {
            for (float v : rows.row(i)) {
                means[i] += v;
            }
            means[i] /= rows.dim(1);
        }
        return means;
    }

    /** Biased variance of each row: after LayerNorm about 1 (a little less, because of eps). */
    public static double[] rowVariances(Tensor rows) {
        double[] means = rowMeans(rows);
        double[] vars = new double[means.length];
        for (int i = 0; i < vars.length; i++) {
            for (float v : rows.row(i)) {
                vars[i] += (v - means[i]) * (v - means[i]);
            }
            vars[i] /= rows.dim(1);
        }
        return vars;
    }

    @Override
    public Quiz quiz() {
        return BlockQuizzes.encoder(this);
    }
}
