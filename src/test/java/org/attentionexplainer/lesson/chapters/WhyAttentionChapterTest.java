package org.attentionexplainer.lesson.chapters;

import static org.attentionexplainer.lesson.chapters.Golden.assertClose;
import static org.attentionexplainer.lesson.chapters.Golden.chapter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.lesson.chapters.quiz.ChoiceQuestion;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The RNN against attention, against PyTorch (tools/golden/make_why_kv_flash.py: nn.RNN and autograd). */
class WhyAttentionChapterTest {
    private static AttentionEngine engine;

    @BeforeAll
    static void start() {
        engine = new AttentionEngine();
    }

    private static Tensor vector(double[] v) {
        float[] f = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            f[i] = (float) v[i];
        }
        return Tensor.vector(f);
    }

    @Test
    void theSeededRnnAndItsSensitivityMatchPyTorch() {
        for (int n : new int[] {2, 3, 8, 20}) {
            WhyAttentionChapter c = WhyAttentionChapter.compute(engine, n);
            assertClose("h_n, n = " + n, chapter("why_attention/last_state_n" + n + ".npy"),
                    Tensor.vector(c.lastState()), 1e-6);
            Tensor want = chapter("why_attention/sensitivity_n" + n + ".npy");
            // relative: at 20 words the first word's sensitivity is about 2e-7 of the last one's
            for (int j = 0; j < n; j++) {
                assertEquals(want.get(j), c.sensitivity()[j], 1e-4 * want.get(j), "n = " + n + ", word " + j);
            }
            assertClose("weights, n = " + n, chapter("why_attention/weights_n" + n + ".npy"), vector(c.weights()),
                    1e-6);
        }
    }

    @Test
    void theRnnForgetsTheFirstWordGeometricallyAttentionDoesNot() {
        WhyAttentionChapter c = WhyAttentionChapter.compute(engine, 8);
        // reference.json: rnn_first_over_last_n{2,8,20}, attention_first_over_last_n*
        assertEquals(0.6276996731758118, c.rnnRatio()[0], 1e-5);
        assertEquals(0.014792979694902897, c.rnnFirstOverLast(), 1e-4 * 0.0148);
        assertEquals(2.1720771314903686e-07, c.rnnRatio()[20 - 2], 1e-4 * 2.17e-7);
        for (double r : c.attentionRatio()) {
            assertEquals(0.5352765917778015, r, 1e-5, "attention: the same at every length");
        }
        for (int i = 1; i < c.rnnRatio().length; i++) {
            assertTrue(c.rnnRatio()[i] < c.rnnRatio()[i - 1], "falls with every word added");
        }
        double sum = 0;
        for (double s : c.rnnShare()) {
            sum += s;
        }
        assertEquals(1, sum, 1e-12);
        assertEquals(c.sensitivity()[0] / (c.sensitivity()[0] + c.sensitivity()[1] + c.sensitivity()[2]
                + c.sensitivity()[3] + c.sensitivity()[4] + c.sensitivity()[5] + c.sensitivity()[6]
                + c.sensitivity()[7]), c.rnnShare()[0], 1e-12);
        assertEquals(java.util.List.of("x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8"), c.labels());
    }

    @Test
    void aLengthOutsideTheRangeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> WhyAttentionChapter.compute(engine, 1));
        assertThrows(IllegalArgumentException.class, () -> WhyAttentionChapter.compute(engine, 21));
    }

    @Test
    void quizAnswersComeFromTheNumbers() {
        Quiz quiz = WhyAttentionChapter.compute(engine, 8).quiz();
        assertEquals("why-attention", quiz.chapter());
        ChoiceQuestion longer = (ChoiceQuestion) quiz.questions().get(0);
        assertEquals("chapter.quiz.why.same", longer.choices().get(longer.correct()).key());
        NumericQuestion numbers = (NumericQuestion) quiz.questions().get(1);
        assertTrue(numbers.isCorrect(8), "nn.RNN(4, 8): a state of 8 numbers");
        ChoiceQuestion path = (ChoiceQuestion) quiz.questions().get(2);
        assertEquals("1", path.choices().get(path.correct()).args().get(0));
    }
}
