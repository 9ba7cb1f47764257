package org.attentionexplainer.lesson.chapters.quiz;

import org.attentionexplainer.lesson.Text;

/**
 * Type a number; it counts as right within {@code tolerance} of the answer, so 0.5517 is right
 * for 0.55168 when the question asks for four decimals.
 */
public record NumericQuestion(String id, Text prompt, double answer, double tolerance, Text explanation)
        implements Question {

    /** Tolerance for an answer asked with {@code decimals} decimals: half a unit of the last one. */
    public static double toleranceFor(int decimals) {
        return 0.5 * Math.pow(10, -decimals) + 1e-12;
    }

    public NumericQuestion {
        id = Question.checkId(id, prompt);
        if (!Double.isFinite(answer) || !(tolerance >= 0)) {
            throw new IllegalArgumentException("answer " + answer + " with tolerance " + tolerance);
        }
    }

    /** A question whose id is its prompt's message key. */
    public NumericQuestion(Text prompt, double answer, double tolerance, Text explanation) {
        this(null, prompt, answer, tolerance, explanation);
    }

    public boolean isCorrect(double given) {
        return Double.isFinite(given) && Math.abs(given - answer) <= tolerance;
    }
}
