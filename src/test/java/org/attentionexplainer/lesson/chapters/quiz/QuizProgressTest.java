package org.attentionexplainer.lesson.chapters.quiz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class QuizProgressTest {

    @Test
    void scoresAddUpPerChapter() {
        QuizProgress p = QuizProgress.empty()
                .record("causal", true)
                .record("causal", false)
                .record("cost", true);
        assertEquals(new QuizScore(1, 2), p.score("causal"));
        assertEquals(new QuizScore(1, 1), p.score("cost"));
        assertEquals(QuizScore.NONE, p.score("masks"));
        assertEquals(new QuizScore(2, 3), p.total());
        assertEquals(QuizScore.NONE, p.reset("causal").score("causal"));
        assertEquals(new QuizScore(1, 2), p.score("causal"), "immutable");
    }

    @Test
    void storedAsPlainStringsAndReadBack() {
        QuizProgress p = QuizProgress.empty().record("multi-head", true).record("edge-cases", false);
        Map<String, String> stored = p.toStrings();
        assertEquals(Map.of("multi-head", "1/1", "edge-cases", "0/1"), stored);
        assertEquals(p, QuizProgress.fromStrings(stored, Set.of("multi-head", "edge-cases", "causal")));
    }

    @Test
    void unreadableEntriesAreSkipped() {
        QuizProgress p = QuizProgress.fromStrings(Map.of("causal", "x/y", "unknown", "1/1", "masks", "3/2",
                "cost", " 2 / 5 ", "cross", "-1/3", "encoder", "7"),
                Set.of("causal", "masks", "cost", "cross", "encoder"));
        assertEquals(Map.of("cost", "2/5"), p.toStrings());
        assertThrows(IllegalArgumentException.class, () -> new QuizScore(2, 1));
    }
}
