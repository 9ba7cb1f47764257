package org.attentionexplainer.lesson.chapters;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.MaskedRow;
import org.attentionexplainer.i18n.PowerOfTen;
import org.attentionexplainer.lesson.Text;
import org.attentionexplainer.lesson.chapters.quiz.ChoiceQuestion;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Question;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;

/** Questions for the chapters on the attention map itself (1 to 5), from their current numbers. */
final class AttentionQuizzes {
    /** The query the causal and masks questions ask about: "with", far enough in to see a few keys. */
    static final int QUERY_WITH = 3;

    private AttentionQuizzes() {
    }

    static Quiz causal(CausalChapter c) {
        List<Question> q = new ArrayList<>();
        float[] row = c.maskThenSoftmax().row(QUERY_WITH);
        int best = argmax(row);
        List<Text> choices = new ArrayList<>();
        for (int j = 0; j <= QUERY_WITH; j++) {
            choices.add(Text.literal(c.tokens().get(j)));
        }
        q.add(new ChoiceQuestion("strongest",
                Text.of("chapter.quiz.causal.strongest", c.tokens().get(QUERY_WITH)), choices, best,
                Text.of("chapter.quiz.causal.strongest.why", c.tokens().get(QUERY_WITH), c.tokens().get(best),
                        (double) row[best])));
        int future = c.tokens().size() - 1;
        q.add(new NumericQuestion("leak",
                Text.of("chapter.quiz.causal.leak", c.tokens().get(0)), c.futureWeight().get(0),
                NumericQuestion.toleranceFor(4),
                Text.of("chapter.quiz.causal.leak.why", future, (double) c.futureWeight().get(0))));
        double w = c.maskThenSoftmax().get(1, 0);
        double p = c.dropout().p();
        double kept = w / (1 - p);
        q.add(new NumericQuestion("rescale",
                Text.of("chapter.quiz.causal.rescale", p, w), kept, NumericQuestion.toleranceFor(4),
                Text.of("chapter.quiz.causal.rescale.why", w, 1 - p, kept)));
        return new Quiz(CausalChapter.TEXT.id(), q);
    }

    static Quiz multiHead(MultiHeadChapter m) {
        List<Question> q = new ArrayList<>();
        int hd = m.dOut() / m.heads();
        q.add(new NumericQuestion("hd", Text.of("chapter.quiz.multihead.hd", m.dOut(), m.heads()), hd, 0,
                Text.of("chapter.quiz.multihead.hd.why", m.dOut(), m.heads(), hd)));
        ShapeStep scores = m.shapes().get(4);
        int b = scores.dims().get(0);
        int h = scores.dims().get(1);
        int t = scores.dims().get(2);
        java.util.Set<String> distinct = new java.util.LinkedHashSet<>(List.of(scores.dimsString(),
                shape(b, t, h, hd), shape(b, t, t), shape(b, h, t, hd)));
        List<Text> shapes = new ArrayList<>();
        for (String s : distinct) {
            shapes.add(Text.literal(s));
        }
        q.add(new ChoiceQuestion("shape", Text.of("chapter.quiz.multihead.shape"), shapes, 0,
                Text.of("chapter.quiz.multihead.shape.why", scores.dimsString())));
        boolean same = m.maxDifference() < 1e-6;
        q.add(new ChoiceQuestion("fused", Text.of("chapter.quiz.multihead.fused"),
                List.of(Text.of("chapter.quiz.yes"), Text.of("chapter.quiz.no")), same ? 0 : 1,
                Text.of("chapter.quiz.multihead.fused.why", new PowerOfTen(m.maxDifference()))));
        return new Quiz(MultiHeadChapter.TEXT.id(), q);
    }

    static Quiz masks(MasksChapter m) {
        List<Question> q = new ArrayList<>();
        int sentence = 1;
        String token = m.tokens().get(sentence).get(QUERY_WITH);
        int visible = m.visibleKeys(sentence, QUERY_WITH);
        q.add(new NumericQuestion("visible", Text.of("chapter.quiz.masks.visible", token), visible, 0,
                Text.of("chapter.quiz.masks.visible.why", token, visible)));
        q.add(new ChoiceQuestion("or", Text.of("chapter.quiz.masks.or"),
                List.of(Text.of("chapter.quiz.masks.hidden"), Text.of("chapter.quiz.masks.visibleKey")), 0,
                Text.of("chapter.quiz.masks.or.why")));
        List<MaskedRow> empty = m.fullyMaskedRows();
        if (!empty.isEmpty()) {
            MaskedRow first = empty.get(0);
            List<String> tokens = m.tokens().get(first.batch());
            List<Text> choices = new ArrayList<>();
            for (String s : tokens) {
                choices.add(Text.literal(s));
            }
            q.add(new ChoiceQuestion("empty",
                    Text.of("chapter.quiz.masks.empty", first.batch() + 1), choices, first.query(),
                    Text.of("chapter.quiz.masks.empty.why", tokens.get(first.query()))));
        }
        return new Quiz(MasksChapter.TEXT.id(), q);
    }

    static Quiz hardSoft(HardSoftChapter c) {
        List<Question> q = new ArrayList<>();
        int best = c.strongestKey();
        List<Text> choices = new ArrayList<>();
        for (String s : c.tokens()) {
            choices.add(Text.literal(s));
        }
        String query = c.tokens().get(c.query());
        q.add(new ChoiceQuestion("strongest", Text.of("chapter.quiz.hardsoft.strongest", query), choices, best,
                Text.of("chapter.quiz.hardsoft.strongest.why", query, c.tokens().get(best),
                        (double) c.scores().get(c.query(), best))));
        int key = (c.query() + 1) % c.tokens().size();
        q.add(new NumericQuestion("dot", Text.of("chapter.quiz.hardsoft.dot", query, c.tokens().get(key)),
                c.scores().get(c.query(), key), NumericQuestion.toleranceFor(4), c.dotProductText(key)));
        RecipeStore store = c.store();
        List<Text> recipes = new ArrayList<>();
        for (String k : RecipeStore.RECIPE_KEYS) {
            recipes.add(Text.of(k));
        }
        int pick = store.bestRecipe();
        q.add(new ChoiceQuestion("recipe",
                Text.of("chapter.quiz.hardsoft.recipe", Text.of(RecipeStore.QUERY_KEY)), recipes,
                pick, Text.of("chapter.quiz.hardsoft.recipe.why", recipes.get(pick), (double) store.scores().get(pick),
                        store.beta(), (double) store.soft().get(pick))));
        return new Quiz(HardSoftChapter.TEXT.id(), q);
    }

    static Quiz cross(CrossChapter c) {
        List<Question> q = new ArrayList<>();
        q.add(new NumericQuestion("columns", Text.of("chapter.quiz.cross.columns"), c.columns(), 0,
                Text.of("chapter.quiz.cross.columns.why", c.columns(), c.rows())));
        int asker = c.rows() - 1;
        int best = c.strongestSource(asker);
        List<Text> choices = new ArrayList<>();
        for (String s : c.encoderTokens()) {
            choices.add(Text.literal(s));
        }
        q.add(new ChoiceQuestion("strongest",
                Text.of("chapter.quiz.cross.strongest", c.decoderTokens().get(asker)), choices, best,
                Text.of("chapter.quiz.cross.strongest.why", c.decoderTokens().get(asker), c.encoderTokens().get(best),
                        (double) c.weights().get(asker, best))));
        return new Quiz(CrossChapter.TEXT.id(), q);
    }

    static int argmax(float[] row) {
        int best = 0;
        for (int i = 1; i < row.length; i++) {
            if (row[i] > row[best]) {
                best = i;
            }
        }
        return best;
    }

    private static String shape(int... dims) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < dims.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(dims[i]);
        }
        return sb.append(')').toString();
    }
}
