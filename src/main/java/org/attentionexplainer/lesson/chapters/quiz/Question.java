package org.attentionexplainer.lesson.chapters.quiz;

import java.util.regex.Pattern;
import org.attentionexplainer.lesson.Text;

/**
 * A predict-then-reveal question: the learner answers first, then reads the explanation,
 * which carries the numbers of the chapter.
 */
public sealed interface Question permits ChoiceQuestion, NumericQuestion {
    /** What an id may hold: it is stored with the learner's progress ("leak=right;rescale=wrong"). */
    Pattern ID = Pattern.compile("[A-Za-z0-9._-]+");

    /**
     * Stable within its chapter: the learner's answer is kept under it, so the same question
     * counts once, whatever its position and whatever the chapter's numbers are now.
     */
    String id();

    Text prompt();

    Text explanation();

    /** The id given, or the prompt's message key when none is; refuses an id that cannot be stored. */
    static String checkId(String id, Text prompt) {
        String checked = id == null ? prompt.key() : id;
        if (!ID.matcher(checked).matches()) {
            throw new IllegalArgumentException("question id \"" + checked + "\": letters, digits, '.', '_', '-' only");
        }
        return checked;
    }
}
