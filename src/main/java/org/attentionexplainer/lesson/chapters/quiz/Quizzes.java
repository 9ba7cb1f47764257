package org.attentionexplainer.lesson.chapters.quiz;

import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.lesson.chapters.CausalChapter;
import org.attentionexplainer.lesson.chapters.ChapterId;
import org.attentionexplainer.lesson.chapters.CostChapter;
import org.attentionexplainer.lesson.chapters.CrossChapter;
import org.attentionexplainer.lesson.chapters.EdgeCasesChapter;
import org.attentionexplainer.lesson.chapters.EncoderChapter;
import org.attentionexplainer.lesson.chapters.HardSoftChapter;
import org.attentionexplainer.lesson.chapters.MasksChapter;
import org.attentionexplainer.lesson.chapters.ModelPreset;
import org.attentionexplainer.lesson.chapters.MultiHeadChapter;
import org.attentionexplainer.lesson.chapters.Precision;
import org.attentionexplainer.lesson.chapters.StabilityChapter;

/** The quiz of any chapter at its default settings. */
public final class Quizzes {
    private Quizzes() {
    }

    public static Quiz forChapter(ChapterId chapter, AttentionEngine engine) {
        return switch (chapter) {
            case CAUSAL -> AttentionQuizzes.causal(CausalChapter.compute(engine));
            case MULTI_HEAD -> AttentionQuizzes.multiHead(MultiHeadChapter.compute(engine));
            case MASKS -> AttentionQuizzes.masks(MasksChapter.compute(engine));
            case HARD_SOFT -> AttentionQuizzes.hardSoft(HardSoftChapter.compute(engine));
            case CROSS -> AttentionQuizzes.cross(CrossChapter.compute(engine));
            case ENCODER -> BlockQuizzes.encoder(EncoderChapter.compute(engine));
            case STABILITY -> BlockQuizzes.stability(StabilityChapter.compute(engine));
            case COST -> BlockQuizzes.cost(CostChapter.compute(ModelPreset.LLAMA3_8B, Precision.FP16));
            case EDGE_CASES -> BlockQuizzes.edgeCases(EdgeCasesChapter.single(engine),
                    EdgeCasesChapter.DEFAULT_LONG_TOKENS);
        };
    }
}
