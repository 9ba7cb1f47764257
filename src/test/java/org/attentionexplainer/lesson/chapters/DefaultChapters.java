package org.attentionexplainer.lesson.chapters;

import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;

/** The chapters of the course at their default settings, for the lesson's own tests. */
public final class DefaultChapters {
    private DefaultChapters() {
    }

    public static List<ChapterText> texts() {
        return List.of(CausalChapter.TEXT, MultiHeadChapter.TEXT, MasksChapter.TEXT, HardSoftChapter.TEXT,
                CrossChapter.TEXT, EncoderChapter.TEXT, StabilityChapter.TEXT, CostChapter.TEXT, EdgeCasesChapter.TEXT,
                WhyAttentionChapter.TEXT, KvCacheChapter.TEXT, FlashChapter.TEXT);
    }

    /** Each chapter's numbers, in the order of {@link #texts()}. */
    public static List<Chapter> compute(AttentionEngine engine) {
        return List.of(CausalChapter.compute(engine), MultiHeadChapter.compute(engine), MasksChapter.compute(engine),
                HardSoftChapter.compute(engine), CrossChapter.compute(engine), EncoderChapter.compute(engine),
                StabilityChapter.compute(engine), CostChapter.compute(ModelPreset.LLAMA3_8B, Precision.FP16),
                EdgeCasesChapter.single(engine), WhyAttentionChapter.compute(engine), KvCacheChapter.compute(engine),
                FlashChapter.compute(engine));
    }
}
