package org.attentionexplainer.lesson.chapters.quiz;

import org.attentionexplainer.lesson.Text;

/**
 * A predict-then-reveal question: the learner answers first, then reads the explanation,
 * which carries the numbers of the chapter.
 */
public sealed interface Question permits ChoiceQuestion, NumericQuestion {
    Text prompt();

    Text explanation();
}
