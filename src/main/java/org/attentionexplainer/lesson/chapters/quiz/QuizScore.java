package org.attentionexplainer.lesson.chapters.quiz;

/** Right answers out of answered questions. */
public record QuizScore(int correct, int answered) {
    public static final QuizScore NONE = new QuizScore(0, 0);

    public QuizScore {
        if (answered < 0 || correct < 0 || correct > answered) {
            throw new IllegalArgumentException("score " + correct + "/" + answered);
        }
    }

    public QuizScore plus(boolean right) {
        return new QuizScore(correct + (right ? 1 : 0), answered + 1);
    }

    /** "3/4", the stored form. */
    public String asString() {
        return correct + "/" + answered;
    }

    /** Reads "3/4"; anything else is null. */
    static QuizScore parse(String s) {
        if (s == null) {
            return null;
        }
        String[] parts = s.strip().split("/");
        if (parts.length != 2) {
            return null;
        }
        try {
            int c = Integer.parseInt(parts[0].strip());
            int a = Integer.parseInt(parts[1].strip());
            return c >= 0 && a >= c ? new QuizScore(c, a) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
