package org.attentionexplainer.lesson.chapters;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Projection;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.TorchRandom;
import org.attentionexplainer.i18n.PowerOfTen;
import org.attentionexplainer.lesson.Text;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;

/**
 * Chapter 2, multi-head attention, as the book's MultiHeadAttention (ch. 3) computes it: a batch
 * of two copies of "Your journey starts with one step", d_in 3, causal, out_proj with bias, all
 * weights from {@code torch.manual_seed(seed)}. The chapter's own setting multiplies W_query and
 * W_key by {@link #DEFAULT_GAIN}: as nn.Linear draws them, they are so small for these 3-number
 * embeddings that every head's map is close to uniform and both heads look alike. Symbols: b batch, t tokens, d_in, d_out = h * hd,
 * h heads, hd head width.
 *
 * @param trace        every step with separate W_q, W_k, W_v
 * @param fusedQkv     (d_in, 3 d_out) the same three matrices side by side: one product for Q, K, V
 * @param fusedTrace   the same computation from the fused matrix
 * @param maxDifference largest |output(separate) - output(fused)|
 * @param shapes       the shape at each step, symbols and numbers
 */
public record MultiHeadChapter(int heads, int dOut, long seed, AttentionTrace trace, Tensor fusedQkv,
                               AttentionTrace fusedTrace, double maxDifference, List<ShapeStep> shapes)
        implements Chapter {
    /** The chapter's title, headline and narrative. */
    public static final ChapterText TEXT = new ChapterText("multi-head", "chapter.multihead.title",
            "chapter.multihead.headline", List.of(
                    new Section("chapter.multihead.split.title", "chapter.multihead.split.text",
                            "chapter.multihead.split.formula"),
                    new Section("chapter.multihead.heads.title", "chapter.multihead.heads.text",
                            "chapter.multihead.heads.formula"),
                    new Section("chapter.multihead.concat.title", "chapter.multihead.concat.text",
                            "chapter.multihead.concat.formula"),
                    new Section("chapter.multihead.fused.title", "chapter.multihead.fused.text",
                            "chapter.multihead.fused.formula")));


    public static final int DEFAULT_HEADS = 2;
    public static final int DEFAULT_D_OUT = 4;
    /** A seed whose two heads, with {@link #DEFAULT_GAIN}, attend in plainly different ways. */
    public static final long DEFAULT_SEED = 193;
    /**
     * Scores grow with the square of the gain: ×3 makes them ×9, enough for each head to prefer
     * some keys over others (head 1 the first token, head 2 "journey" and "starts").
     */
    public static final double DEFAULT_GAIN = 3;

    public static MultiHeadChapter compute(AttentionEngine engine) {
        return compute(engine, DEFAULT_HEADS, DEFAULT_D_OUT, DEFAULT_SEED, DEFAULT_GAIN);
    }

    /** The book's weights as drawn. */
    public static MultiHeadChapter compute(AttentionEngine engine, int heads, int dOut, long seed) {
        return compute(engine, heads, dOut, seed, 1);
    }

    /**
     * Weights are drawn as the book does: W_query, W_key, W_value (no bias), then out_proj;
     * W_query and W_key are then multiplied by {@code gain}.
     */
    public static MultiHeadChapter compute(AttentionEngine engine, int heads, int dOut, long seed, double gain) {
        TorchRandom rng = new TorchRandom(seed);
        Projection.Separate drawn = CourseExamples.bookProjection(rng, 3, dOut);
        Projection.Separate separate = new Projection.Separate(times(drawn.query(), gain), times(drawn.key(), gain),
                drawn.value());
        TorchRandom.Linear out = rng.linear(dOut, dOut, true);
        Tensor x = CourseExamples.journey();
        Tensor batch = stack(x, x);                                             // (b, t, d_in)
        AttentionSpec spec = AttentionSpec.builder(batch)
                .tokens(CourseExamples.JOURNEY_TOKENS)
                .projection(separate)
                .outProjection(out.weight(), out.bias())
                .heads(heads)
                .causal(true)
                .build();
        AttentionTrace trace = engine.compute(spec);
        Tensor qkv = sideBySide(separate.query(), separate.key(), separate.value());  // (d_in, 3 d_out)
        AttentionTrace fused = engine.compute(spec.toBuilder().projection(new Projection.Fused(qkv, null)).build());
        return new MultiHeadChapter(heads, dOut, seed, trace, qkv, fused,
                Matrices.maxAbsDiff(trace.output(), fused.output()), shapes(trace, 3));
    }

    /** The (t, t) weights of one head for the first sentence of the batch. */
    public float[][] headWeights(int head) {
        return trace.weights().matrix(0, head);
    }

    static List<ShapeStep> shapes(AttentionTrace tr, int dIn) {
        int b = tr.batch();
        int t = tr.queryLength();
        int h = tr.headCount();
        int hd = tr.headDim();
        int d = tr.context().dim(2);
        List<ShapeStep> s = new ArrayList<>();
        s.add(new ShapeStep("chapter.multihead.shape.input", "x", "(b, t, d_in)", List.of(b, t, dIn)));
        s.add(new ShapeStep("chapter.multihead.shape.project", "q = W_query(x)", "(b, t, d_out)", List.of(b, t, d)));
        s.add(new ShapeStep("chapter.multihead.shape.view", "q.view(b, t, h, hd)", "(b, t, h, hd)",
                List.of(b, t, h, hd)));
        s.add(new ShapeStep("chapter.multihead.shape.transpose", "q.transpose(1, 2)", "(b, h, t, hd)",
                dims(tr.q())));
        s.add(new ShapeStep("chapter.multihead.shape.scores", "q @ k.transpose(2, 3)", "(b, h, t, t)",
                dims(tr.scores())));
        s.add(new ShapeStep("chapter.multihead.shape.weights", "softmax(scores / hd ** 0.5, dim=-1)",
                "(b, h, t, t)", dims(tr.weights())));
        s.add(new ShapeStep("chapter.multihead.shape.heads", "weights @ v", "(b, h, t, hd)", dims(tr.heads())));
        s.add(new ShapeStep("chapter.multihead.shape.transposeBack", "heads.transpose(1, 2)", "(b, t, h, hd)",
                List.of(b, t, h, hd)));
        s.add(new ShapeStep("chapter.multihead.shape.concat", "contiguous().view(b, t, d_out)", "(b, t, d_out)",
                dims(tr.context())));
        s.add(new ShapeStep("chapter.multihead.shape.out", "out_proj(context)", "(b, t, d_out)",
                dims(tr.output())));
        return s;
    }

    private static List<Integer> dims(Tensor x) {
        List<Integer> out = new ArrayList<>();
        for (int d : x.shape()) {
            out.add(d);
        }
        return out;
    }

    private static Tensor times(Tensor w, double gain) {
        float[] v = w.toArray();
        for (int i = 0; i < v.length; i++) {
            v[i] = (float) (v[i] * gain);
        }
        return Tensor.of(v, w.shape());
    }

    static Tensor stack(Tensor a, Tensor b) {
        float[] x = a.toArray();
        float[] y = b.toArray();
        float[] both = new float[x.length + y.length];
        System.arraycopy(x, 0, both, 0, x.length);
        System.arraycopy(y, 0, both, x.length, y.length);
        return Tensor.of(both, 2, a.dim(0), a.dim(1));
    }

    /** [A | B | C] for matrices with the same number of rows. */
    static Tensor sideBySide(Tensor... parts) {
        int rows = parts[0].dim(0);
        int cols = 0;
        for (Tensor p : parts) {
            cols += p.dim(1);
        }
        float[][] out = new float[rows][cols];
        int offset = 0;
        for (Tensor p : parts) {
            float[][] m = p.matrix();
            for (int i = 0; i < rows; i++) {
                System.arraycopy(m[i], 0, out[i], offset, m[i].length);
            }
            offset += p.dim(1);
        }
        return Tensor.matrix(out);
    }

    /** "Largest difference between separate and fused: 0". */
    public Text differenceText() {
        return Text.of("chapter.multihead.difference", new PowerOfTen(maxDifference));
    }

    @Override
    public Quiz quiz() {
        return AttentionQuizzes.multiHead(this);
    }
}
