package org.attentionexplainer.lesson.chapters.quiz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.attentionexplainer.lesson.Text;
import org.junit.jupiter.api.Test;

class QuizProgressTest {

    @Test
    void eachQuestionCountsOnceByItsId() {
        QuizProgress p = QuizProgress.empty()
                .record("causal", "strongest", Outcome.RIGHT)
                .record("causal", "leak", Outcome.WRONG)
                .record("cost", "kv", Outcome.RIGHT);
        assertEquals(new QuizScore(1, 2), p.score("causal"));
        // the same question again, right this time: still the first outcome
        QuizProgress again = p.record("causal", "leak", Outcome.RIGHT);
        assertSame(p, again);
        assertEquals(new QuizScore(1, 2), again.score("causal"));
        assertEquals(new QuizScore(1, 1), p.score("cost"));
        assertEquals(QuizScore.NONE, p.score("masks"));
        assertEquals(new QuizScore(2, 3), p.total());
        assertEquals(QuizScore.NONE, p.reset("causal").score("causal"));
        assertEquals(new QuizScore(1, 2), p.score("causal"), "immutable");
    }

    @Test
    void aRevealedAnswerIsKeptButNotScored() {
        QuizProgress p = QuizProgress.empty().record("causal", "leak", Outcome.REVEALED);
        assertEquals(Outcome.REVEALED, p.outcome("causal", "leak"));
        assertEquals(QuizScore.NONE, p.score("causal"));
        assertEquals(Outcome.REVEALED, p.record("causal", "leak", Outcome.RIGHT).outcome("causal", "leak"),
                "answering after the answer was shown does not score");
        assertNull(p.outcome("causal", "strongest"));
    }

    @Test
    void storedAsPlainStringsAndReadBack() {
        QuizProgress p = QuizProgress.empty().record("multi-head", "hd", Outcome.RIGHT)
                .record("multi-head", "fused", Outcome.REVEALED).record("edge-cases", "single", Outcome.WRONG);
        Map<String, String> stored = p.toStrings();
        assertEquals(Map.of("multi-head", "fused=revealed;hd=right", "edge-cases", "single=wrong"), stored);
        assertEquals(p, QuizProgress.fromStrings(stored, Set.of("multi-head", "edge-cases", "causal")));
    }

    @Test
    void anEarlierVersionsCountIsShownUntilTheChaptersFirstAnswer() {
        QuizProgress p = QuizProgress.fromStrings(Map.of("causal", "4/4", "cost", "1/2"), Set.of("causal", "cost"));
        assertEquals(new QuizScore(4, 4), p.score("causal"));
        assertEquals(new QuizScore(5, 6), p.total());
        assertNull(p.outcome("causal", "strongest"), "a count names no question");
        QuizProgress answered = p.record("causal", "leak", Outcome.WRONG);
        assertEquals(new QuizScore(0, 1), answered.score("causal"));
        assertEquals(Map.of("causal", "leak=wrong", "cost", "1/2"), answered.toStrings());
    }

    @Test
    void unreadableEntriesAreSkipped() {
        QuizProgress p = QuizProgress.fromStrings(Map.of("causal", "x/y", "unknown", "a=right", "masks", "3/2",
                "cost", " 2 / 5 ", "cross", "columns=maybe;strongest=right", "encoder", "7",
                "stability", "a b=right"),
                Set.of("causal", "masks", "cost", "cross", "encoder", "stability"));
        assertEquals(Map.of("cost", "2/5", "cross", "strongest=right"), p.toStrings());
        assertThrows(IllegalArgumentException.class, () -> new QuizScore(2, 1));
    }

    @Test
    void questionIdsAreStableAndStorable() {
        NumericQuestion byKey = new NumericQuestion(Text.of("chapter.quiz.edge.single"), 1, 0, Text.literal(""));
        assertEquals("chapter.quiz.edge.single", byKey.id(), "without an id, the prompt's key");
        assertThrows(IllegalArgumentException.class,
                () -> new NumericQuestion("a=b", Text.of("k"), 1, 0, Text.literal("")));
        assertThrows(IllegalArgumentException.class, () -> new Quiz("tiny", List.of(byKey, byKey)));
    }
}
