package org.attentionexplainer.lesson.chapters.quiz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.lesson.chapters.CausalChapter;
import java.util.List;
import org.attentionexplainer.lesson.chapters.Chapter;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.ui.chapters.RegisteredChapters;
import org.attentionexplainer.lesson.chapters.CostChapter;
import org.attentionexplainer.lesson.chapters.Golden;
import org.attentionexplainer.lesson.chapters.HardSoftChapter;
import org.attentionexplainer.lesson.chapters.MasksChapter;
import org.attentionexplainer.lesson.chapters.ModelPreset;
import org.attentionexplainer.lesson.chapters.Precision;
import org.attentionexplainer.lesson.Text;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class QuizzesTest {
    private static AttentionEngine engine;

    @BeforeAll
    static void start() {
        engine = new AttentionEngine();
    }

    @Test
    void causalQuestionsComeFromTheNumbers() {
        Quiz quiz = CausalChapter.compute(engine).quiz();
        ChoiceQuestion strongest = (ChoiceQuestion) quiz.questions().get(0);
        // the book's row for "with": [0.2758, 0.2460, 0.2462, 0.2319]: "Your" wins
        assertEquals(List.of("Your", "journey", "starts", "with"),
                strongest.choices().stream().map(t -> t.args().get(0)).toList());
        assertTrue(strongest.isCorrect(0));
        assertFalse(strongest.isCorrect(1));
        NumericQuestion leak = (NumericQuestion) quiz.questions().get(1);
        float[] zeroMasked = Golden.chapter("causal/weights_zero_masked.npy").toArray();
        double future = zeroMasked[1] + zeroMasked[2] + zeroMasked[3] + zeroMasked[4] + zeroMasked[5];
        assertEquals(future, leak.answer(), 1e-6);
        assertTrue(leak.isCorrect(Math.round(future * 1e4) / 1e4), "four decimals are right");
        assertFalse(leak.isCorrect(future + 0.001));
        assertFalse(leak.isCorrect(Double.NaN));
        NumericQuestion rescale = (NumericQuestion) quiz.questions().get(2);
        assertEquals(0.5517 * 2, rescale.answer(), 1e-4, "a survivor of p = 0.5 doubles");
    }

    @Test
    void whichKeyWinsForSunIsShiny() {
        Quiz quiz = HardSoftChapter.compute(engine, 2, 1).quiz();
        ChoiceQuestion strongest = (ChoiceQuestion) quiz.questions().get(0);
        assertEquals(1, strongest.correct(), "shiny: 1.2487 beats sun itself, 1.2406");
        NumericQuestion dot = (NumericQuestion) quiz.questions().get(1);
        // sun . Hello = 0.29*0.34 + 0.54*0.22 + 0.93*0.54 = 0.0986 + 0.1188 + 0.5022
        assertEquals(0.7196, dot.answer(), 5e-5);
        assertTrue(dot.isCorrect(0.7196));
        ChoiceQuestion recipe = (ChoiceQuestion) quiz.questions().get(2);
        assertEquals(3, recipe.correct(), "apple pie");
        assertEquals(Text.of("chapter.hardsoft.recipe.pie"), recipe.choices().get(3));
    }

    @Test
    void masksQuizAsksAboutTheEmptyRowOnlyWhenThereIsOne() {
        Quiz all = MasksChapter.compute(engine).quiz();
        assertEquals(3, all.questions().size());
        assertEquals(3, ((NumericQuestion) all.questions().get(0)).answer(), "journey, starts, with");
        assertEquals(5, ((ChoiceQuestion) all.questions().get(2)).correct(), "the last <pad>");
        Quiz causalOnly = MasksChapter.compute(engine, true, false, 2, false).quiz();
        assertEquals(2, causalOnly.questions().size());
        assertEquals(4, ((NumericQuestion) causalOnly.questions().get(0)).answer(), "Your .. with");
    }

    @Test
    void costQuizForLlama() {
        Quiz quiz = CostChapter.compute(ModelPreset.LLAMA3_8B, Precision.FP16).quiz();
        assertEquals(1.0995, ((NumericQuestion) quiz.questions().get(0)).answer(), 1e-4);
        assertTrue(((NumericQuestion) quiz.questions().get(0)).isCorrect(1.10));
        assertEquals(128, ((NumericQuestion) quiz.questions().get(1)).answer(), "131 072 bytes");
        assertEquals(4, ((NumericQuestion) quiz.questions().get(2)).answer());
    }

    @Test
    void everyChapterHasAQuiz() {
        List<ChapterText> texts = RegisteredChapters.texts();
        List<Chapter> chapters = RegisteredChapters.compute(engine);
        for (int i = 0; i < texts.size(); i++) {
            Quiz quiz = chapters.get(i).quiz();
            assertEquals(texts.get(i).id(), quiz.chapter());
            assertTrue(quiz.questions().size() >= 2, texts.get(i).id() + " has " + quiz.questions().size());
        }
    }

    @Test
    void toleranceForDecimals() {
        assertEquals(0.00005, NumericQuestion.toleranceFor(4), 1e-11);
        NumericQuestion q = new NumericQuestion(Text.of("chapter.quiz.edge.single"), 0.55168, 0.00005, Text.literal(""));
        assertTrue(q.isCorrect(0.5517));
        assertFalse(q.isCorrect(0.5518));
    }
}
