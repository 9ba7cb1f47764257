package org.attentionexplainer.lesson.chapters.quiz;

import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The learner's answers, by chapter id and question id: each question counts once, with the
 * outcome of its first answer (or of its answer being shown first). Immutable: answering returns
 * a new progress. Stored as one plain string per chapter ("strongest=right;leak=revealed"), so any
 * settings store can keep it.
 *
 * <p>Earlier versions stored only a count per chapter ("2/3"), by position and scoring a question
 * each time it was answered. Such a count is still read and shown as the chapter's score, but it
 * names no question; the chapter's first answer under question ids replaces it.
 */
public final class QuizProgress {
    private final Map<String, Map<String, Outcome>> answers;
    private final Map<String, QuizScore> legacy;

    private QuizProgress(Map<String, Map<String, Outcome>> answers, Map<String, QuizScore> legacy) {
        this.answers = answers;
        this.legacy = legacy;
    }

    public static QuizProgress empty() {
        return new QuizProgress(new TreeMap<>(), new TreeMap<>());
    }

    /** How question {@code question} of {@code chapter} ended, or null while it is open. */
    public Outcome outcome(String chapter, String question) {
        return answers.getOrDefault(chapter, Map.of()).get(question);
    }

    /** The answers of a chapter, by question id. */
    public Map<String, Outcome> answers(String chapter) {
        return Collections.unmodifiableMap(answers.getOrDefault(chapter, Map.of()));
    }

    /** Keeps {@code outcome} for the question, unless it already has one: a question counts once. */
    public QuizProgress record(String chapter, String question, Outcome outcome) {
        if (outcome(chapter, question) != null) {
            return this;
        }
        Map<String, Map<String, Outcome>> next = new TreeMap<>(answers);
        Map<String, Outcome> of = new TreeMap<>(next.getOrDefault(chapter, Map.of()));
        of.put(question, outcome);
        next.put(chapter, of);
        Map<String, QuizScore> old = new TreeMap<>(legacy);
        old.remove(chapter);
        return new QuizProgress(next, old);
    }

    /** Right answers out of answered questions in {@code chapter} (a revealed answer is not an answer). */
    public QuizScore score(String chapter) {
        Map<String, Outcome> of = answers.get(chapter);
        if (of == null) {
            return legacy.getOrDefault(chapter, QuizScore.NONE);
        }
        int right = 0;
        int answered = 0;
        for (Outcome o : of.values()) {
            right += o == Outcome.RIGHT ? 1 : 0;
            answered += o == Outcome.REVEALED ? 0 : 1;
        }
        return new QuizScore(right, answered);
    }

    /** Forgets the answers of {@code chapter}. */
    public QuizProgress reset(String chapter) {
        Map<String, Map<String, Outcome>> next = new TreeMap<>(answers);
        next.remove(chapter);
        Map<String, QuizScore> old = new TreeMap<>(legacy);
        old.remove(chapter);
        return new QuizProgress(next, old);
    }

    /** All chapters together. */
    public QuizScore total() {
        int c = 0;
        int a = 0;
        java.util.Set<String> chapters = new java.util.TreeSet<>(answers.keySet());
        chapters.addAll(legacy.keySet());
        for (String chapter : chapters) {
            QuizScore s = score(chapter);
            c += s.correct();
            a += s.answered();
        }
        return new QuizScore(c, a);
    }

    /** Chapter id to its stored string, for chapters with at least one answer. */
    public Map<String, String> toStrings() {
        Map<String, String> out = new TreeMap<>();
        legacy.forEach((chapter, s) -> out.put(chapter, s.asString()));
        answers.forEach((chapter, of) -> {
            StringBuilder sb = new StringBuilder();
            of.forEach((question, o) -> sb.append(sb.length() == 0 ? "" : ";").append(question).append('=')
                    .append(o.stored()));
            out.put(chapter, sb.toString());
        });
        return out;
    }

    /**
     * The inverse of {@link #toStrings()} for the chapters {@code chapters}: other ids and
     * unreadable entries are skipped; an earlier version's "2/3" is read as the chapter's score.
     */
    public static QuizProgress fromStrings(Map<String, String> stored, Collection<String> chapters) {
        Map<String, Map<String, Outcome>> answers = new TreeMap<>();
        Map<String, QuizScore> legacy = new TreeMap<>();
        stored.forEach((id, value) -> {
            if (!chapters.contains(id) || value == null) {
                return;
            }
            QuizScore old = QuizScore.parse(value);
            if (old != null) {
                legacy.put(id, old);
                return;
            }
            Map<String, Outcome> of = new TreeMap<>();
            for (String entry : value.split(";")) {
                String[] kv = entry.split("=", 2);
                Outcome o = kv.length == 2 ? Outcome.parse(kv[1]) : null;
                if (o != null && Question.ID.matcher(kv[0].strip()).matches()) {
                    of.put(kv[0].strip(), o);
                }
            }
            if (!of.isEmpty()) {
                answers.put(id, of);
            }
        });
        return new QuizProgress(answers, legacy);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof QuizProgress p && p.answers.equals(answers) && p.legacy.equals(legacy);
    }

    @Override
    public int hashCode() {
        return answers.hashCode() * 31 + legacy.hashCode();
    }

    @Override
    public String toString() {
        return "QuizProgress" + toStrings();
    }
}
