package org.attentionexplainer.lesson.chapters;

import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Dropout;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.i18n.PowerOfTen;
import org.attentionexplainer.lesson.Text;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;

/**
 * Chapter 1, causal attention, on "Your journey starts with one step" with the book's weights
 * (seed 789, d_in 3, d_out 2, scaled by 1/sqrt 2). Symbols: t tokens; every matrix is (t, t),
 * row i the query, column j the key; "future" means j > i.
 *
 * @param scores                 Q K^T
 * @param maskedLogits           scores / sqrt(d_k) with -inf on the future
 * @param maskThenSoftmax        softmax of the masked logits
 * @param unmaskedWeights        softmax with no mask at all
 * @param softmaxThenRenormalize unmasked weights, future set to 0, each row divided by its sum
 * @param maxDifference          largest |maskThenSoftmax - softmaxThenRenormalize|
 * @param zeroMaskedLogits       the logits with 0 instead of -inf on the future
 * @param zeroMaskedWeights      their softmax: the future still gets weight
 * @param futureWeight           (t,) weight each query puts on the future when masking with 0
 * @param context                (t, d_out) maskThenSoftmax V
 */
public record CausalChapter(List<String> tokens, Tensor scores, Tensor maskedLogits, Tensor maskThenSoftmax,
                            Tensor unmaskedWeights, Tensor softmaxThenRenormalize, double maxDifference,
                            Tensor zeroMaskedLogits, Tensor zeroMaskedWeights, Tensor futureWeight, Tensor context,
                            DropoutDemo dropout) implements Chapter {
    /** The chapter's title, headline and narrative. */
    public static final ChapterText TEXT = new ChapterText("causal", "chapter.causal.title",
            "chapter.causal.headline", List.of(
                    new Section("chapter.causal.mask.title", "chapter.causal.mask.text",
                            "chapter.causal.mask.formula"),
                    new Section("chapter.causal.renorm.title", "chapter.causal.renorm.text",
                            "chapter.causal.renorm.formula"),
                    new Section("chapter.causal.zero.title", "chapter.causal.zero.text",
                            "chapter.causal.zero.formula"),
                    new Section("chapter.causal.dropout.title", "chapter.causal.dropout.text",
                            "chapter.causal.dropout.formula"),
                    new Section("chapter.causal.seed.title", "chapter.causal.seed.text", null)));


    public static final double DEFAULT_P = 0.5;
    public static final long DEFAULT_DROPOUT_SEED = 123;

    public static CausalChapter compute(AttentionEngine engine) {
        return compute(engine, DEFAULT_P, DEFAULT_DROPOUT_SEED);
    }

    public static CausalChapter compute(AttentionEngine engine, double dropoutP, long dropoutSeed) {
        Dropout dropout = new Dropout(dropoutP, dropoutSeed);
        AttentionSpec open = AttentionSpec.builder(CourseExamples.journey())
                .tokens(CourseExamples.JOURNEY_TOKENS)
                .projection(CourseExamples.bookProjection(CourseExamples.BOOK_SEED, 3, 2))
                .build();
        AttentionTrace unmasked = engine.compute(open);
        AttentionTrace causal = engine.compute(open.toBuilder().causal(true).build());
        AttentionTrace dropped = engine.compute(open.toBuilder().causal(true).dropout(dropout).build());

        float[][] weights = Matrices.first(causal.weights());
        float[][] renormalized = renormalizePast(Matrices.first(unmasked.weights()));
        float[][] zeroLogits = Matrices.first(unmasked.logits());
        for (int i = 0; i < zeroLogits.length; i++) {
            for (int j = i + 1; j < zeroLogits.length; j++) {
                zeroLogits[i][j] = 0f;
            }
        }
        Tensor zeroLogitsTensor = Tensor.matrix(zeroLogits);
        Tensor zeroWeights = engine.softmax(zeroLogitsTensor);
        float[] future = new float[zeroLogits.length];
        for (int i = 0; i < future.length; i++) {
            for (int j = i + 1; j < future.length; j++) {
                future[i] += zeroWeights.get(i, j);
            }
        }
        Tensor masked = Tensor.matrix(weights);
        Tensor renorm = Tensor.matrix(renormalized);
        return new CausalChapter(causal.tokens(), Tensor.matrix(Matrices.first(causal.scores())),
                Tensor.matrix(Matrices.first(causal.logits())), masked,
                Tensor.matrix(Matrices.first(unmasked.weights())), renorm, Matrices.maxAbsDiff(masked, renorm),
                zeroLogitsTensor, zeroWeights, Tensor.vector(future), Tensor.matrix(causal.context().matrix(0)),
                DropoutDemo.of(dropout, weights, Matrices.first(dropped.weights())));
    }

    /** Zero above the diagonal, then divide each row by what is left of it. */
    static float[][] renormalizePast(float[][] w) {
        float[][] out = new float[w.length][];
        for (int i = 0; i < w.length; i++) {
            out[i] = new float[w[i].length];
            float sum = 0f;
            for (int j = 0; j <= i; j++) {
                sum += w[i][j];
            }
            for (int j = 0; j <= i; j++) {
                out[i][j] = w[i][j] / sum;
            }
        }
        return out;
    }

    /** "Largest difference between the two: 3.0e−08". */
    public Text differenceText() {
        return Text.of("chapter.causal.difference", new PowerOfTen(maxDifference));
    }

    /** "Masking with 0, “Your” still puts 0.8029 of its weight on tokens it must not see." */
    public Text leakText(int query) {
        return Text.of("chapter.causal.leak", tokens.get(query), (double) futureWeight.get(query));
    }

    @Override
    public Quiz quiz() {
        return AttentionQuizzes.causal(this);
    }
}
