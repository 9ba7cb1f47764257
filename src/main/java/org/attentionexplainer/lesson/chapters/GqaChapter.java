package org.attentionexplainer.lesson.chapters;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Projection;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.lesson.Text;
import org.attentionexplainer.lesson.chapters.quiz.ChoiceQuestion;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Question;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;

/**
 * Grouped-query and multi-query attention. Query head i reads K/V head i / (h / kv): kv = h is
 * ordinary multi-head attention, kv = 1 multi-query attention. The toy model is the book's
 * multi-head attention on "Your journey starts with one step" (seed 123, h 8, hd 2, no mask)
 * turned into GQA as the GQA paper (Ainslie et al., 2023) converts a checkpoint: the K and V
 * projections of the heads of a group are averaged ("mean pooling"), the queries stay.
 * The cache figures are those of Llama-3.1-8B at 128K tokens in bf16.
 *
 * @param kvHeads       the K/V heads of the setting shown
 * @param trace         the toy model with that many K/V heads
 * @param changeFromMha largest |weight - weight with kv = h| over all heads, queries and keys
 * @param llama         the Llama-3.1-8B cache for every divisor of its 32 query heads, largest first
 */
public record GqaChapter(int kvHeads, AttentionTrace trace, double changeFromMha, List<LlamaCache> llama)
        implements Chapter {
    /** The chapter's title, headline and narrative. */
    public static final ChapterText TEXT = new ChapterText("gqa", "chapter.gqa.title", "chapter.gqa.headline",
            List.of(new Section("chapter.gqa.share.title", "chapter.gqa.share.text", "chapter.gqa.share.formula"),
                    new Section("chapter.gqa.convert.title", "chapter.gqa.convert.text", null),
                    new Section("chapter.gqa.memory.title", "chapter.gqa.memory.text",
                            "chapter.gqa.memory.formula"),
                    new Section("chapter.gqa.notes.title", "chapter.gqa.notes.text", "chapter.gqa.notes.formula")));

    public static final int HEADS = 8;
    public static final int HEAD_DIM = 2;
    public static final long SEED = 123;
    /** Llama 3's choice scaled to the toy: four query heads per K/V head. */
    public static final int DEFAULT_KV_HEADS = 2;

    /** Llama-3.1-8B: layers, query heads, K/V heads, head width; a 128K context; bf16. */
    public static final int LLAMA_LAYERS = 32;
    public static final int LLAMA_HEADS = 32;
    public static final int LLAMA_KV_HEADS = 8;
    public static final int LLAMA_HEAD_DIM = 128;
    public static final int LLAMA_TOKENS = 128 * 1024;
    public static final int BF16_BYTES = 2;
    /** What the course notes print for 32 K/V heads: 34 GB. */
    public static final long NOTES_BYTES = 34_000_000_000L;

    /**
     * The KV cache of Llama-3.1-8B with {@code kvHeads} K/V heads: 2 (K and V) x layers x kv x hd
     * x bytes per token, times the tokens.
     */
    public record LlamaCache(int kvHeads, long bytesPerToken, long bytes) {
        public static LlamaCache of(int kvHeads, long tokens) {
            long perToken = 2L * LLAMA_LAYERS * kvHeads * LLAMA_HEAD_DIM * BF16_BYTES;
            return new LlamaCache(kvHeads, perToken, Math.multiplyExact(perToken, tokens));
        }

        /** In GiB (2^30 bytes). */
        public double gib() {
            return bytes / (double) (1L << 30);
        }

        /** In decimal GB (10^9 bytes). */
        public double gb() {
            return bytes / 1e9;
        }
    }

    public GqaChapter {
        llama = List.copyOf(llama);
    }

    public static GqaChapter compute(AttentionEngine engine) {
        return compute(engine, DEFAULT_KV_HEADS);
    }

    public static GqaChapter compute(AttentionEngine engine, int kvHeads) {
        if (kvHeads < 1 || HEADS % kvHeads != 0) {
            throw new IllegalArgumentException("K/V heads must divide " + HEADS + ", got " + kvHeads);
        }
        Projection.Separate mha = CourseExamples.bookProjection(SEED, 3, HEADS * HEAD_DIM);
        AttentionTrace full = engine.compute(spec(mha, HEADS));
        AttentionTrace grouped = kvHeads == HEADS ? full : engine.compute(spec(new Projection.Separate(mha.query(),
                meanPool(mha.key(), kvHeads), meanPool(mha.value(), kvHeads)), kvHeads));
        List<LlamaCache> llama = new ArrayList<>();
        for (int kv : divisors(LLAMA_HEADS)) {
            llama.add(LlamaCache.of(kv, LLAMA_TOKENS));
        }
        return new GqaChapter(kvHeads, grouped, Matrices.maxAbsDiff(grouped.weights(), full.weights()), llama);
    }

    private static AttentionSpec spec(Projection.Separate p, int kvHeads) {
        return AttentionSpec.builder(CourseExamples.journey()).tokens(CourseExamples.JOURNEY_TOKENS).projection(p)
                .heads(HEADS).kvHeads(kvHeads).build();
    }

    /**
     * (d_in, h hd) to (d_in, kv hd): the columns of K/V head g are the mean of the columns of the
     * query heads g G .. g G + G - 1 that share it, G = h / kv.
     */
    static Tensor meanPool(Tensor w, int kvHeads) {
        float[][] m = w.matrix();
        int group = HEADS / kvHeads;
        float[][] out = new float[m.length][kvHeads * HEAD_DIM];
        for (int r = 0; r < m.length; r++) {
            for (int g = 0; g < kvHeads; g++) {
                for (int c = 0; c < HEAD_DIM; c++) {
                    double sum = 0;
                    for (int i = g * group; i < (g + 1) * group; i++) {
                        sum += m[r][i * HEAD_DIM + c];
                    }
                    out[r][g * HEAD_DIM + c] = (float) (sum / group);
                }
            }
        }
        return Tensor.matrix(out);
    }

    /** The divisors of n, largest first: the K/V head counts a model with n query heads can have. */
    public static List<Integer> divisors(int n) {
        List<Integer> out = new ArrayList<>();
        for (int d = n; d >= 1; d--) {
            if (n % d == 0) {
                out.add(d);
            }
        }
        return out;
    }

    /** The K/V head that query head {@code head} reads (both counted from 0). */
    public int kvHeadOf(int head) {
        return head / (HEADS / kvHeads);
    }

    /** The (t, t) weights of one query head. */
    public float[][] headWeights(int head) {
        return trace.weights().matrix(0, head);
    }

    /** Numbers the toy model caches per token and layer: K and V, kv heads of hd. */
    public int cachedPerToken() {
        return 2 * kvHeads * HEAD_DIM;
    }

    /** The row of the Llama table for a K/V head count. */
    public LlamaCache llama(int kv) {
        return llama.stream().filter(c -> c.kvHeads() == kv).findFirst().orElseThrow();
    }

    /** The Llama row with as many query heads per K/V head as the toy setting shown. */
    public LlamaCache llamaAtSameRatio() {
        return llama(LLAMA_HEADS / (HEADS / kvHeads));
    }

    /** Bytes of K alone for 32 K/V heads: half the cache, and 34.4 GB. */
    public static long keysOnlyBytes() {
        return LlamaCache.of(LLAMA_HEADS, LLAMA_TOKENS).bytes() / 2;
    }

    /** The full cache for 32 K/V heads with 128K read as 128 000 tokens. */
    public static long decimalContextBytes() {
        return LlamaCache.of(LLAMA_HEADS, 128_000).bytes();
    }

    /** "The notes' 34 GB is K alone: ..." with the figures of the correction. */
    public Text notesStatement() {
        LlamaCache full = llama(LLAMA_HEADS);
        return Text.of("chapter.gqa.notes.statement", full.bytes(), full.gib(), full.gb(), keysOnlyBytes(),
                keysOnlyBytes() / 1e9, decimalContextBytes() / 1e9, NOTES_BYTES / 1e9);
    }

    @Override
    public Quiz quiz() {
        List<Question> q = new ArrayList<>();
        // Llama: 32 query heads on 8 K/V heads, groups of 4; query head 13 (from 1) is index 12: 12 / 4 = 3
        int llamaHead = 13;
        int group = LLAMA_HEADS / LLAMA_KV_HEADS;
        int answer = (llamaHead - 1) / group + 1;
        q.add(new NumericQuestion("which", Text.of("chapter.quiz.gqa.which", LLAMA_HEADS, LLAMA_KV_HEADS, llamaHead),
                answer, 0,
                Text.of("chapter.quiz.gqa.which.why", LLAMA_HEADS, LLAMA_KV_HEADS, group, llamaHead, answer)));
        LlamaCache own = llama(LLAMA_KV_HEADS);
        q.add(new NumericQuestion("gib", Text.of("chapter.quiz.gqa.gib", LLAMA_KV_HEADS), own.gib(),
                NumericQuestion.toleranceFor(0), Text.of("chapter.quiz.gqa.gib.why", LLAMA_LAYERS, LLAMA_KV_HEADS,
                LLAMA_HEAD_DIM, LLAMA_TOKENS, own.bytes(), own.gib())));
        q.add(new ChoiceQuestion("notes", Text.of("chapter.quiz.gqa.notes"),
                List.of(Text.of("chapter.quiz.gqa.notes.kv"), Text.of("chapter.quiz.gqa.notes.unit"),
                        Text.of("chapter.quiz.gqa.notes.layers")), 0,
                notesStatement()));
        q.add(new NumericQuestion("toy", Text.of("chapter.quiz.gqa.toy", kvHeads, HEAD_DIM), cachedPerToken(), 0,
                Text.of("chapter.quiz.gqa.toy.why", kvHeads, HEAD_DIM, cachedPerToken(), 2 * HEADS * HEAD_DIM)));
        return new Quiz(TEXT.id(), q);
    }
}
