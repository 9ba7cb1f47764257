package org.attentionexplainer.lesson.chapters.quiz;

import java.util.List;
import org.attentionexplainer.lesson.Text;

/** Pick one of a few answers, by clicking. */
public record ChoiceQuestion(Text prompt, List<Text> choices, int correct, Text explanation) implements Question {

    public ChoiceQuestion {
        choices = List.copyOf(choices);
        if (correct < 0 || correct >= choices.size()) {
            throw new IllegalArgumentException("correct answer " + correct + " outside 0.." + (choices.size() - 1));
        }
    }

    public boolean isCorrect(int chosen) {
        return chosen == correct;
    }
}
