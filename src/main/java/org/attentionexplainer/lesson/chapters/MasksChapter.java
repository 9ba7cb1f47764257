package org.attentionexplainer.lesson.chapters;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.MaskedRow;
import org.attentionexplainer.engine.Masks;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;

/**
 * Chapter 3, masks, on a batch of two sentences of different lengths: "Hello shiny sun" padded to
 * six positions with zero vectors, and "Your journey starts with one step". Every mask is
 * (b, t, s) = (2, 6, 6) with 1 where key j is hidden from query i; masks combine with a logical OR.
 * The weights use the embeddings themselves as Q, K and V, scaled by 1/sqrt(3).
 *
 * @param tokens    per sentence, the padding written as {@link #PAD}
 * @param padding   (b, s) 1 for a real token, 0 for padding
 * @param causal    the causal mask alone
 * @param window    the sliding window alone: hidden when |i - j| > w
 * @param paddingMask the padding mask alone: hidden when key j is padding
 * @param combined  the chosen masks ORed together
 * @param trace     attention with the combined mask
 */
public record MasksChapter(List<List<String>> tokens, Tensor padding, int windowSize, boolean useCausal,
                           boolean useWindow, boolean usePadding, Tensor causal, Tensor window, Tensor paddingMask,
                           Tensor combined, AttentionTrace trace) implements Chapter {
    /** The chapter's title, headline and narrative. */
    public static final ChapterText TEXT = new ChapterText("masks", "chapter.masks.title",
            "chapter.masks.headline", List.of(
                    new Section("chapter.masks.padding.title", "chapter.masks.padding.text",
                            "chapter.masks.padding.formula"),
                    new Section("chapter.masks.window.title", "chapter.masks.window.text",
                            "chapter.masks.window.formula"),
                    new Section("chapter.masks.combine.title", "chapter.masks.combine.text",
                            "chapter.masks.combine.formula"),
                    new Section("chapter.masks.empty.title", "chapter.masks.empty.text", null)));


    public static final String PAD = "<pad>";
    public static final int DEFAULT_WINDOW = 2;
    private static final int T = 6;

    public MasksChapter {
        tokens = tokens.stream().map(List::copyOf).toList();
    }

    public static MasksChapter compute(AttentionEngine engine) {
        return compute(engine, true, true, DEFAULT_WINDOW, true);
    }

    public static MasksChapter compute(AttentionEngine engine, boolean useCausal, boolean useWindow, int windowSize,
                                       boolean usePadding) {
        float[] x = new float[2 * T * 3];
        System.arraycopy(CourseExamples.hello().toArray(), 0, x, 0, 9);
        System.arraycopy(CourseExamples.journey().toArray(), 0, x, T * 3, T * 3);
        float[] pad = {1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1};
        Tensor padding = Tensor.of(pad, 2, T);
        List<String> first = new ArrayList<>(CourseExamples.HELLO_TOKENS);
        while (first.size() < T) {
            first.add(PAD);
        }
        Integer w = useWindow ? windowSize : null;
        AttentionSpec spec = AttentionSpec.builder(Tensor.of(x, 2, T, 3))
                .causal(useCausal)
                .window(w)
                .padding(usePadding ? padding : null)
                .build();
        AttentionTrace trace = engine.compute(spec);
        return new MasksChapter(List.of(first, CourseExamples.JOURNEY_TOKENS), padding, windowSize, useCausal,
                useWindow, usePadding, Masks.build(2, T, T, true, null, null),
                Masks.build(2, T, T, false, windowSize, null), Masks.build(2, T, T, false, null, padding),
                trace.mask(), trace);
    }

    /** The (t, s) mask of one sentence of the combination. */
    public float[][] combinedFor(int sentence) {
        return combined.matrix(sentence);
    }

    /** Keys that query i of a sentence still sees under the combined mask. */
    public int visibleKeys(int sentence, int query) {
        int n = 0;
        for (float m : combined.row(sentence, query)) {
            n += m == 0f ? 1 : 0;
        }
        return n;
    }

    /** Queries with no key left: their weights and context are 0 (PyTorch's softmax would give NaN). */
    public List<MaskedRow> fullyMaskedRows() {
        return trace.fullyMaskedRows();
    }

    /** True when every entry of the combination is the OR of the chosen parts. */
    public boolean combinationIsLogicalOr() {
        float[] c = combined.toArray();
        float[] ca = causal.toArray();
        float[] wi = window.toArray();
        float[] pa = paddingMask.toArray();
        for (int i = 0; i < c.length; i++) {
            boolean or = (useCausal && ca[i] != 0f) || (useWindow && wi[i] != 0f) || (usePadding && pa[i] != 0f);
            if (or != (c[i] != 0f)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public Quiz quiz() {
        return AttentionQuizzes.masks(this);
    }
}
