package org.attentionexplainer.lesson.chapters.quiz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.attentionexplainer.lesson.chapters.ChapterId;
import org.junit.jupiter.api.Test;

class QuizProgressTest {

    @Test
    void scoresAddUpPerChapter() {
        QuizProgress p = QuizProgress.empty()
                .record(ChapterId.CAUSAL, true)
                .record(ChapterId.CAUSAL, false)
                .record(ChapterId.COST, true);
        assertEquals(new QuizScore(1, 2), p.score(ChapterId.CAUSAL));
        assertEquals(new QuizScore(1, 1), p.score(ChapterId.COST));
        assertEquals(QuizScore.NONE, p.score(ChapterId.MASKS));
        assertEquals(new QuizScore(2, 3), p.total());
        assertEquals(QuizScore.NONE, p.reset(ChapterId.CAUSAL).score(ChapterId.CAUSAL));
        assertEquals(new QuizScore(1, 2), p.score(ChapterId.CAUSAL), "immutable");
    }

    @Test
    void storedAsPlainStringsAndReadBack() {
        QuizProgress p = QuizProgress.empty().record(ChapterId.MULTI_HEAD, true).record(ChapterId.EDGE_CASES, false);
        Map<String, String> stored = p.toStrings();
        assertEquals(Map.of("multi-head", "1/1", "edge-cases", "0/1"), stored);
        assertEquals(p, QuizProgress.fromStrings(stored));
    }

    @Test
    void unreadableEntriesAreSkipped() {
        QuizProgress p = QuizProgress.fromStrings(Map.of("causal", "x/y", "unknown", "1/1", "masks", "3/2",
                "cost", " 2 / 5 ", "cross", "-1/3", "encoder", "7"));
        assertEquals(Map.of("cost", "2/5"), p.toStrings());
        assertThrows(IllegalArgumentException.class, () -> new QuizScore(2, 1));
    }
}
