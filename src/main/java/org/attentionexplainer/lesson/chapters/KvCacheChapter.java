package org.attentionexplainer.lesson.chapters;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.DecodeStep;
import org.attentionexplainer.engine.KvCache;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.tinygpt.ShippedModel;
import org.attentionexplainer.engine.tinygpt.TinyGpt;
import org.attentionexplainer.i18n.PowerOfTen;
import org.attentionexplainer.lesson.Text;
import org.attentionexplainer.lesson.chapters.quiz.ChoiceQuestion;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Question;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;

/**
 * The KV cache: the causal chapter's model (the book's weights, seed 789, d_in 3, d_out 2, one
 * head, scaled by 1/√2) fed "Your journey starts with one step" a token at a time, as a model
 * generating text is fed its own output. Step n (1-based) projects only token n, appends its key
 * and value to the cache and computes one query row over n keys. Symbols: t tokens, n keys at a
 * step, d_in input width, d the projected width (K/V width here too), h heads of width hd.
 *
 * <p>Work per step, counted by the engine as multiply-adds (2 FLOPs each):
 * <pre>
 *   with the cache     d_in·3d + 2·h·n·hd        (one token's projections, one row of Q K^T and of W V)
 *   without            n·d_in·3d + 2·h·n²·hd     (every token's projections and the n × n maps again)
 * </pre>
 *
 * @param tokens  (t) the sentence
 * @param full    (t, t) one full causal computation's weights
 * @param stepped (t, t) row i: the weights of step i + 1, 0 beyond its keys
 * @param keys    (t, d) the cache's K after the last step
 * @param values  (t, d) the cache's V
 * @param steps   each step's numbers, in order
 * @param generation the shipped tiny GPT generating from a prompt with its KV caches: the same
 *                mechanism in a trained model of two layers of four heads
 */
public record KvCacheChapter(List<String> tokens, Tensor full, Tensor stepped, Tensor keys, Tensor values,
                             List<Step> steps, KvGeneration generation) implements Chapter {
    /** The chapter's title, headline and narrative. */
    public static final ChapterText TEXT = new ChapterText("kv-cache", "chapter.kv.title", "chapter.kv.headline",
            List.of(new Section("chapter.kv.generate.title", "chapter.kv.generate.text",
                            "chapter.kv.generate.formula"),
                    new Section("chapter.kv.work.title", "chapter.kv.work.text", "chapter.kv.work.formula"),
                    new Section("chapter.kv.same.title", "chapter.kv.same.text", null),
                    new Section("chapter.kv.memory.title", "chapter.kv.memory.text",
                            "chapter.kv.memory.formula")));

    /** The model's sizes: d_in, d (= hd, one head), layers, bytes per cached number (float32). */
    public static final int D_IN = 3;
    public static final int WIDTH = 2;
    public static final int HEADS = 1;
    public static final int LAYERS = 1;
    public static final int BYTES = 4;
    /** The long context of the memory comparison: Llama-3-8B at 128K tokens in bf16. */
    public static final int LONG_CONTEXT = 128 * 1024;
    /** The position of the step the "far along" comparison counts. */
    public static final int FAR_STEP = 1000;

    /**
     * One step: the new token's query row.
     *
     * @param position    the token's index, from 0; n = position + 1 keys
     * @param weights     (n) its weights over the cached keys
     * @param key         (d) its key, the cache's new row
     * @param value       (d) its value
     * @param context     (d) weights · V
     * @param flops       this step's FLOPs with the cache
     * @param flopsWithout the same step's FLOPs computing every token again
     * @param maxDifference largest |weight − full causal weight| of this row
     */
    public record Step(int position, float[] weights, float[] key, float[] value, float[] context, long flops,
                       long flopsWithout, double maxDifference) {
        public int keyCount() {
            return position + 1;
        }
    }

    public KvCacheChapter {
        tokens = List.copyOf(tokens);
        steps = List.copyOf(steps);
    }

    public static KvCacheChapter compute(AttentionEngine engine) {
        AttentionSpec model = AttentionSpec.builder(CourseExamples.journey())
                .tokens(CourseExamples.JOURNEY_TOKENS)
                .projection(CourseExamples.bookProjection(CourseExamples.BOOK_SEED, D_IN, WIDTH))
                .causal(true)
                .build();
        AttentionTrace full = engine.compute(model);
        float[][] fullWeights = Matrices.first(full.weights());
        int t = fullWeights.length;
        float[][] stepped = new float[t][t];
        float[][] keys = new float[t][];
        float[][] values = new float[t][];
        List<Step> steps = new ArrayList<>();
        KvCache cache = KvCache.empty(model);
        Tensor x = model.input();
        for (int i = 0; i < t; i++) {
            DecodeStep d = cache.append(Tensor.vector(x.row(i)));
            float[] w = d.weights().row(0, 0);
            double diff = 0;
            for (int j = 0; j < w.length; j++) {
                stepped[i][j] = w[j];
                diff = Math.max(diff, Math.abs(w[j] - fullWeights[i][j]));
            }
            keys[i] = d.k().row(0, 0);
            values[i] = d.v().row(0, 0);
            steps.add(new Step(i, w, keys[i], values[i], d.context().row(0), 2 * d.multiplyAdds(),
                    2 * d.multiplyAddsWithoutCache(), diff));
        }
        return new KvCacheChapter(full.tokens(), Tensor.matrix(fullWeights), Tensor.matrix(stepped),
                Tensor.matrix(keys), Tensor.matrix(values), steps, KvGeneration.generate(shippedGpt(engine)));
    }

    private static TinyGpt shippedGpt(AttentionEngine engine) {
        try {
            return new TinyGpt(ShippedModel.load().weights(), engine);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    /** Step {@code n} of 1..t. */
    public Step step(int n) {
        return steps.get(n - 1);
    }

    /** FLOPs of the steps 1..n together, with the cache and without. */
    public long flopsUpTo(int n) {
        return steps.subList(0, n).stream().mapToLong(Step::flops).sum();
    }

    public long flopsWithoutUpTo(int n) {
        return steps.subList(0, n).stream().mapToLong(Step::flopsWithout).sum();
    }

    /** The toy model's FLOPs for the step with n keys, by the formula of the class comment. */
    public static long flopsWithCache(long n) {
        return 2 * (D_IN * 3L * WIDTH + 2L * HEADS * n * (WIDTH / HEADS));
    }

    public static long flopsWithoutCache(long n) {
        return 2 * (n * D_IN * 3L * WIDTH + 2L * HEADS * n * n * (WIDTH / HEADS));
    }

    /** Largest |stepped − full| over the first n rows. */
    public double maxDifferenceUpTo(int n) {
        return steps.subList(0, n).stream().mapToDouble(Step::maxDifference).max().orElse(0);
    }

    /** K and V of one token in this toy model: 2 · layers · K/V heads · hd · bytes. */
    public static long bytesPerToken() {
        return 2L * LAYERS * HEADS * (WIDTH / HEADS) * BYTES;
    }

    /** Llama-3-8B's cache in bf16, as the cost chapter computes it, at {@link #LONG_CONTEXT} tokens. */
    public static CostEstimate llama() {
        ModelPreset m = ModelPreset.LLAMA3_8B;
        return CostEstimate.of(new CostInputs(1, LONG_CONTEXT, m.layers(), m.heads(), m.kvHeads(), m.headDim(),
                Precision.BF16));
    }

    /** "Step 3 of 6: “starts” asks 3 cached keys …". */
    public Text stepText(int n) {
        Step s = step(n);
        return Text.of("chapter.kv.step", n, tokens.size(), tokens.get(s.position()), s.keyCount(), s.flops(),
                s.flopsWithout(), flopsUpTo(n), flopsWithoutUpTo(n));
    }

    public Text sameText(int n) {
        return Text.of("chapter.kv.same", n, new PowerOfTen(maxDifferenceUpTo(n)));
    }

    public Text farText() {
        return Text.of("chapter.kv.far", FAR_STEP, flopsWithCache(FAR_STEP), flopsWithoutCache(FAR_STEP),
                (double) flopsWithoutCache(FAR_STEP) / flopsWithCache(FAR_STEP));
    }

    public Text memoryText(int n) {
        CostEstimate l = llama();
        return Text.of("chapter.kv.memoryNow", bytesPerToken(), n, n * bytesPerToken(),
                l.kvCacheBytesPerToken() / 1024, LONG_CONTEXT / 1024, l.kvCacheBytes() / (1L << 30));
    }

    @Override
    public Quiz quiz() {
        List<Question> q = new ArrayList<>();
        int n = 4;
        q.add(new NumericQuestion(Text.of("chapter.quiz.kv.rows", tokens.get(n - 1)), n, 0,
                Text.of("chapter.quiz.kv.rows.why", tokens.get(n - 1), n)));
        Step s = step(n);
        q.add(new NumericQuestion(Text.of("chapter.quiz.kv.flops", n, D_IN, WIDTH), s.flops(), 0,
                Text.of("chapter.quiz.kv.flops.why", D_IN, WIDTH, n, s.flops(), s.flopsWithout())));
        double diff = maxDifferenceUpTo(steps.size());
        boolean same = diff < 1e-6;
        q.add(new ChoiceQuestion(Text.of("chapter.quiz.kv.same"),
                List.of(Text.of("chapter.quiz.yes"), Text.of("chapter.quiz.no")), same ? 0 : 1,
                Text.of("chapter.quiz.kv.same.why", new PowerOfTen(diff))));
        int at = 10;
        long numbers = 2L * generation.config().layers() * at * generation.config().dModel();
        q.add(new NumericQuestion(Text.of("chapter.quiz.kv.gpt", at, generation.config().layers(),
                generation.config().dModel()), numbers, 0, Text.of("chapter.quiz.kv.gpt.why", at,
                generation.config().layers(), generation.config().dModel(), numbers, 4 * numbers)));
        return new Quiz(TEXT.id(), q);
    }
}
