package org.attentionexplainer.lesson.chapters.quiz;

import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import org.attentionexplainer.lesson.chapters.ChapterId;

/**
 * The learner's quiz scores, one per chapter. Immutable: answering returns a new progress.
 * Stored as a map of plain strings ("causal" to "3/4"), so any settings store can keep it.
 */
public final class QuizProgress {
    private final Map<ChapterId, QuizScore> scores;

    private QuizProgress(Map<ChapterId, QuizScore> scores) {
        this.scores = scores;
    }

    public static QuizProgress empty() {
        return new QuizProgress(new EnumMap<>(ChapterId.class));
    }

    public QuizScore score(ChapterId chapter) {
        return scores.getOrDefault(chapter, QuizScore.NONE);
    }

    public QuizProgress record(ChapterId chapter, boolean correct) {
        EnumMap<ChapterId, QuizScore> next = copy();
        next.put(chapter, score(chapter).plus(correct));
        return new QuizProgress(next);
    }

    public QuizProgress reset(ChapterId chapter) {
        EnumMap<ChapterId, QuizScore> next = copy();
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
        scores.forEach((chapter, s) -> out.put(chapter.id(), s.asString()));
        return out;
    }

    /** The inverse of {@link #toStrings()}; unknown chapters and unreadable scores are skipped. */
    public static QuizProgress fromStrings(Map<String, String> stored) {
        EnumMap<ChapterId, QuizScore> scores = new EnumMap<>(ChapterId.class);
        stored.forEach((id, value) -> ChapterId.fromId(id).ifPresent(chapter -> {
            QuizScore s = QuizScore.parse(value);
            if (s != null) {
                scores.put(chapter, s);
            }
        }));
        return new QuizProgress(scores);
    }

    private EnumMap<ChapterId, QuizScore> copy() {
        EnumMap<ChapterId, QuizScore> m = new EnumMap<>(ChapterId.class);
        m.putAll(scores);
        return m;
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
