package org.attentionexplainer.lesson.chapters.quiz;

import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * The learner's quiz scores, one per chapter (by its id). Immutable: answering returns a new
 * progress. Stored as a map of plain strings ("causal" to "3/4"), so any settings store can keep it.
 */
public final class QuizProgress {
    private final Map<String, QuizScore> scores;

    private QuizProgress(Map<String, QuizScore> scores) {
        this.scores = scores;
    }

    public static QuizProgress empty() {
        return new QuizProgress(new TreeMap<>());
    }

    public QuizScore score(String chapter) {
        return scores.getOrDefault(chapter, QuizScore.NONE);
    }

    public QuizProgress record(String chapter, boolean correct) {
        Map<String, QuizScore> next = new TreeMap<>(scores);
        next.put(chapter, score(chapter).plus(correct));
        return new QuizProgress(next);
    }

    public QuizProgress reset(String chapter) {
        Map<String, QuizScore> next = new TreeMap<>(scores);
        next.remove(chapter);
        return new QuizProgress(next);
    }

    /** All chapters together. */
    public QuizScore total() {
        int c = 0;
        int a = 0;
        for (QuizScore s : scores.values()) {
            c += s.correct();
            a += s.answered();
        }
        return new QuizScore(c, a);
    }

    /** Chapter id to "correct/answered", for chapters with at least one answer. */
    public Map<String, String> toStrings() {
        Map<String, String> out = new TreeMap<>();
        scores.forEach((chapter, s) -> out.put(chapter, s.asString()));
        return out;
    }

    /**
     * The inverse of {@link #toStrings()} for the chapters {@code chapters}: other ids and
     * unreadable scores are skipped.
     */
    public static QuizProgress fromStrings(Map<String, String> stored, Collection<String> chapters) {
        Map<String, QuizScore> scores = new TreeMap<>();
        stored.forEach((id, value) -> {
            QuizScore s = QuizScore.parse(value);
            if (s != null && chapters.contains(id)) {
                scores.put(id, s);
            }
        });
        return new QuizProgress(scores);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof QuizProgress p && p.scores.equals(scores);
    }

    @Override
    public int hashCode() {
        return scores.hashCode();
    }

    @Override
    public String toString() {
        return "QuizProgress" + toStrings();
    }
}
