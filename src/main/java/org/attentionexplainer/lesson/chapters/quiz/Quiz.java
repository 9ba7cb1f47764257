package org.attentionexplainer.lesson.chapters.quiz;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The questions of one chapter, made from its current numbers.
 *
 * @param chapter the chapter's id ("causal")
 */
public record Quiz(String chapter, List<Question> questions) {
    public Quiz {
        questions = List.copyOf(questions);
        Set<String> ids = new HashSet<>();
        for (Question q : questions) {
            if (!ids.add(q.id())) {
                throw new IllegalArgumentException("two questions of " + chapter + " have the id " + q.id());
            }
        }
    }

    /** Whether the quiz, as its numbers stand now, asks the question {@code id}. */
    public boolean asks(String id) {
        return questions.stream().anyMatch(q -> q.id().equals(id));
    }
}
