package org.attentionexplainer.lesson.chapters;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.PositionalEncoding;
import org.attentionexplainer.engine.Projection;
import org.attentionexplainer.engine.Rope;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.lesson.Text;
import org.attentionexplainer.lesson.chapters.quiz.ChoiceQuestion;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Question;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;

/**
 * Rotary position embedding against the sinusoidal encoding. One token, "journey", stands at
 * positions 0 .. t-1, so that only the position differs; its q and k come from the book's
 * W_query and W_key (seed 123, d_in 3, hd 8, one head). With RoPE, q and k are rotated pair by
 * pair (pairs (j, j + hd/2), angle pos · base^(-2j/hd)) and q_i · k_j depends only on i - j:
 * every diagonal of the score matrix is constant. With the sinusoidal encoding added to the
 * embedding first (as the encoder chapter does), the score also depends on where the pair sits.
 *
 * @param base        the base of the rotation frequencies
 * @param rotatedQ    (t, hd) q at each position after the rotation (row 0 is q itself)
 * @param rotatedK    (t, hd) k likewise
 * @param rope        (t, t) q_i · k_j with RoPE
 * @param sinusoidal  (t, t) the same scores from (x + PE_i) W_q · (x + PE_j) W_k
 * @param ropeSpread  largest (max - min) along any diagonal of {@link #rope}: float rounding only
 * @param sinusoidalSpread the same for {@link #sinusoidal}
 */
public record RopeChapter(double base, Tensor rotatedQ, Tensor rotatedK, Tensor rope, Tensor sinusoidal,
                          double ropeSpread, double sinusoidalSpread) implements Chapter {
    /** The chapter's title, headline and narrative. */
    public static final ChapterText TEXT = new ChapterText("rope", "chapter.rope.title", "chapter.rope.headline",
            List.of(new Section("chapter.rope.rotate.title", "chapter.rope.rotate.text", "chapter.rope.rotate.formula"),
                    new Section("chapter.rope.relative.title", "chapter.rope.relative.text",
                            "chapter.rope.relative.formula"),
                    new Section("chapter.rope.sinusoidal.title", "chapter.rope.sinusoidal.text",
                            "chapter.rope.sinusoidal.formula"),
                    new Section("chapter.rope.base.title", "chapter.rope.base.text", null)));

    public static final int POSITIONS = 8;
    public static final int HEAD_DIM = 8;
    public static final long SEED = 123;
    /** The token repeated at every position: "journey" of the course example. */
    public static final int TOKEN = 1;
    public static final double DEFAULT_BASE = 10_000;
    /** The base slider's range, as log10 of the base. */
    public static final double MIN_LOG_BASE = 1;
    public static final double MAX_LOG_BASE = 6;

    public static RopeChapter compute(AttentionEngine engine) {
        return compute(engine, DEFAULT_BASE);
    }

    public static RopeChapter compute(AttentionEngine engine, double base) {
        if (!(base > 1 && Double.isFinite(base))) {
            throw new IllegalArgumentException("the base must be a number above 1, got " + base);
        }
        float[] token = CourseExamples.journey().row(TOKEN);
        float[][] same = new float[POSITIONS][];
        float[][] encoded = new float[POSITIONS][];
        float[][] pe = PositionalEncoding.sinusoidal(POSITIONS, token.length).matrix();
        for (int p = 0; p < POSITIONS; p++) {
            same[p] = token.clone();
            encoded[p] = new float[token.length];
            for (int c = 0; c < token.length; c++) {
                encoded[p][c] = token[c] + pe[p][c];
            }
        }
        Projection.Separate w = CourseExamples.bookProjection(SEED, token.length, HEAD_DIM);
        List<String> labels = positions();
        AttentionTrace rotated = engine.compute(AttentionSpec.builder(Tensor.matrix(same)).tokens(labels)
                .projection(w).heads(1).rope(new Rope(base, Rope.Style.HALF, 0)).build());
        AttentionTrace added = engine.compute(AttentionSpec.builder(Tensor.matrix(encoded)).tokens(labels)
                .projection(w).heads(1).build());
        Tensor rope = Tensor.matrix(Matrices.first(rotated.scores()));
        Tensor sin = Tensor.matrix(Matrices.first(added.scores()));
        return new RopeChapter(base, Tensor.matrix(rotated.q().matrix(0, 0)), Tensor.matrix(rotated.k().matrix(0, 0)),
                rope, sin, diagonalSpread(rope.matrix()), diagonalSpread(sin.matrix()));
    }

    /** "0" .. "t-1". */
    public static List<String> positions() {
        List<String> out = new ArrayList<>();
        for (int p = 0; p < POSITIONS; p++) {
            out.add(Integer.toString(p));
        }
        return Collections.unmodifiableList(out);
    }

    /** The largest (max - min) over the entries of any one diagonal (fixed i - j) of a square matrix. */
    static double diagonalSpread(float[][] m) {
        int n = m.length;
        double worst = 0;
        for (int d = -(n - 1); d < n; d++) {
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            for (int i = Math.max(0, d); i < Math.min(n, n + d); i++) {
                float v = m[i][i - d];
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
            worst = Math.max(worst, hi - lo);
        }
        return worst;
    }

    /** Radians per position of pair j: base^(-2j/hd). */
    public double angle(int pair) {
        return Math.pow(base, -2.0 * pair / HEAD_DIM);
    }

    /** Positions per full turn of pair j: 2 pi / angle. */
    public double wavelength(int pair) {
        return 2 * Math.PI / angle(pair);
    }

    /** Pair j of a (t, hd) tensor at a position: coordinates (j, j + hd/2). */
    public static float[] pair(Tensor rows, int position, int pair) {
        float[] r = rows.row(position);
        return new float[] {r[pair], r[pair + HEAD_DIM / 2]};
    }

    @Override
    public Quiz quiz() {
        List<Question> q = new ArrayList<>();
        q.add(new NumericQuestion("angle", Text.of("chapter.quiz.rope.angle", base, HEAD_DIM), angle(1),
                NumericQuestion.toleranceFor(4), Text.of("chapter.quiz.rope.angle.why", base, HEAD_DIM, angle(1))));
        float a = rope.get(5, 3);
        float b = rope.get(7, 5);
        q.add(new ChoiceQuestion("same", Text.of("chapter.quiz.rope.same"),
                List.of(Text.of("chapter.quiz.rope.same.equal"), Text.of("chapter.quiz.rope.same.later"),
                        Text.of("chapter.quiz.rope.same.earlier")), 0,
                Text.of("chapter.quiz.rope.same.why", (double) a, (double) b)));
        // q = k = (1, 0), hd 2: the single pair turns by pos radians, q_3 . k_1 = cos(3 - 1)
        q.add(new NumericQuestion("hand", Text.of("chapter.quiz.rope.hand"), Math.cos(2),
                NumericQuestion.toleranceFor(4), Text.of("chapter.quiz.rope.hand.why", Math.cos(2))));
        q.add(new ChoiceQuestion("what", Text.of("chapter.quiz.rope.what"),
                List.of(Text.of("chapter.quiz.rope.what.qk"), Text.of("chapter.quiz.rope.what.qkv"),
                        Text.of("chapter.quiz.rope.what.x")), 0,
                Text.of("chapter.quiz.rope.what.why")));
        return new Quiz(TEXT.id(), q);
    }
}
