package org.attentionexplainer.ui.chapters;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.attentionexplainer.lesson.chapters.ChapterId;
import org.attentionexplainer.lesson.chapters.EdgeCasesChapter;
import org.attentionexplainer.lesson.chapters.quiz.AttentionQuizzes;
import org.attentionexplainer.lesson.chapters.quiz.BlockQuizzes;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;
import org.attentionexplainer.lesson.chapters.quiz.QuizProgress;
import org.attentionexplainer.lesson.chapters.quiz.QuizScore;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.Settings;
import org.attentionexplainer.ui.shell.StepCursor;

/**
 * The chapters after the worked example: which one is shown ("chapter n of N", remembered so a
 * learner resumes there), the chapter index, presentation mode, the quiz of the chapter shown
 * (made from its current numbers) and the learner's quiz scores, kept in the settings.
 */
public final class ChaptersViewModel {
    static final String CHAPTER_SETTING = "chapter";
    /** Each chapter's score is stored under this prefix and the chapter's id: "quizScore.causal" = "2/3". */
    static final String SCORE_SETTING_PREFIX = "quizScore.";

    private final AppContext context;
    private final StepCursor<ChapterId> cursor;
    private final ObjectBinding<ChapterId> chapter;
    private final BooleanProperty presenting = new SimpleBooleanProperty();
    private final BooleanProperty indexShown = new SimpleBooleanProperty();
    private final ObjectProperty<QuizProgress> progress = new SimpleObjectProperty<>();
    private final ChapterModels models;
    private final QuizViewModel quiz;
    private final CostViewModel cost;

    public ChaptersViewModel(AppContext context) {
        this.context = context;
        Settings settings = context.settings();
        cursor = new StepCursor<>(List.of(ChapterId.values()), settings, CHAPTER_SETTING);
        chapter = cursor.currentProperty();
        progress.set(loadProgress(settings));
        models = new ChapterModels(context);
        ChapterInputs.keep(models, settings);
        quiz = new QuizViewModel(context.i18n(), this::record);
        cost = new CostViewModel(context.i18n(), models.costInputsProperty());
        cursor.indexProperty().addListener((o, a, b) -> refreshQuiz());
        models.causal().addListener((o, a, b) -> refreshQuizIf(ChapterId.CAUSAL));
        models.multiHead().addListener((o, a, b) -> refreshQuizIf(ChapterId.MULTI_HEAD));
        models.masks().addListener((o, a, b) -> refreshQuizIf(ChapterId.MASKS));
        models.hardSoft().addListener((o, a, b) -> refreshQuizIf(ChapterId.HARD_SOFT));
        models.cross().addListener((o, a, b) -> refreshQuizIf(ChapterId.CROSS));
        models.encoder().addListener((o, a, b) -> refreshQuizIf(ChapterId.ENCODER));
        models.stability().addListener((o, a, b) -> refreshQuizIf(ChapterId.STABILITY));
        models.cost().addListener((o, a, b) -> refreshQuizIf(ChapterId.COST));
        models.single().addListener((o, a, b) -> refreshQuizIf(ChapterId.EDGE_CASES));
        refreshQuiz();
    }

    private static QuizProgress loadProgress(Settings settings) {
        Map<String, String> stored = new HashMap<>();
        for (ChapterId c : ChapterId.values()) {
            String v = settings.get(SCORE_SETTING_PREFIX + c.id(), "");
            if (!v.isEmpty()) {
                stored.put(c.id(), v);
            }
        }
        return QuizProgress.fromStrings(stored);
    }

    private void record(boolean right) {
        ChapterId c = chapter.get();
        progress.set(progress.get().record(c, right));
        context.settings().put(SCORE_SETTING_PREFIX + c.id(), progress.get().score(c).asString());
    }

    /** Clears the current chapter's score. */
    public void resetScore() {
        ChapterId c = chapter.get();
        progress.set(progress.get().reset(c));
        context.settings().put(SCORE_SETTING_PREFIX + c.id(), "");
    }

    private void refreshQuizIf(ChapterId c) {
        if (chapter.get() == c) {
            refreshQuiz();
        }
    }

    private void refreshQuiz() {
        quiz.quizProperty().set(quizFor(chapter.get()));
    }

    /** The quiz from the chapter's current numbers, or null while they are being computed. */
    Quiz quizFor(ChapterId c) {
        return switch (c) {
            case CAUSAL -> models.causal().get() == null ? null : AttentionQuizzes.causal(models.causal().get());
            case MULTI_HEAD -> models.multiHead().get() == null ? null
                    : AttentionQuizzes.multiHead(models.multiHead().get());
            case MASKS -> models.masks().get() == null ? null : AttentionQuizzes.masks(models.masks().get());
            case HARD_SOFT -> models.hardSoft().get() == null ? null
                    : AttentionQuizzes.hardSoft(models.hardSoft().get());
            case CROSS -> models.cross().get() == null ? null : AttentionQuizzes.cross(models.cross().get());
            case ENCODER -> models.encoder().get() == null ? null : BlockQuizzes.encoder(models.encoder().get());
            case STABILITY -> models.stability().get() == null ? null
                    : BlockQuizzes.stability(models.stability().get());
            case COST -> models.cost().get() == null ? null : BlockQuizzes.cost(models.cost().get());
            case EDGE_CASES -> models.single().get() == null ? null
                    : BlockQuizzes.edgeCases(models.single().get(), EdgeCasesChapter.DEFAULT_LONG_TOKENS);
        };
    }

    public I18n i18n() {
        return context.i18n();
    }

    /** Which chapter is shown; moving closes the chapter index. */
    public StepCursor<ChapterId> cursor() {
        return cursor;
    }

    public List<ChapterId> chapters() {
        return cursor.pages();
    }

    public ReadOnlyIntegerProperty indexProperty() {
        return cursor.indexProperty();
    }

    public ObjectBinding<ChapterId> chapterProperty() {
        return chapter;
    }

    public ChapterModels models() {
        return models;
    }

    public CostViewModel cost() {
        return cost;
    }

    public QuizViewModel quiz() {
        return quiz;
    }

    public ObjectProperty<QuizProgress> progressProperty() {
        return progress;
    }

    /** Presentation mode: the narrative reduced to the chapter's headline. */
    public BooleanProperty presentingProperty() {
        return presenting;
    }

    /** The chapter index is open. */
    public BooleanProperty indexShownProperty() {
        return indexShown;
    }

    /** "Chapter n of N" in the current language. */
    public StringBinding progressText() {
        return cursor.progressText(context.i18n(), "chapter.ui.progress");
    }

    /** "Quiz: 3 of 4 right" for the chapter shown. */
    public StringBinding scoreText() {
        return Bindings.createStringBinding(() -> {
            QuizScore s = progress.get().score(chapter.get());
            QuizScore all = progress.get().total();
            return context.i18n().get("quiz.score", s.correct(), s.answered(), all.correct(), all.answered());
        }, progress, chapter, context.i18n().localeProperty());
    }

    public boolean next() {
        return closeIndexAnd(cursor::next);
    }

    public boolean previous() {
        return closeIndexAnd(cursor::previous);
    }

    public boolean first() {
        return closeIndexAnd(cursor::first);
    }

    public boolean last() {
        return closeIndexAnd(cursor::last);
    }

    public boolean goTo(ChapterId target) {
        return closeIndexAnd(() -> cursor.goTo(target));
    }

    /** Shows chapter {@code i} and closes the index; false if there is no such chapter or it is shown. */
    public boolean goTo(int i) {
        return closeIndexAnd(() -> cursor.goTo(i));
    }

    private boolean closeIndexAnd(java.util.function.BooleanSupplier move) {
        indexShown.set(false);
        return move.getAsBoolean();
    }

    public void toggleIndex() {
        indexShown.set(!indexShown.get());
    }
}
