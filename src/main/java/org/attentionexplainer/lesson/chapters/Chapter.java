package org.attentionexplainer.lesson.chapters;

import org.attentionexplainer.lesson.chapters.quiz.Quiz;

/** The numbers of one chapter, from which its quiz is made. */
public interface Chapter {
    /** Predict-then-reveal questions on these numbers. */
    Quiz quiz();
}
