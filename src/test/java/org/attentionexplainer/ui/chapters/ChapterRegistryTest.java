package org.attentionexplainer.ui.chapters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javafx.scene.Node;
import javafx.scene.layout.VBox;
import org.attentionexplainer.i18n.Localization;
import org.attentionexplainer.lesson.Text;
import org.attentionexplainer.lesson.chapters.Chapter;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.lesson.chapters.Section;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;
import org.attentionexplainer.ui.MemorySettings;
import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.ui.shell.AppContext;
import org.junit.jupiter.api.Test;

/**
 * The chapters are what {@link ChapterPages} lists: each has its texts in both languages and a
 * quiz, and a chapter added to the list (here a throwaway one) is stepped to, quizzed and scored
 * with no other change.
 */
class ChapterRegistryTest {
    /** A throwaway lesson: one number and its quiz. */
    record TinyChapter(double answer) implements Chapter {
        static final ChapterText TEXT = new ChapterText("tiny", "chapter.tiny.title", "chapter.tiny.headline",
                List.of(new Section("chapter.tiny.one.title", "chapter.tiny.one.text", null)));

        @Override
        public Quiz quiz() {
            return new Quiz(TEXT.id(), List.of(new NumericQuestion(Text.of("chapter.tiny.question"), answer, 0,
                    Text.of("chapter.tiny.why"))));
        }
    }

    /** Its page. */
    static final class TinyPage extends ChapterPage<TinyChapter> {
        @Override
        ChapterText text() {
            return TinyChapter.TEXT;
        }

        @Override
        void start(ChapterWork work) {
            model().set(new TinyChapter(42));
        }

        @Override
        Node create(ChaptersViewModel chapters) {
            return layout(chapters, null, new VBox());
        }
    }

    /** The same chapter in three steps, as a page that is stepped through. */
    static final class SteppedPage extends ChapterPage<TinyChapter> {
        final Steps steps = new Steps();

        @Override
        ChapterText text() {
            return TinyChapter.TEXT;
        }

        @Override
        void start(ChapterWork work) {
            steps.setCount(3);
            model().set(new TinyChapter(42));
        }

        @Override
        Steps steps() {
            return steps;
        }

        @Override
        Node create(ChaptersViewModel chapters) {
            return layout(chapters, steps.control(chapters.i18n(), "tiny"), new VBox());
        }
    }

    @Test
    void presenterKeysTakeAChaptersStepsBeforeTurningThePage() {
        SteppedPage stepped = new SteppedPage();
        ChaptersViewModel vm = new ChaptersViewModel(TestContexts.english(), List.of(new CausalPage(), stepped,
                new TinyPage()));
        assertTrue(vm.stepOrNext(), "the causal chapter has no steps: the page turns");
        assertEquals(1, vm.indexProperty().get());
        assertTrue(vm.stepOrNext());
        assertTrue(vm.stepOrNext());
        assertEquals(1, vm.indexProperty().get(), "steps 2 and 3 of the chapter");
        assertEquals(3, stepped.steps.stepProperty().get());
        assertTrue(vm.stepOrNext(), "after the last step, the next chapter");
        assertEquals(2, vm.indexProperty().get());
        assertTrue(vm.stepOrPrevious());
        assertTrue(vm.stepOrPrevious());
        assertEquals(1, vm.indexProperty().get());
        assertEquals(2, stepped.steps.stepProperty().get(), "back a step");
        vm.toggleIndex();
        assertTrue(vm.stepOrPrevious(), "with the index open the keys move between chapters");
        assertEquals(0, vm.indexProperty().get());
        assertFalse(vm.stepOrPrevious(), "nothing before the first chapter's first step");
        stepped.steps.setCount(1);
        assertEquals(1, stepped.steps.stepProperty().get(), "fewer steps: the step shown stays within them");
        assertTrue(vm.next());
        assertTrue(vm.next(), "the header's Next moves between chapters, not steps");
        assertEquals(2, vm.indexProperty().get());
    }

    @Test
    void everyListedChapterHasItsTextsInBothLanguagesAndAQuiz() {
        ChaptersViewModel vm = new ChaptersViewModel(TestContexts.english());
        Set<String> ids = new HashSet<>();
        for (ChapterPage<?> page : vm.chapters()) {
            assertTrue(ids.add(page.id()), "one id per chapter: " + page.id());
            ChapterText t = page.text();
            List<String> keys = new ArrayList<>(List.of(t.titleKey(), t.headlineKey()));
            for (Section s : t.sections()) {
                keys.add(s.titleKey());
                keys.add(s.textKey());
            }
            for (Locale l : Localization.SUPPORTED) {
                for (String k : keys) {
                    assertTrue(Localization.of(l).has(k), l + " " + k);
                }
            }
            assertNotNull(page.model().get(), page.id() + " computed at start");
            Quiz quiz = page.model().get().quiz();
            assertEquals(page.id(), quiz.chapter());
            assertTrue(quiz.questions().size() >= 2, page.id());
        }
        assertTrue(ids.size() >= 9, "the nine chapters of the course, and any added since");
    }

    @Test
    void aChapterAddedToTheListIsSteppedToQuizzedAndScored() {
        AppContext context = TestContexts.english();
        MemorySettings settings = new MemorySettings();
        context = new AppContext(context.i18n(), context.work(), context.engine(), settings);
        ChaptersViewModel vm = new ChaptersViewModel(context, List.of(new CausalPage(), new TinyPage()));
        assertEquals("Chapter 1 of 2", vm.progressText().get());
        assertTrue(vm.next());
        assertEquals("tiny", vm.chapterId());
        assertEquals("tiny", vm.quiz().quizProperty().get().chapter());
        vm.quiz().answer("42");
        assertEquals(QuizViewModel.Verdict.RIGHT, vm.quiz().verdictProperty().get());
        // without an id of its own, the question is kept under its prompt's key
        assertEquals("chapter.tiny.question=right", settings.get("quizScore.tiny", ""));
        // its texts are not in the bundle: they show as the one missing-key mark
        assertEquals("!chapter.tiny.title!", vm.i18n().get(vm.chapters().get(1).text().titleKey()));
    }
}
