package org.attentionexplainer.lesson.chapters;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.lesson.Text;
import org.attentionexplainer.lesson.chapters.quiz.ChoiceQuestion;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Question;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;

/**
 * Sliding-window attention: query i reads keys i - w .. i only (the engine's {@code window}, as the
 * Mistral 7B paper writes it). On the causal book example ("Your journey starts with one step",
 * seed 789, d_out 2), how far information still travels when layers are stacked, and the rolling KV
 * cache that stops growing at w + 1 positions, with Mistral 7B's figures.
 *
 * @param window      w: how many tokens back a query reads, besides itself
 * @param windowed    the causal weights with the window
 * @param causal      the causal weights without it
 * @param lostWeight  (t,) weight each query put, without the window, on keys the window hides
 * @param reach       reach.get(l - 1)[i][j] = 1 if token j's information can reach position i after
 *                    l layers: the one-layer pattern multiplied out l times, not the formula
 */
public record WindowChapter(int window, List<String> tokens, Tensor windowed, Tensor causal, Tensor lostWeight,
                            List<float[][]> reach) implements Chapter {
    /** The chapter's title, headline and narrative. */
    public static final ChapterText TEXT = new ChapterText("window", "chapter.window.title",
            "chapter.window.headline", List.of(
                    new Section("chapter.window.band.title", "chapter.window.band.text",
                            "chapter.window.band.formula"),
                    new Section("chapter.window.reach.title", "chapter.window.reach.text",
                            "chapter.window.reach.formula"),
                    new Section("chapter.window.cache.title", "chapter.window.cache.text",
                            "chapter.window.cache.formula"),
                    new Section("chapter.window.trade.title", "chapter.window.trade.text", null)));

    public static final int DEFAULT_WINDOW = 2;
    /** Layers drawn in the reach figure: two, a pair that stays large on a projector. */
    public static final int LAYERS_SHOWN = 2;

    /** Mistral 7B: layers, K/V heads, head width, window; bf16. */
    public static final int MISTRAL_LAYERS = 32;
    public static final int MISTRAL_KV_HEADS = 8;
    public static final int MISTRAL_HEAD_DIM = 128;
    public static final int MISTRAL_WINDOW = 4096;
    public static final int BF16_BYTES = 2;
    /** Context lengths of the cache table: 4K to 128K tokens. */
    public static final List<Integer> CONTEXTS = List.of(4096, 8192, 32768, 131072);

    public WindowChapter {
        tokens = List.copyOf(tokens);
        reach = List.copyOf(reach);
    }

    public static WindowChapter compute(AttentionEngine engine) {
        return compute(engine, DEFAULT_WINDOW);
    }

    public static WindowChapter compute(AttentionEngine engine, int window) {
        int t = CourseExamples.JOURNEY_TOKENS.size();
        if (window < 1 || window >= t) {
            throw new IllegalArgumentException("the window must be from 1 to " + (t - 1) + ", got " + window);
        }
        AttentionSpec causalSpec = AttentionSpec.builder(CourseExamples.journey())
                .tokens(CourseExamples.JOURNEY_TOKENS)
                .projection(CourseExamples.bookProjection(CourseExamples.BOOK_SEED, 3, 2))
                .causal(true)
                .build();
        AttentionTrace causal = engine.compute(causalSpec);
        AttentionTrace windowed = engine.compute(causalSpec.toBuilder().window(window).build());
        float[][] full = Matrices.first(causal.weights());
        float[] lost = new float[t];
        for (int i = 0; i < t; i++) {
            for (int j = 0; j < i - window; j++) {
                lost[i] += full[i][j];
            }
        }
        return new WindowChapter(window, windowed.tokens(), Tensor.matrix(Matrices.first(windowed.weights())),
                Tensor.matrix(full), Tensor.vector(lost), reach(t, window, LAYERS_SHOWN));
    }

    /**
     * Who can reach whom after 1 .. layers layers: the one-layer pattern (1 where query i reads key
     * j) composed with itself, as a boolean matrix product.
     */
    static List<float[][]> reach(int t, int window, int layers) {
        float[][] one = new float[t][t];
        for (int i = 0; i < t; i++) {
            for (int j = Math.max(0, i - window); j <= i; j++) {
                one[i][j] = 1;
            }
        }
        List<float[][]> out = new ArrayList<>();
        float[][] now = one;
        out.add(one);
        for (int l = 2; l <= layers; l++) {
            float[][] next = new float[t][t];
            for (int i = 0; i < t; i++) {
                for (int k = 0; k < t; k++) {
                    if (now[i][k] == 0) {
                        continue;
                    }
                    for (int j = 0; j < t; j++) {
                        if (one[k][j] != 0) {
                            next[i][j] = 1;
                        }
                    }
                }
            }
            out.add(next);
            now = next;
        }
        return out;
    }

    /** How many tokens back the last position draws on after {@code layers} layers, read off the reach. */
    public int reachBack(int layers) {
        float[][] r = reach.get(layers - 1);
        int last = r.length - 1;
        int first = last;
        while (first > 0 && r[last][first - 1] != 0) {
            first--;
        }
        return last - first;
    }

    /** Bytes of Mistral 7B's cache per token: K and V, every layer, its K/V heads. */
    public static long mistralBytesPerToken() {
        return 2L * MISTRAL_LAYERS * MISTRAL_KV_HEADS * MISTRAL_HEAD_DIM * BF16_BYTES;
    }

    /** Positions a cache keeps at a context of {@code tokens}: all of them, or the last w + 1 with a window. */
    public static long cachedPositions(long tokens, Integer window) {
        return window == null ? tokens : Math.min(tokens, window + 1L);
    }

    /** Mistral 7B's cache in bytes at {@code tokens}, with its window or without one. */
    public static long mistralCacheBytes(long tokens, boolean withWindow) {
        return mistralBytesPerToken() * cachedPositions(tokens, withWindow ? MISTRAL_WINDOW : null);
    }

    /** "Without the window, “step” put 0.3475 of its weight on “Your”, “journey” …": what the window takes away. */
    public Text lostText() {
        int last = tokens.size() - 1;
        return Text.of("chapter.window.lost", tokens.get(last), (double) lostWeight.get(last), window + 1,
                Math.max(0, last - window));
    }

    /** "After 2 layers, “step” draws on tokens up to 4 back: L · w = 2 · 2." */
    public Text reachText(int layers) {
        String last = tokens.get(tokens.size() - 1);
        if (layers * window > tokens.size() - 1) {
            // the sentence starts before L · w: the reach is cut by it, not by the layers
            return Text.of("chapter.window.reachAll", layers, last, window, layers * window);
        }
        return Text.of("chapter.window.reachShown", layers, last, reachBack(layers), window);
    }

    @Override
    public Quiz quiz() {
        List<Question> q = new ArrayList<>();
        // hand arithmetic: each layer passes information on w more positions
        int w = 2;
        int layers = 3;
        q.add(new NumericQuestion("reach", Text.of("chapter.quiz.window.reach", w, layers), layers * w, 0,
                Text.of("chapter.quiz.window.reach.why", layers, w, layers * w)));
        int context = 32768;
        double mib = mistralCacheBytes(context, true) / (double) (1 << 20);
        q.add(new NumericQuestion("cache", Text.of("chapter.quiz.window.cache", MISTRAL_WINDOW, context),
                mib, 1, Text.of("chapter.quiz.window.cache.why", MISTRAL_WINDOW + 1, mistralBytesPerToken() / 1024,
                mib, mistralCacheBytes(context, false) / (double) (1L << 30))));
        q.add(new ChoiceQuestion("far", Text.of("chapter.quiz.window.far", MISTRAL_WINDOW),
                List.of(Text.of("chapter.quiz.window.far.layers"), Text.of("chapter.quiz.window.far.never"),
                        Text.of("chapter.quiz.window.far.direct")), 0,
                Text.of("chapter.quiz.window.far.why", MISTRAL_WINDOW)));
        return new Quiz(TEXT.id(), q);
    }
}
