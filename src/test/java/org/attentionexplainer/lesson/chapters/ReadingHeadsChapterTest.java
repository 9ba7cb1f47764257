package org.attentionexplainer.lesson.chapters;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.attentionexplainer.engine.bert.MiniLmModel;
import org.attentionexplainer.engine.text.Token;
import org.attentionexplainer.lesson.Text;
import org.attentionexplainer.lesson.chapters.ReadingHeadsChapter.Detector;
import org.attentionexplainer.lesson.chapters.ReadingHeadsChapter.Status;
import org.attentionexplainer.lesson.chapters.ReadingHeadsChapter.Survey;
import org.attentionexplainer.lesson.chapters.quiz.ChoiceQuestion;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;
import org.attentionexplainer.lesson.heads.HeadScores;
import org.junit.jupiter.api.Test;

/**
 * The hand-made map's scores by hand, the delimiters of a token list by hand, the ranking and the
 * "find the head" question on a made-up survey; on the real model (when its jar is on the class
 * path) the pooled scores recomputed here from the model's own maps, and the patterns the
 * chapter's text claims.
 */
class ReadingHeadsChapterTest {

    @Test
    void theHandMadeMapsScoresByHand() {
        HeadScores s = ReadingHeadsChapter.handScores();
        // rows 1..3 on the key before: 0.25, 0.6, 0.5 -> 0.45; on key 0: 0.25, 0.1, 0.2 -> 0.55 / 3
        assertEquals(0.45, s.previousToken().getAsDouble(), 1e-7);
        assertEquals(0.55 / 3, s.firstToken().getAsDouble(), 1e-7);
        // A B A B: row 2 -> key 1 (0.6), row 3 -> key 2 (0.5)
        assertEquals(0.55, s.induction().getAsDouble(), 1e-7);
        // delimiter = key 0 in every row: 1, 0.25, 0.1, 0.2 -> 1.55 / 4
        assertEquals(0.3875, s.delimiter().getAsDouble(), 1e-7);
        double row1 = -(0.25 * Math.log(0.25) + 0.75 * Math.log(0.75));
        double row2 = -(0.1 * Math.log(0.1) + 0.6 * Math.log(0.6) + 0.3 * Math.log(0.3));
        double row3 = -(2 * 0.2 * Math.log(0.2) + 0.1 * Math.log(0.1) + 0.5 * Math.log(0.5));
        assertEquals((0 + row1 + row2 + row3) / 4, s.broad().getAsDouble(), 1e-6);
    }

    @Test
    void delimitersAreSepAndPunctuationNotCls() {
        List<Token> tokens = List.of(new Token("[CLS]", 101, -1, true), new Token("the", 1996, 0, false),
                new Token(",", 1010, 1, false), new Token("cat", 4937, 2, false), new Token("##'s", 1, 2, false),
                new Token("'", 1005, 3, false), new Token(".", 1012, 4, false), new Token("[SEP]", 102, -1, true));
        assertArrayEquals(new int[] {2, 5, 6, 7}, ReadingHeadsChapter.delimiters(tokens));
    }

    /** 72 heads whose previous-token score is (12 l + h) / 100 and first-token score its reverse. */
    private static Survey madeUp() {
        List<List<HeadScores>> scores = new ArrayList<>();
        for (int l = 0; l < 6; l++) {
            List<HeadScores> row = new ArrayList<>();
            for (int h = 0; h < 12; h++) {
                double v = (12 * l + h) / 100.0;
                row.add(new HeadScores(OptionalDouble.of(v), OptionalDouble.of(0.71 - v), OptionalDouble.empty(),
                        OptionalDouble.of(0.5), OptionalDouble.of(1.0)));
            }
            scores.add(row);
        }
        return new Survey(scores, List.of(), new float[0][][][][]);
    }

    @Test
    void rankingAndFindTheHead() {
        Survey s = madeUp();
        assertArrayEquals(new int[] {5, 11}, s.ranking(Detector.PREVIOUS).get(0));
        assertEquals(1, s.rank(Detector.PREVIOUS, 5, 11));
        assertEquals(72, s.rank(Detector.PREVIOUS, 0, 0));
        assertEquals(1, s.rank(Detector.FIRST, 0, 0));
        assertTrue(Float.isNaN(s.grid(Detector.INDUCTION)[2][3]), "no qualifying row: NaN, drawn masked");
        assertEquals(0.25f, s.grid(Detector.PREVIOUS)[2][1], 1e-7f);
        // ranks 1, 10, 37 and 72 are heads 71, 62, 35 and 0: (6, 12), (6, 3), (3, 12), (1, 1) counted from 1;
        // listed by layer and head, the best is the last
        ChoiceQuestion q = ReadingHeadsChapter.findTheHead(s, Detector.PREVIOUS, "chapter.quiz.heads.find.previous");
        assertEquals(List.of(Text.of("chapter.heads.headName", 1, 1), Text.of("chapter.heads.headName", 3, 12),
                Text.of("chapter.heads.headName", 6, 3), Text.of("chapter.heads.headName", 6, 12)), q.choices());
        assertEquals(3, q.correct());
    }

    @Test
    void withoutTheModelTheQuizStillAsksAboutTheHandMadeMap() {
        ReadingHeadsChapter c = ReadingHeadsChapter.waiting(Status.UNAVAILABLE, "");
        assertNull(c.survey(false));
        Quiz quiz = c.quiz();
        assertEquals("heads", quiz.chapter());
        assertEquals(3, quiz.questions().size());
        assertEquals(0.45, ((NumericQuestion) quiz.questions().get(0)).answer(), 1e-7);
        assertEquals(0.55, ((NumericQuestion) quiz.questions().get(1)).answer(), 1e-7);
    }

    @Test
    void onTheRealModel() throws Exception {
        assumeTrue(MiniLmModel.isAvailable(), "the model jar is not on the class path");
        MiniLmModel model = MiniLmModel.load(f -> { });
        ReadingHeadsChapter c = ReadingHeadsChapter.compute(model);
        Survey en = c.survey(false);
        assertEquals(6, en.layers());
        assertEquals(12, en.heads());
        // "the cat sat on the mat , and ..." : [CLS] at 0, the comma at 7, the full stop at 15, [SEP] at 16
        assertEquals("[CLS]", en.tokens().get(0).get(0));
        assertEquals(",", en.tokens().get(0).get(7));
        assertEquals(17, en.tokens().get(0).size());
        // the pooled previous-token score of every head, recomputed here from the maps: sum of w[i][i-1] over
        // rows 1..n-1 of every sentence, over the count of those rows
        for (int l = 0; l < 6; l++) {
            for (int h = 0; h < 12; h++) {
                double sum = 0;
                int rows = 0;
                for (float[][][][] sentence : en.maps()) {
                    float[][] w = sentence[l][h];
                    for (int i = 1; i < w.length; i++) {
                        sum += w[i][i - 1];
                        rows++;
                    }
                }
                assertEquals(sum / rows, en.scores().get(l).get(h).previousToken().getAsDouble(), 1e-9);
            }
        }
        // what the text says: one head of layer 1 looks at the previous token on both sets, nearly always
        Survey tr = c.survey(true);
        int[] best = en.ranking(Detector.PREVIOUS).get(0);
        assertArrayEquals(best, tr.ranking(Detector.PREVIOUS).get(0));
        assertEquals(0, best[0]);
        assertTrue(en.value(Detector.PREVIOUS, best[0], best[1]) > 0.95);
        assertTrue(tr.value(Detector.PREVIOUS, best[0], best[1]) > 0.95);
        // MiniLM reads both ways: no head is an induction head on the English set
        assertTrue(en.value(Detector.INDUCTION, en.ranking(Detector.INDUCTION).get(0)[0],
                en.ranking(Detector.INDUCTION).get(0)[1]) < 0.2);
        assertEquals(5, c.quiz().questions().size());
    }
}
