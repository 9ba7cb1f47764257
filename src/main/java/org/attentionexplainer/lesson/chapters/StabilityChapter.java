package org.attentionexplainer.lesson.chapters;

import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;

/**
 * Chapter 7, numerical stability of the softmax. The naive formula e^x_i / sum_j e^x_j
 * overflows as soon as one e^x_i exceeds the largest number of the format: in float32 (max
 * 3.4e38) from x = 88.7 on, so [1000, 1001, 1002] gives inf / inf = NaN; in float16 (max 65504)
 * already from x = 11.09 on, so [10, 11, 12] breaks too. Subtracting the row maximum first gives
 * the same softmax (the factor e^-max cancels) with every exponent at most 0, so nothing overflows.
 */
public record StabilityChapter(Run large, Run small) implements Chapter {
    /** The chapter's title, headline and narrative. */
    public static final ChapterText TEXT = new ChapterText("stability", "chapter.stability.title",
            "chapter.stability.headline", List.of(
                    new Section("chapter.stability.overflow.title", "chapter.stability.overflow.text",
                            "chapter.stability.overflow.formula"),
                    new Section("chapter.stability.half.title", "chapter.stability.half.text",
                            "chapter.stability.half.formula"),
                    new Section("chapter.stability.shift.title", "chapter.stability.shift.text",
                            "chapter.stability.shift.formula")));


    public static final float[] LARGE = {1000f, 1001f, 1002f};
    public static final float[] SMALL = {10f, 11f, 12f};
    /** ln(3.4028235e38) = 88.72: e^x overflows float32 above it. */
    public static final double FLOAT32_EXP_LIMIT = Math.log(Float.MAX_VALUE);
    /** ln(65504) = 11.09: e^x overflows float16 above it. */
    public static final double FLOAT16_EXP_LIMIT = Math.log(Float16.MAX);

    /**
     * One input through every variant.
     *
     * @param naiveExp32       e^x in float32
     * @param naiveSoftmax32   e^x / sum e^x in float32
     * @param naiveExp16       e^x in float16
     * @param naiveSoftmax16   e^x / sum e^x in float16
     * @param shifted          x - max x
     * @param stable32         the engine's softmax (max subtracted), float32
     * @param stable16         e^(x - max) / sum, float16
     */
    public record Run(Tensor x, Tensor naiveExp32, Tensor naiveSoftmax32, Tensor naiveExp16,
                      Tensor naiveSoftmax16, Tensor shifted, Tensor stable32, Tensor stable16) {

        public boolean naive32Fails() {
            return naiveSoftmax32.hasNonFinite();
        }

        public boolean naive16Fails() {
            return naiveSoftmax16.hasNonFinite();
        }
    }

    public static StabilityChapter compute(AttentionEngine engine) {
        return new StabilityChapter(run(engine, LARGE), run(engine, SMALL));
    }

    /** Any row of finite logits through the naive and the stable softmax in both formats. */
    public static Run run(AttentionEngine engine, float[] x) {
        int n = x.length;
        float[] exp32 = new float[n];
        float[] exp16 = new float[n];
        float[] h = new float[n];
        float sum32 = 0f;
        float max = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            exp32[i] = (float) Math.exp(x[i]);
            sum32 += exp32[i];
            h[i] = Float16.round(x[i]);
            exp16[i] = Float16.exp(h[i]);
            max = Math.max(max, h[i]);
        }
        float sum16 = Float16.sum(exp16);
        float[] soft32 = new float[n];
        float[] soft16 = new float[n];
        float[] shifted = new float[n];
        float[] shiftedExp = new float[n];
        for (int i = 0; i < n; i++) {
            soft32[i] = exp32[i] / sum32;
            soft16[i] = Float16.divide(exp16[i], sum16);
            shifted[i] = Float16.subtract(h[i], max);
            shiftedExp[i] = Float16.exp(shifted[i]);
        }
        float shiftedSum = Float16.sum(shiftedExp);
        float[] stable16 = new float[n];
        for (int i = 0; i < n; i++) {
            stable16[i] = Float16.divide(shiftedExp[i], shiftedSum);
        }
        return new Run(Tensor.vector(x), Tensor.vector(exp32), Tensor.vector(soft32), Tensor.vector(exp16),
                Tensor.vector(soft16), Tensor.vector(shifted), engine.softmax(Tensor.vector(x)),
                Tensor.vector(stable16));
    }

    @Override
    public Quiz quiz() {
        return BlockQuizzes.stability(this);
    }
}
