package org.attentionexplainer.lesson.chapters.quiz;

import java.util.List;
import org.attentionexplainer.lesson.Text;

/** Pick one of a few answers, by clicking. */
public record ChoiceQuestion(String id, Text prompt, List<Text> choices, int correct, Text explanation)
        implements Question {

    public ChoiceQuestion {
        id = Question.checkId(id, prompt);
        choices = List.copyOf(choices);
        if (correct < 0 || correct >= choices.size()) {
            throw new IllegalArgumentException("correct answer " + correct + " outside 0.." + (choices.size() - 1));
        }
    }

    /** A question whose id is its prompt's message key. */
    public ChoiceQuestion(Text prompt, List<Text> choices, int correct, Text explanation) {
        this(null, prompt, choices, correct, explanation);
    }

    public boolean isCorrect(int chosen) {
        return chosen == correct;
    }
}
