package org.attentionexplainer.lesson.chapters;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.i18n.PowerOfTen;
import org.attentionexplainer.lesson.Text;
import org.attentionexplainer.lesson.chapters.quiz.ChoiceQuestion;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Question;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;

/** Questions for the chapters around attention (6 to 9), from their current numbers. */
final class BlockQuizzes {
    /** The position whose encoding the encoder quiz asks for. */
    static final int PE_POSITION = 2;

    private BlockQuizzes() {
    }

    static Quiz encoder(EncoderChapter e) {
        List<Question> q = new ArrayList<>();
        double mean = EncoderChapter.rowMeans(e.output())[0];
        q.add(new NumericQuestion("mean", Text.of("chapter.quiz.encoder.mean"), 0, 1e-3,
                Text.of("chapter.quiz.encoder.mean.why", new PowerOfTen(mean),
                        EncoderChapter.rowVariances(e.output())[0])));
        double pe = e.positionalMap().get(PE_POSITION, 0);
        q.add(new NumericQuestion("pe",
                Text.of("chapter.quiz.encoder.pe", PE_POSITION), pe, NumericQuestion.toleranceFor(4),
                Text.of("chapter.quiz.encoder.pe.why", PE_POSITION, pe)));
        int dModel = e.ffn().output().dim(1);
        int dFf = e.ffn().hidden().dim(1);
        q.add(new NumericQuestion("ffn", Text.of("chapter.quiz.encoder.ffn", dModel), dFf, 0,
                Text.of("chapter.quiz.encoder.ffn.why", dModel, dFf)));
        return new Quiz(EncoderChapter.TEXT.id(), q);
    }

    static Quiz stability(StabilityChapter s) {
        List<Question> q = new ArrayList<>();
        float e1000 = s.large().naiveExp32().get(0);
        int answer = Float.isInfinite(e1000) ? 0 : Float.isNaN(e1000) ? 1 : e1000 == 0f ? 2 : 3;
        q.add(new ChoiceQuestion("exp", Text.of("chapter.quiz.stability.exp"),
                List.of(Text.literal("∞"), Text.literal("NaN"), Text.literal("0"),
                        Text.of("chapter.quiz.stability.finite")), answer,
                Text.of("chapter.quiz.stability.exp.why", StabilityChapter.FLOAT32_EXP_LIMIT)));
        q.add(new NumericQuestion("limit", Text.of("chapter.quiz.stability.limit"), StabilityChapter.FLOAT16_EXP_LIMIT,
                NumericQuestion.toleranceFor(2),
                Text.of("chapter.quiz.stability.limit.why", StabilityChapter.FLOAT16_EXP_LIMIT)));
        // any shift of [1000, 1001, 1002] is right, so the wrong choices reorder, flatten or stretch it
        float[] w = s.large().stable32().toArray();
        q.add(new ChoiceQuestion("shift", Text.of("chapter.quiz.stability.shift"),
                List.of(Text.literal("[−2, −1, 0]"), Text.literal("[2, 1, 0]"), Text.literal("[0, 0, 0]"),
                        Text.literal("[1, 2, 4]")), 0,
                Text.of("chapter.quiz.stability.shift.why", (double) w[0], (double) w[1], (double) w[2])));
        return new Quiz(StabilityChapter.TEXT.id(), q);
    }

    static Quiz cost(CostChapter c) {
        List<Question> q = new ArrayList<>();
        CourseNoteCorrection k = c.correction();
        q.add(new NumericQuestion("correction",
                Text.of("chapter.quiz.cost.correction", k.heads(), k.tokens()), k.bytes() / 1e12,
                NumericQuestion.toleranceFor(2), k.statement()));
        CostEstimate e = c.estimate();
        CostInputs in = e.inputs();
        double kib = e.kvCacheBytesPerToken() / 1024;
        q.add(new NumericQuestion("kv", Text.of("chapter.quiz.cost.kv", in.precision().symbol()), kib,
                NumericQuestion.toleranceFor(1),
                Text.of("chapter.quiz.cost.kv.why", in.layers(), in.kvHeads(), in.headDim(), in.precision().bytes(),
                        e.kvCacheBytesPerToken(), kib)));
        CostChapter.SeriesPoint a = c.series().get(0);
        CostChapter.SeriesPoint b = c.series().get(1);
        double factor = b.attentionMatrixBytes() / a.attentionMatrixBytes();
        q.add(new NumericQuestion("doubling", Text.of("chapter.quiz.cost.doubling"), factor, 0.01,
                Text.of("chapter.quiz.cost.doubling.why", factor, b.kvCacheBytes() / a.kvCacheBytes())));
        return new Quiz(CostChapter.TEXT.id(), q);
    }

    /** From the single-token case and the length of the long one (no need to compute it). */
    static Quiz edgeCases(EdgeCasesChapter.Single single, int longTokens) {
        List<Question> q = new ArrayList<>();
        double w = single.weights().get(0, 0);
        q.add(new NumericQuestion("single", Text.of("chapter.quiz.edge.single"), w, NumericQuestion.toleranceFor(4),
                Text.of("chapter.quiz.edge.single.why", single.score())));
        long entries = (long) longTokens * longTokens;
        q.add(new NumericQuestion("entries", Text.of("chapter.quiz.edge.entries", longTokens), entries / 1e6,
                NumericQuestion.toleranceFor(2),
                Text.of("chapter.quiz.edge.entries.why", longTokens, entries, entries * 4.0 / (1 << 20))));
        return new Quiz(EdgeCasesChapter.TEXT.id(), q);
    }
}
