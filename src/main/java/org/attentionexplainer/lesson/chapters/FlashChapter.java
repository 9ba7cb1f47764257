package org.attentionexplainer.lesson.chapters;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.attentionexplainer.engine.Algorithm;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.TorchRandom;
import org.attentionexplainer.i18n.PowerOfTen;
import org.attentionexplainer.lesson.Text;
import org.attentionexplainer.lesson.chapters.quiz.ChoiceQuestion;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Question;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;

/**
 * FlashAttention, tile by tile: the same attention computed directly and by the engine's online
 * softmax over tiles of B_q query rows by B_k keys, in FlashAttention-2's order (each block of
 * rows reads every key block before the next block of rows starts). After the key block n of a
 * row, m is the largest logit so far and l = Σ e^(logit − m) over the keys so far; a new block
 * raising m rescales l and the output by e^(m_old − m_new). Symbols: t queries, s keys, hd head
 * width, logits (t, s).
 *
 * <p>The example is a seeded toy: {@code torch.manual_seed(42)}, x = (8, 4) uniform in [-2, 2),
 * then W_q, W_k, W_v as three {@code nn.Linear(4, 4, bias=False)}; scaled by 1/√4, no mask. Its
 * row maxima move often, so the rescale is seen at work; the pattern itself means nothing.
 *
 * @param blockQ    B_q
 * @param blockK    B_k
 * @param logits    (t, s)
 * @param values    (s, hd)
 * @param onlineMax (t, key blocks) m after each key block
 * @param onlineSum (t, key blocks) l after each key block
 * @param tiled     (t, hd) the tiled output
 * @param direct    (t, hd) softmax(logits) V, computed directly
 */
public record FlashChapter(int blockQ, int blockK, Tensor logits, Tensor values, Tensor onlineMax,
                           Tensor onlineSum, Tensor tiled, Tensor direct, double maxDifference) implements Chapter {
    /** The chapter's title, headline and narrative. */
    public static final ChapterText TEXT = new ChapterText("flash", "chapter.flash.title", "chapter.flash.headline",
            List.of(new Section("chapter.flash.why.title", "chapter.flash.why.text", null),
                    new Section("chapter.flash.online.title", "chapter.flash.online.text",
                            "chapter.flash.online.formula"),
                    new Section("chapter.flash.rescale.title", "chapter.flash.rescale.text",
                            "chapter.flash.rescale.formula"),
                    new Section("chapter.flash.memory.title", "chapter.flash.memory.text",
                            "chapter.flash.memory.formula")));

    public static final long SEED = 42;
    public static final int TOKENS = 8;
    public static final int WIDTH = 4;
    public static final int DEFAULT_BLOCK_Q = 4;
    public static final int DEFAULT_BLOCK_K = 2;
    /** The long context of the memory comparison (one head of width 128). */
    public static final long LONG_CONTEXT = 128 * 1024;
    public static final int LONG_HEAD_WIDTH = 128;

    /** One step: the tile of rows [rowFrom, rowTo) by keys [colFrom, colTo), key block {@code keyBlock}. */
    public record Tile(int rowFrom, int rowTo, int keyBlock, int colFrom, int colTo) {
        public boolean holds(int row, int col) {
            return row >= rowFrom && row < rowTo && col >= colFrom && col < colTo;
        }
    }

    /**
     * What is known after a step, per query row; NaN where a row has not started (or, for the
     * rescale, is not in the tile).
     *
     * @param m       (t) the running maximum
     * @param l       (t) the running sum
     * @param rescale (t) e^(m_old − m_new) of this step (0 on a row's first block: m_old is −∞)
     * @param output  (t, hd) O / l so far
     * @param mBefore (t) m before this step (−∞ on a row's first block)
     */
    public record State(Tile tile, double[] m, double[] l, double[] rescale, double[][] output, double[] mBefore) {
    }

    public static FlashChapter compute(AttentionEngine engine) {
        return compute(engine, DEFAULT_BLOCK_Q, DEFAULT_BLOCK_K);
    }

    public static FlashChapter compute(AttentionEngine engine, int blockQ, int blockK) {
        TorchRandom rng = new TorchRandom(SEED);
        float[] data = new float[TOKENS * WIDTH];
        for (int i = 0; i < data.length; i++) {
            data[i] = rng.uniform(-2f, 2f);
        }
        return compute(engine, AttentionSpec.builder(Tensor.of(data, TOKENS, WIDTH))
                .projection(CourseExamples.bookProjection(rng, WIDTH, WIDTH)).build(), blockQ, blockK);
    }

    /** Any single-head, unbatched attention, direct and tiled. */
    public static FlashChapter compute(AttentionEngine engine, AttentionSpec attention, int blockQ, int blockK) {
        if (blockQ < 1 || blockK < 1) {
            throw new IllegalArgumentException("block sizes must be at least 1, got " + blockQ + " and " + blockK);
        }
        AttentionTrace direct = engine.compute(attention.toBuilder().algorithm(Algorithm.direct()).build());
        AttentionTrace tiled = engine.compute(attention.toBuilder().algorithm(Algorithm.tiled(blockQ, blockK)).build());
        Tensor out = Tensor.matrix(tiled.heads().matrix(0, 0));
        Tensor want = Tensor.matrix(direct.heads().matrix(0, 0));
        return new FlashChapter(blockQ, blockK, Tensor.matrix(tiled.logits().matrix(0, 0)),
                Tensor.matrix(tiled.v().matrix(0, 0)), Tensor.matrix(tiled.onlineMax().matrix(0, 0)),
                Tensor.matrix(tiled.onlineSum().matrix(0, 0)), out, want, Matrices.maxAbsDiff(out, want));
    }

    public int queries() {
        return logits.dim(0);
    }

    public int keys() {
        return logits.dim(1);
    }

    public int keyBlocks() {
        return (keys() + blockK - 1) / blockK;
    }

    public int queryBlocks() {
        return (queries() + blockQ - 1) / blockQ;
    }

    /** Tiles, one per step. */
    public int stepCount() {
        return queryBlocks() * keyBlocks();
    }

    /** The tile of step {@code step} (1-based): row blocks outside, key blocks inside. */
    public Tile tile(int step) {
        if (step < 1 || step > stepCount()) {
            throw new IllegalArgumentException("step " + step + " outside 1.." + stepCount());
        }
        int qb = (step - 1) / keyBlocks();
        int kb = (step - 1) % keyBlocks();
        return new Tile(qb * blockQ, Math.min((qb + 1) * blockQ, queries()), kb, kb * blockK,
                Math.min((kb + 1) * blockK, keys()));
    }

    /** Every row's m, l and output after step {@code step}. */
    public State state(int step) {
        Tile tile = tile(step);
        int t = queries();
        int hd = values.dim(1);
        double[] m = new double[t];
        double[] l = new double[t];
        double[] rescale = new double[t];
        double[] before = new double[t];
        double[][] output = new double[t][hd];
        Arrays.fill(rescale, Double.NaN);
        Arrays.fill(before, Double.NaN);
        for (int i = 0; i < t; i++) {
            int block = i < tile.rowFrom() ? keyBlocks() - 1 : i < tile.rowTo() ? tile.keyBlock() : -1;
            if (block < 0) {
                m[i] = Double.NaN;
                l[i] = Double.NaN;
                Arrays.fill(output[i], Double.NaN);
                continue;
            }
            m[i] = onlineMax.get(i, block);
            l[i] = onlineSum.get(i, block);
            int seen = Math.min((block + 1) * blockK, keys());
            for (int j = 0; j < seen; j++) {
                double p = Math.exp(logits.get(i, j) - m[i]) / l[i];
                for (int c = 0; c < hd; c++) {
                    output[i][c] += p * values.get(j, c);
                }
            }
            if (i >= tile.rowFrom() && i < tile.rowTo()) {
                before[i] = block == 0 ? Double.NEGATIVE_INFINITY : onlineMax.get(i, block - 1);
                rescale[i] = Math.exp(before[i] - m[i]);
            }
        }
        return new State(tile, m, l, rescale, output, before);
    }

    /** Values held at once by the tiled route: O (t·hd), m and l (2t), one tile of scores (B_q·B_k). */
    public static long heldTiled(long t, long hd, long blockQ, long blockK) {
        return t * hd + 2 * t + blockQ * blockK;
    }

    /** By the direct route: the whole (t, s) matrix of weights and O. */
    public static long heldDirect(long t, long s, long hd) {
        return t * s + t * hd;
    }

    /** "Step 3 of 8: rows q1–q4, keys k5–k6 …" on the tile's first row. */
    public Text stepText(int step) {
        State st = state(step);
        Tile tile = st.tile();
        int row = tile.rowFrom();
        String key = st.mBefore()[row] == Double.NEGATIVE_INFINITY ? "chapter.flash.stepFirst" : "chapter.flash.step";
        return Text.of(key, step, stepCount(), tile.rowFrom() + 1, tile.rowTo(), tile.colFrom() + 1, tile.colTo(),
                "q" + (row + 1), st.mBefore()[row], st.m()[row], st.rescale()[row], st.l()[row]);
    }

    public Text differenceText() {
        return Text.of("chapter.flash.difference", new PowerOfTen(maxDifference));
    }

    public Text memoryText() {
        int t = queries();
        int hd = values.dim(1);
        return Text.of("chapter.flash.held", heldTiled(t, hd, blockQ, blockK), heldDirect(t, keys(), hd),
                LONG_CONTEXT / 1024, heldTiled(LONG_CONTEXT, LONG_HEAD_WIDTH, 128, 128) / 1e6,
                heldDirect(LONG_CONTEXT, LONG_CONTEXT, LONG_HEAD_WIDTH) / 1e9);
    }

    /** The first step in which some row's maximum rises, and that row; null if none does. */
    int[] firstRise() {
        for (int step = 1; step <= stepCount(); step++) {
            State st = state(step);
            for (int i = st.tile().rowFrom(); i < st.tile().rowTo(); i++) {
                if (st.mBefore()[i] > Double.NEGATIVE_INFINITY && st.m()[i] > st.mBefore()[i]) {
                    return new int[] {step, i};
                }
            }
        }
        return null;
    }

    @Override
    public Quiz quiz() {
        List<Question> q = new ArrayList<>();
        q.add(new NumericQuestion("tiles", Text.of("chapter.quiz.flash.tiles", queries(), keys(), blockQ, blockK),
                stepCount(), 0, Text.of("chapter.quiz.flash.tiles.why", queryBlocks(), keyBlocks(), stepCount())));
        int[] rise = firstRise();
        if (rise != null) {
            State st = state(rise[0]);
            int i = rise[1];
            q.add(new NumericQuestion("rescale", Text.of("chapter.quiz.flash.rescale", "q" + (i + 1), st.mBefore()[i],
                    st.m()[i]), st.rescale()[i], NumericQuestion.toleranceFor(4),
                    Text.of("chapter.quiz.flash.rescale.why", st.mBefore()[i], st.m()[i], st.rescale()[i])));
        }
        q.add(new ChoiceQuestion("same", Text.of("chapter.quiz.flash.same"),
                List.of(Text.of("chapter.quiz.flash.rounding"), Text.of("chapter.quiz.flash.percent"),
                        Text.of("chapter.quiz.flash.blocks")), 0,
                Text.of("chapter.quiz.flash.same.why", new PowerOfTen(maxDifference))));
        return new Quiz(TEXT.id(), q);
    }
}
