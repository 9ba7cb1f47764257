package org.attentionexplainer.ui.chapters;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.attentionexplainer.lesson.chapters.Chapter;
import org.attentionexplainer.lesson.chapters.quiz.Outcome;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;
import org.attentionexplainer.lesson.chapters.quiz.QuizProgress;
import org.attentionexplainer.lesson.chapters.quiz.QuizScore;
import org.attentionexplainer.ui.common.Book;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.Settings;

/**
 * The chapters after the worked example ({@link ChapterPages}): which one is shown ("chapter n
 * of N", remembered so a learner resumes there), the chapter index, presentation mode, the quiz
 * of the chapter shown (made from its current numbers) and the learner's quiz scores, kept in
 * the settings. Every chapter computes its numbers from the start, so its quiz is ready.
 */
public final class ChaptersViewModel {
    static final String CHAPTER_SETTING = "chapter";
    /**
     * Each chapter's answers are stored under this prefix and the chapter's id, by question id:
     * "quizScore.causal" = "leak=right;strongest=wrong" (an earlier version stored "2/3" there).
     */
    static final String SCORE_SETTING_PREFIX = "quizScore.";

    private final AppContext context;
    private final Book<ChapterPage<?>> book;
    private final ObjectProperty<QuizProgress> progress = new SimpleObjectProperty<>();
    private final StringProperty error = new SimpleStringProperty("");
    private final ChapterWork work;
    private final QuizViewModel quiz;
    private final BooleanProperty classMode = new SimpleBooleanProperty(this, "classMode");

    public ChaptersViewModel(AppContext context) {
        this(context, ChapterPages.all());
    }

    ChaptersViewModel(AppContext context, List<ChapterPage<?>> pages) {
        this.context = context;
        Settings settings = context.settings();
        book = new Book<>(pages, settings, CHAPTER_SETTING);
        progress.set(loadProgress(settings, pages));
        work = new ChapterWork(context, this::failed);
        for (ChapterPage<?> p : pages) {
            p.start(work);
        }
        quiz = new QuizViewModel(context.i18n(), new QuizViewModel.Answers() {
            @Override
            public Outcome outcome(String question) {
                return progress.get().outcome(chapterId(), question);
            }

            @Override
            public void record(String question, Outcome outcome) {
                ChaptersViewModel.this.record(book.currentProperty().get(), question, outcome);
            }
        }, progress);
        book.indexProperty().addListener((o, a, b) -> refreshQuiz());
        for (ChapterPage<?> p : pages) {
            p.model().addListener((o, a, b) -> {
                if (book.currentProperty().get() == p) {
                    refreshQuiz();
                }
            });
        }
        refreshQuiz();
    }

    private static QuizProgress loadProgress(Settings settings, List<ChapterPage<?>> pages) {
        Map<String, String> stored = new HashMap<>();
        for (ChapterPage<?> p : pages) {
            String v = settings.get(SCORE_SETTING_PREFIX + p.id(), "");
            if (!v.isEmpty()) {
                stored.put(p.id(), v);
            }
        }
        return QuizProgress.fromStrings(stored, stored.keySet());
    }

    private void failed(Throwable t) {
        Throwable cause = t.getCause() != null ? t.getCause() : t;
        error.set(context.i18n().get("chapter.ui.failed", org.attentionexplainer.ui.shell.Failures.describe(
                context.i18n(), cause)));
    }

    /** Keeps the outcome of a question of {@code page}'s quiz, unless it has one: a question counts once. */
    private void record(ChapterPage<?> page, String question, Outcome outcome) {
        String c = page.id();
        progress.set(progress.get().record(c, question, outcome));
        context.settings().put(SCORE_SETTING_PREFIX + c, progress.get().toStrings().getOrDefault(c, ""));
    }

    /** Clears the current chapter's answers. */
    public void resetScore() {
        String c = book.currentProperty().get().id();
        progress.set(progress.get().reset(c));
        context.settings().put(SCORE_SETTING_PREFIX + c, "");
    }

    /** Clears every chapter's answers, for the next class (the view asks first). */
    public void resetAllProgress() {
        for (ChapterPage<?> p : book.pages()) {
            context.settings().put(SCORE_SETTING_PREFIX + p.id(), "");
        }
        progress.set(QuizProgress.empty());
    }

    /** The quiz of {@code page} as its numbers stand now; null while they are computed. */
    private static Quiz quizOf(ChapterPage<?> page) {
        Chapter c = page.model().get();
        return c == null ? null : c.quiz();
    }

    /**
     * Whether what gives away the answers to {@code questions} of {@code page} must stay covered:
     * while one of them, asked by the quiz as it stands, has no outcome yet (and while the
     * numbers are computed).
     */
    BooleanBinding answersHidden(ChapterPage<?> page, String... questions) {
        return Bindings.createBooleanBinding(() -> {
            // presenting without class mode, the quiz is off the slide: nothing to predict, the slide shows all
            if (presentingProperty().get() && !classModeProperty().get()) {
                return false;
            }
            Quiz q = quizOf(page);
            if (q == null) {
                return true;
            }
            for (String id : questions) {
                if (q.asks(id) && progress.get().outcome(page.id(), id) == null) {
                    return true;
                }
            }
            return false;
        }, progress, page.model(), presentingProperty(), classModeProperty());
    }

    /** Shows the answers to {@code questions} of {@code page} without the learner's: kept, not scored. */
    void reveal(ChapterPage<?> page, String... questions) {
        Quiz q = quizOf(page);
        for (String id : questions) {
            if (q != null && q.asks(id)) {
                record(page, id, Outcome.REVEALED);
            }
        }
    }

    /**
     * Class mode's Space: the answer of the question shown, then the next question; false after
     * the last one's answer (Space then turns the page) and outside class mode.
     */
    public boolean revealOrNextQuestion() {
        if (!classMode.get() || quiz.count() == 0) {
            return false;
        }
        if (!quiz.revealedProperty().get()) {
            quiz.reveal();
            return true;
        }
        if (quiz.atLastQuestion()) {
            return false;
        }
        quiz.nextQuestion();
        return true;
    }

    /** Class mode, for a projector: the question in large type, the answers given aloud, Space reveals. */
    public BooleanProperty classModeProperty() {
        return classMode;
    }

    /** "2 of 3 answered, 1 right" for {@code page}, as the chapter index shows it; empty before any answer. */
    StringBinding chapterProgressText(ChapterPage<?> page) {
        return Bindings.createStringBinding(() -> {
            QuizScore s = progress.get().score(page.id());
            Quiz q = quizOf(page);
            if (progress.get().answers(page.id()).isEmpty()) {
                return s.answered() == 0 ? "" : context.i18n().get("quiz.indexEarlier", s.correct(), s.answered());
            }
            int count = q == null ? progress.get().answers(page.id()).size() : q.questions().size();
            long done = q == null ? count : q.questions().stream()
                    .filter(x -> progress.get().outcome(page.id(), x.id()) != null).count();
            return context.i18n().get("quiz.indexProgress", done, count, s.correct());
        }, progress, page.model(), context.i18n().localeProperty());
    }

    private void refreshQuiz() {
        Chapter shown = book.currentProperty().get().model().get();
        quiz.quizProperty().set(shown == null ? null : shown.quiz());
    }

    /** The quiz of the chapter shown, from its current numbers; null while they are being computed. */
    Quiz quizShown() {
        return quiz.quizProperty().get();
    }

    public I18n i18n() {
        return context.i18n();
    }

    ChapterWork work() {
        return work;
    }

    /** The chapters, which one is shown, presentation mode and the index. */
    Book<ChapterPage<?>> book() {
        return book;
    }

    List<ChapterPage<?>> chapters() {
        return book.pages();
    }

    /** The chapter of class {@code type}. */
    <P extends ChapterPage<?>> P page(Class<P> type) {
        return chapters().stream().filter(type::isInstance).map(type::cast).findFirst().orElseThrow();
    }

    public ReadOnlyIntegerProperty indexProperty() {
        return book.indexProperty();
    }

    ObjectBinding<ChapterPage<?>> chapterProperty() {
        return book.currentProperty();
    }

    /** The id of the chapter shown ("causal"). */
    public String chapterId() {
        return book.currentProperty().get().id();
    }

    public QuizViewModel quiz() {
        return quiz;
    }

    public ObjectProperty<QuizProgress> progressProperty() {
        return progress;
    }

    /** The last failure, in the current language, or empty. */
    public StringProperty errorProperty() {
        return error;
    }

    /** Presentation mode: the narrative reduced to the chapter's headline. */
    public BooleanProperty presentingProperty() {
        return book.presentingProperty();
    }

    /** The chapter index is open. */
    public BooleanProperty indexShownProperty() {
        return book.indexShownProperty();
    }

    /** "Chapter n of N" in the current language. */
    public StringBinding progressText() {
        return book.progressText(context.i18n(), "chapter.ui.progress");
    }

    /** "Quiz: 3 of 4 right" for the chapter shown. */
    public StringBinding scoreText() {
        return Bindings.createStringBinding(() -> {
            QuizScore s = progress.get().score(chapterId());
            QuizScore all = progress.get().total();
            return context.i18n().get("quiz.score", s.correct(), s.answered(), all.correct(), all.answered());
        }, progress, book.currentProperty(), context.i18n().localeProperty());
    }

    public boolean next() {
        return book.next();
    }

    /**
     * The presenter keys' forward: the next step of a chapter with steps or, in presentation mode,
     * its next part; after its last the next chapter, at its first part.
     */
    public boolean stepOrNext() {
        if (!book.indexShownProperty().get() && book.currentProperty().get().stepForward()) {
            return true;
        }
        if (!next()) {
            return false;
        }
        book.currentProperty().get().enterAtStart();
        return true;
    }

    /** The presenter keys' back: the step before, before the first the previous chapter at its last part. */
    public boolean stepOrPrevious() {
        if (!book.indexShownProperty().get() && book.currentProperty().get().stepBack()) {
            return true;
        }
        if (!previous()) {
            return false;
        }
        book.currentProperty().get().enterAtEnd();
        return true;
    }

    public boolean previous() {
        return book.previous();
    }

    public boolean first() {
        return book.first();
    }

    public boolean last() {
        return book.last();
    }

    /** Shows chapter {@code i} and closes the index; false if there is no such chapter or it is shown. */
    public boolean goTo(int i) {
        return book.goTo(i);
    }

    public void toggleIndex() {
        book.toggleIndex();
    }
}
