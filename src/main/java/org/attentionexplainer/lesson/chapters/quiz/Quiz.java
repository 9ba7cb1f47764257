package org.attentionexplainer.lesson.chapters.quiz;

import java.util.List;
import org.attentionexplainer.lesson.chapters.ChapterId;

/** The questions of one chapter, made from its current numbers. */
public record Quiz(ChapterId chapter, List<Question> questions) {
    public Quiz {
        questions = List.copyOf(questions);
    }
}
