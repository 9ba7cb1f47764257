package org.attentionexplainer.lesson.chapters;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;

/**
 * Chapter 8, what attention costs: the calculator for the chosen inputs, the same for every
 * precision, memory against sequence length for a plot (the attention matrix grows with t^2,
 * the KV cache with t: the quadratic wall), and the corrected figure of the course notes.
 *
 * @param estimate      the chosen inputs
 * @param byPrecision   the same inputs in fp32, fp16 and bf16
 * @param series        t = 2^8 ... 2^17 at the chosen batch, heads and precision
 * @param wallTokens    the t at which one layer's attention matrix fills {@link #DEVICE_BYTES}
 */
public record CostChapter(CostEstimate estimate, List<CostEstimate> byPrecision, List<SeriesPoint> series,
                          double wallTokens, CourseNoteCorrection correction) implements Chapter {
    /** The chapter's title, headline and narrative. */
    public static final ChapterText TEXT = new ChapterText("cost", "chapter.cost.title",
            "chapter.cost.headline", List.of(
                    new Section("chapter.cost.flops.title", "chapter.cost.flops.text", "chapter.cost.flops.formula"),
                    new Section("chapter.cost.memory.title", "chapter.cost.memory.text",
                            "chapter.cost.memory.formula"),
                    new Section("chapter.cost.kv.title", "chapter.cost.kv.text", "chapter.cost.kv.formula"),
                    new Section("chapter.cost.wall.title", "chapter.cost.wall.text", null),
                    new Section("chapter.cost.correction.title", "chapter.cost.correction.text",
                            "chapter.cost.correction.formula")));


    /** An 80 GB accelerator (the memory of an A100 or H100), the reference line of the plot. */
    public static final double DEVICE_BYTES = 80e9;
    public static final int SERIES_FROM_LOG2 = 8;
    public static final int SERIES_TO_LOG2 = 17;

    /** One point of the plot. */
    public record SeriesPoint(int tokens, double attentionMatrixBytes, double kvCacheBytes) {
    }

    public CostChapter {
        byPrecision = List.copyOf(byPrecision);
        series = List.copyOf(series);
    }

    public static CostChapter compute(CostInputs in) {
        List<CostEstimate> all = new ArrayList<>();
        for (Precision p : Precision.values()) {
            all.add(CostEstimate.of(in.withPrecision(p)));
        }
        List<SeriesPoint> series = new ArrayList<>();
        for (int k = SERIES_FROM_LOG2; k <= SERIES_TO_LOG2; k++) {
            CostEstimate e = CostEstimate.of(in.withTokens(1 << k));
            series.add(new SeriesPoint(1 << k, e.attentionMatrixBytesPerLayer(), e.kvCacheBytes()));
        }
        double perToken2 = (double) in.batch() * in.heads() * in.precision().bytes();
        return new CostChapter(CostEstimate.of(in), all, series, Math.sqrt(DEVICE_BYTES / perToken2),
                CourseNoteCorrection.compute());
    }

    public static CostChapter compute(ModelPreset preset, Precision precision) {
        return compute(preset.inputs(precision));
    }

    @Override
    public Quiz quiz() {
        return BlockQuizzes.cost(this);
    }
}
