package org.attentionexplainer.lesson.chapters.quiz;

import java.util.List;

/**
 * The questions of one chapter, made from its current numbers.
 *
 * @param chapter the chapter's id ("causal")
 */
public record Quiz(String chapter, List<Question> questions) {
    public Quiz {
        questions = List.copyOf(questions);
    }
}
