package org.attentionexplainer.ui.chapters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.attentionexplainer.ui.MemorySettings;
import org.attentionexplainer.ui.common.Texts;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.lesson.chapters.CostEstimate;
import org.attentionexplainer.lesson.chapters.ModelPreset;
import org.attentionexplainer.lesson.chapters.quiz.ChoiceQuestion;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.Settings;
import org.junit.jupiter.api.Test;

/**
 * The numbers the chapters show, against independent values: the causal weights printed in
 * Raschka's book (ch. 3, seed 789), softmax and byte counts by hand (see each test), and the
 * quiz score kept with the learner's progress.
 */
class ChaptersViewModelTest {
    private static final AttentionEngine ENGINE = new AttentionEngine();

    private static AppContext context(Settings settings, Locale locale) {
        return new AppContext(new I18n(locale), BackgroundWork.sameThread(),
                java.util.concurrent.CompletableFuture.completedFuture(ENGINE), settings);
    }

    private static ChaptersViewModel model() {
        return new ChaptersViewModel(context(new MemorySettings(), Locale.ENGLISH));
    }

    @Test
    void causalWeightsAreTheBooksAndDropoutFollowsTheSlider() {
        ChaptersViewModel vm = model();
        var c = vm.page(CausalPage.class).model().get();
        // book, ch. 3: row "journey" [0.5517, 0.4483], row "starts" [0.3800, 0.3097, 0.3103]
        assertEquals(0.5517, c.maskThenSoftmax().get(1, 0), 1e-4);
        assertEquals(0.4483, c.maskThenSoftmax().get(1, 1), 1e-4);
        assertEquals(0.3097, c.softmaxThenRenormalize().get(2, 1), 1e-4);
        assertEquals(0f, c.maskThenSoftmax().get(1, 2));
        assertEquals(2.0, c.dropout().rescale(), 1e-12);
        vm.page(CausalPage.class).dropoutPProperty().set(0.2);
        // 1 / (1 - 0.2) = 1.25
        assertEquals(1.25, vm.page(CausalPage.class).model().get().dropout().rescale(), 1e-9);
        assertEquals(0.2, vm.page(CausalPage.class).model().get().dropout().p(), 1e-12);
    }

    @Test
    void inverseTemperatureSharpensTheWeights() {
        ChaptersViewModel vm = model();
        // softmax of the scores of "shiny", [0.7842, 1.3569, 1.2487], by hand: [0.2291, 0.4063, 0.3646]
        float[] row = vm.page(HardSoftPage.class).model().get().soft().row(1);
        assertEquals(0.2291, row[0], 2e-4);
        assertEquals(0.4063, row[1], 2e-4);
        vm.page(HardSoftPage.class).betaProperty().set(2);
        // softmax(2 s) = [0.1498, 0.4709, 0.3793]
        row = vm.page(HardSoftPage.class).model().get().soft().row(1);
        assertEquals(0.1498, row[0], 3e-4);
        assertEquals(0.4709, row[1], 3e-4);
        assertEquals(0.3793, row[2], 3e-4);
    }

    @Test
    void maskTogglesChangeWhatAQuerySees() {
        ChaptersViewModel vm = model();
        // "with" (position 3) under causal and a window of 2 sees "journey", "starts", "with"
        assertEquals(3, vm.page(MasksPage.class).model().get().visibleKeys(1, 3));
        vm.page(MasksPage.class).windowMaskProperty().set(false);
        // causal alone: "Your", "journey", "starts", "with"
        assertEquals(4, vm.page(MasksPage.class).model().get().visibleKeys(1, 3));
        vm.page(MasksPage.class).causalMaskProperty().set(false);
        assertEquals(6, vm.page(MasksPage.class).model().get().visibleKeys(1, 3));
        // padding hides the three padded keys of the first sentence from every query
        assertEquals(3, vm.page(MasksPage.class).model().get().visibleKeys(0, 0));
    }

    @Test
    void stabilityAndEdgeCasesShowTheHandValues() {
        ChaptersViewModel vm = model();
        var large = vm.page(StabilityPage.class).model().get().large();
        assertTrue(Float.isInfinite(large.naiveExp32().get(0)));
        assertTrue(Float.isNaN(large.naiveSoftmax32().get(0)));
        // softmax([0, 1, 2]) = [0.0900, 0.2447, 0.6652]
        assertEquals(0.0900, large.stable32().get(0), 1e-4);
        assertEquals(0.6652, large.stable32().get(2), 1e-4);
        assertEquals(1.0f, vm.page(EdgeCasesPage.class).model().get().weights().get(0, 0));
        assertEquals(null, vm.page(EdgeCasesPage.class).longInput().get(), "computed only when asked for");
        vm.page(EdgeCasesPage.class).requestLongInput(vm.work());
        assertEquals(2048, vm.page(EdgeCasesPage.class).longInput().get().tokens());
        // 2048^2 weights of 1/2048 on average
        assertEquals(1 / 2048.0, vm.page(EdgeCasesPage.class).longInput().get().meanWeight(), 1e-12);
    }

    /**
     * Chapter 9's long inputs: memory (the cost model: t² float32 numbers) and the measured time at
     * each length up to 2048, computed on the worker, not where it was asked for.
     */
    @Test
    void longInputsArePlottedFromTheWorker() throws Exception {
        java.util.List<Runnable> queued = new java.util.ArrayList<>();
        AppContext context = new AppContext(new I18n(Locale.ENGLISH), new BackgroundWork(queued::add, Runnable::run),
                java.util.concurrent.CompletableFuture.completedFuture(ENGINE), new MemorySettings());
        ChaptersViewModel vm = new ChaptersViewModel(context);
        EdgeCasesPage edge = vm.page(EdgeCasesPage.class);
        queued.forEach(Runnable::run);
        queued.clear();
        edge.requestLongInput(vm.work());
        assertEquals(null, edge.growth().get(), "nothing computed on the asking thread");
        assertEquals(1, queued.size());
        Thread worker = new Thread(queued.get(0));
        worker.start();
        worker.join();
        var points = edge.growth().get().points();
        assertEquals(2048, points.get(points.size() - 1).tokens());
        assertEquals(256, points.get(0).tokens());
        // 2048² × 4 bytes = 16 777 216 bytes = 16 MiB; 1024² × 4 = 4 MiB
        assertEquals(16_777_216, points.get(points.size() - 1).matrixBytes(), 0);
        assertEquals(4_194_304, points.get(3).matrixBytes(), 0);
        for (var p : points) {
            assertTrue(p.elapsedMillis() > 0 && Double.isFinite(p.elapsedMillis()), p.toString());
        }
        assertEquals(2048, edge.longInput().get().tokens());
    }

    @Test
    void costCalculatorPresetsAndRefusal() {
        ChaptersViewModel vm = model();
        CostEstimate e = vm.page(CostPage.class).model().get().estimate();
        // Llama 3 8B, fp16: 2 * 32 layers * 8 kv heads * 128 * 2 bytes = 131072 bytes per token
        assertEquals(131072, e.kvCacheBytesPerToken(), 0);
        // 32 heads * 8192^2 * 2 bytes
        assertEquals(4294967296.0, e.attentionMatrixBytesPerLayer(), 0);
        vm.page(CostPage.class).cost().usePreset(ModelPreset.GPT2_SMALL);
        // 2 * 12 * 12 * 64 * 2 = 36864
        assertEquals(36864, vm.page(CostPage.class).model().get().estimate().kvCacheBytesPerToken(), 0);
        vm.page(CostPage.class).cost().kvHeadsProperty().set(5);
        assertFalse(vm.page(CostPage.class).cost().errorProperty().get().isEmpty());
        assertEquals(36864, vm.page(CostPage.class).model().get().estimate().kvCacheBytesPerToken(), 0);
        // the course notes' figure: 32 * 131072^2 * 2 bytes = 1.0995e12
        assertEquals(1.0995e12, vm.page(CostPage.class).model().get().correction().bytes(), 1e8);
    }

    @Test
    void quizAnswersAreCheckedAndEachQuestionCountsOnce() {
        Settings settings = new MemorySettings();
        ChaptersViewModel vm = new ChaptersViewModel(context(settings, Locale.ENGLISH));
        vm.goTo(vm.chapters().indexOf(vm.page(CausalPage.class)));
        QuizViewModel quiz = vm.quiz();
        ChoiceQuestion first = assertInstanceOf(ChoiceQuestion.class, quiz.question());
        // "with" attends most to "Your" (book row: 0.2758, 0.2460, 0.2462, 0.2319)
        assertEquals("Your", Texts.format(vm.i18n(), first.choices().get(first.correct())));
        quiz.choose(0);
        assertEquals(QuizViewModel.Verdict.RIGHT, quiz.verdictProperty().get());
        assertTrue(quiz.messageProperty().get().startsWith("Right"), quiz.messageProperty().get());
        quiz.nextQuestion();
        quiz.nextQuestion();
        assertInstanceOf(NumericQuestion.class, quiz.question());
        quiz.answer("abc");
        assertEquals(QuizViewModel.Verdict.OPEN, quiz.verdictProperty().get());
        // 0.5517 / (1 - 0.5) = 1.1034; 1.2 is wrong
        quiz.answer("1.2");
        assertEquals(QuizViewModel.Verdict.WRONG, quiz.verdictProperty().get());
        assertTrue(quiz.messageProperty().get().startsWith("Not quite: the answer is 1.1034. Your answer: 1.2."),
                quiz.messageProperty().get());
        assertEquals("rescale=wrong;strongest=right", settings.get("quizScore.causal", ""));

        // leaving and coming back, as after a restart: the answered questions stay answered
        ChaptersViewModel again = new ChaptersViewModel(context(settings, Locale.forLanguageTag("tr")));
        assertEquals("1/2", again.progressProperty().get().score("causal").asString());
        assertEquals("leak", again.quiz().question().id(), "it opens on the first open question");
        again.quiz().nextQuestion();
        assertEquals("rescale", again.quiz().question().id());
        assertEquals(QuizViewModel.Verdict.WRONG, again.quiz().verdictProperty().get(), "answered before");
        assertTrue(again.quiz().revealedProperty().get());
        again.quiz().answer("1,1034");
        again.quiz().nextQuestion();
        again.quiz().choose(0);
        assertEquals("1/2", again.progressProperty().get().score("causal").asString(), "no question scores twice");
        assertEquals("rescale=wrong;strongest=right", settings.get("quizScore.causal", ""));
        again.next();
        again.previous();
        assertEquals("1/2", again.progressProperty().get().score("causal").asString());
    }

    @Test
    void anEarlierVersionsScoreIsReadAndReplacedByTheFirstAnswer() {
        Settings settings = new MemorySettings();
        settings.put("quizScore.causal", "4/4");
        ChaptersViewModel vm = new ChaptersViewModel(context(settings, Locale.ENGLISH));
        vm.goTo(vm.chapters().indexOf(vm.page(CausalPage.class)));
        assertTrue(vm.scoreText().get().startsWith("Score in this chapter: 4 of 4 right"), vm.scoreText().get());
        assertEquals(QuizViewModel.Verdict.OPEN, vm.quiz().verdictProperty().get(), "a count names no question");
        vm.quiz().choose(1);
        assertEquals("strongest=wrong", settings.get("quizScore.causal", ""));
        assertTrue(vm.scoreText().get().startsWith("Score in this chapter: 0 of 1 right"), vm.scoreText().get());
    }

    @Test
    void whatGivesAnAnswerAwayStaysHiddenUntilAnsweredOrRevealed() {
        Settings settings = new MemorySettings();
        ChaptersViewModel vm = new ChaptersViewModel(context(settings, Locale.ENGLISH));
        vm.goTo(vm.chapters().indexOf(vm.page(CausalPage.class)));
        CausalPage causal = vm.page(CausalPage.class);
        var leak = vm.answersHidden(causal, "leak");
        var both = vm.answersHidden(causal, "strongest", "rescale");
        assertTrue(leak.get());
        vm.quiz().nextQuestion();
        vm.quiz().answer("0.9");
        assertFalse(leak.get(), "answered, even wrongly");
        assertTrue(both.get());
        vm.reveal(causal, "strongest", "rescale");
        assertFalse(both.get(), "revealed");
        assertEquals("0/1", vm.progressProperty().get().score("causal").asString(), "a revealed answer does not score");
        vm.quiz().nextQuestion();
        assertEquals(QuizViewModel.Verdict.REVEALED, vm.quiz().verdictProperty().get());
        String shown = vm.quiz().messageProperty().get();
        assertTrue(shown.startsWith("The answer: 1.1034."), shown);
        // a question the quiz does not ask with the masks as they are hides nothing
        MasksPage masks = vm.page(MasksPage.class);
        masks.paddingMaskProperty().set(false);
        masks.windowMaskProperty().set(false);
        assertFalse(vm.answersHidden(masks, "empty").get(), "no row is left empty, so there is no such question");
    }

    @Test
    void presentingWithoutTheQuizShowsEverythingAndClassModeCoversAgain() {
        ChaptersViewModel vm = new ChaptersViewModel(context(new MemorySettings(), Locale.ENGLISH));
        vm.goTo(vm.chapters().indexOf(vm.page(CausalPage.class)));
        var leak = vm.answersHidden(vm.page(CausalPage.class), "leak");
        assertTrue(leak.get());
        vm.presentingProperty().set(true);
        assertFalse(leak.get(), "the quiz is off the slide: nothing to predict, nothing covered");
        vm.classModeProperty().set(true);
        assertTrue(leak.get(), "class mode puts the question on the slide: the answer is covered again");
        vm.classModeProperty().set(false);
        vm.presentingProperty().set(false);
        assertTrue(leak.get(), "at the desk the learner predicts first");
    }

    @Test
    void classModeRevealsWithSpaceThenStepsThroughTheQuestions() {
        ChaptersViewModel vm = model();
        vm.goTo(vm.chapters().indexOf(vm.page(CausalPage.class)));
        assertFalse(vm.revealOrNextQuestion(), "outside class mode Space turns the page");
        vm.classModeProperty().set(true);
        assertTrue(vm.revealOrNextQuestion());
        assertEquals(QuizViewModel.Verdict.REVEALED, vm.quiz().verdictProperty().get());
        String shown = vm.quiz().messageProperty().get();
        assertTrue(shown.startsWith("The answer: Your."), shown);
        assertTrue(vm.revealOrNextQuestion());
        assertEquals("leak", vm.quiz().question().id());
        assertTrue(vm.revealOrNextQuestion());
        assertTrue(vm.revealOrNextQuestion());
        assertTrue(vm.revealOrNextQuestion());
        assertEquals("rescale", vm.quiz().question().id());
        assertTrue(vm.quiz().revealedProperty().get());
        assertFalse(vm.revealOrNextQuestion(), "after the last answer, Space turns the page");
        assertEquals("0/0", vm.progressProperty().get().score("causal").asString(),
                "the class's answers are not scored");
    }

    @Test
    void theIndexShowsEachChaptersProgressAndATeacherResetsAll() {
        Settings settings = new MemorySettings();
        ChaptersViewModel vm = new ChaptersViewModel(context(settings, Locale.ENGLISH));
        vm.goTo(vm.chapters().indexOf(vm.page(CausalPage.class)));
        var causal = vm.chapterProgressText(vm.page(CausalPage.class));
        var cost = vm.chapterProgressText(vm.page(CostPage.class));
        assertEquals("", causal.get());
        vm.quiz().choose(0);
        vm.quiz().nextQuestion();
        vm.quiz().reveal();
        assertEquals("2 of 3 done, 1 right", causal.get());
        vm.goTo(vm.chapters().indexOf(vm.page(CostPage.class)));
        vm.quiz().answer("1.10");
        assertEquals("1 of 3 done, 1 right", cost.get());
        vm.resetAllProgress();
        assertEquals("", causal.get());
        assertEquals("", cost.get());
        assertEquals(QuizViewModel.Verdict.OPEN, vm.quiz().verdictProperty().get(), "the question shown is open again");
        assertEquals("", settings.get("quizScore.causal", "none"));
        assertEquals("", settings.get("quizScore.cost", "none"));
    }

    @Test
    void stepsThroughTheChaptersAndResumes() {
        Settings settings = new MemorySettings();
        ChaptersViewModel vm = new ChaptersViewModel(context(settings, Locale.ENGLISH));
        int n = vm.chapters().size();
        assertEquals("Chapter 1 of " + n, vm.progressText().get());
        assertEquals("why-attention", vm.chapterId(), "the course's motivation comes first");
        assertFalse(vm.previous());
        for (int i = 1; i < n; i++) {
            assertTrue(vm.next());
            assertEquals(vm.chapters().get(i).id(), vm.quiz().quizProperty().get().chapter());
        }
        assertFalse(vm.next());
        assertEquals("Chapter " + n + " of " + n, vm.progressText().get());
        vm.goTo(vm.chapters().indexOf(vm.page(CostPage.class)));
        ChaptersViewModel again = new ChaptersViewModel(context(settings, Locale.ENGLISH));
        assertEquals("cost", again.chapterId());
    }
}
