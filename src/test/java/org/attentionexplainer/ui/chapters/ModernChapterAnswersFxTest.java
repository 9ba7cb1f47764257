package org.attentionexplainer.ui.chapters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Labeled;
import javafx.stage.Stage;
import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.ui.theme.Theme;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Predict, then reveal, in the six newer chapters: what states a quiz's answer (a number, a map,
 * a table, a paragraph, the count of steps) stays covered until that question is answered, even
 * wrongly, or its answer is revealed; each question lifts only its own covers, and a revealed
 * answer is kept without scoring.
 */
@ExtendWith(ApplicationExtension.class)
class ModernChapterAnswersFxTest {
    private ChaptersViewModel model;
    private FxRobot robot;

    @Start
    void start(Stage stage) {
        model = new ChaptersViewModel(TestContexts.english());
        Scene scene = new Scene(new ChaptersView(model).createView(), 1200, 760);
        scene.getStylesheets().setAll(Theme.base(), Theme.LIGHT.stylesheet());
        stage.setScene(scene);
        stage.show();
    }

    private void show(FxRobot r, Class<? extends ChapterPage<?>> type) {
        robot = r;
        robot.interact(() -> model.goTo(model.chapters().indexOf(model.page(type))));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private boolean shown(String query) {
        return robot.lookup(query).query().isVisible();
    }

    /** The node is hidden and its cover, with the reason and the Reveal button, is there instead. */
    private void assertCovered(String id) {
        assertFalse(shown("#" + id), id + " gives an answer away before its question");
        assertTrue(shown("#cover-" + id), id + "'s cover");
    }

    /** Brings the question {@code id} up in the quiz. */
    private void ask(String id) {
        robot.interact(() -> {
            for (int i = 0; i < model.quiz().count() && !model.quiz().question().id().equals(id); i++) {
                model.quiz().nextQuestion();
            }
        });
        assertEquals(id, model.quiz().question().id());
    }

    private void answer(String id, String typed) {
        ask(id);
        robot.interact(() -> model.quiz().answer(typed));
    }

    private void choose(String id, int choice) {
        ask(id);
        robot.interact(() -> model.quiz().choose(choice));
    }

    /** Presses the cover's Reveal button (fired: it may lie below the scrolled view). */
    private void reveal(String id) {
        Button button = robot.lookup("#reveal-" + id).queryAs(Button.class);
        assertTrue(button.isVisible());
        robot.interact(button::fire);
    }

    private String score(String chapter) {
        return model.progressProperty().get().score(chapter).asString();
    }

    @Test
    void whyAttentionCoversTheBottleneckAndTheRatio(FxRobot r) {
        show(r, WhyAttentionPage.class);
        assertTrue(shown("#why-map"), "the shares give no answer away");
        assertCovered("why-kept");
        assertCovered("why-first");
        assertCovered("why-chart");
        assertCovered("section-chapter-why-bottleneck-title");
        assertCovered("section-chapter-why-direct-title");
        // the RNN's state has 8 numbers (nn.RNN(4, 8)) at any length
        answer("numbers", "8");
        assertTrue(shown("#why-kept"));
        assertTrue(shown("#section-chapter-why-bottleneck-title"), "\"here 8 numbers\"");
        assertCovered("why-first");
        choose("longer", 0);
        assertTrue(shown("#why-first"), "answered wrongly: the ratios are there to compare");
        assertTrue(shown("#why-chart"));
        assertCovered("section-chapter-why-direct-title");
        reveal("section-chapter-why-direct-title");
        assertTrue(shown("#section-chapter-why-direct-title"));
        assertEquals("1/2", score("why-attention"), "one right, one wrong, one revealed (not scored)");
    }

    @Test
    void theKvCacheCoversItsRowsWorkAndSameness(FxRobot r) {
        show(r, KvCachePage.class);
        assertTrue(shown("#kv-map"));
        assertCovered("kv-step-text");
        assertCovered("kv-cache");
        assertCovered("kv-same");
        assertCovered("kv-chart");
        assertCovered("section-chapter-kv-same-title");
        // "with" is the fourth token of "Your journey starts with one step": 4 rows
        answer("chapter.quiz.kv.rows", "4");
        assertTrue(shown("#kv-cache"));
        assertCovered("kv-step-text");
        ask("chapter.quiz.kv.flops");
        robot.interact(() -> model.quiz().reveal());
        assertTrue(shown("#kv-step-text"), "the FLOPs revealed");
        assertTrue(shown("#kv-chart"));
        assertCovered("kv-same");
        choose("chapter.quiz.kv.same", 0);
        assertTrue(shown("#kv-same"));
        assertTrue(shown("#section-chapter-kv-same-title"));
    }

    @Test
    void flashAttentionHidesTheCountOfTilesAndTheRescaling(FxRobot r) {
        show(r, FlashPage.class);
        assertTrue(shown("#flash-map"));
        assertEquals("Step 1", robot.lookup("#flash-step").queryAs(Labeled.class).getText(),
                "\"of 8\" would answer how many tiles there are");
        assertCovered("flash-step-text");
        assertCovered("flash-rows");
        assertCovered("flash-difference");
        assertCovered("section-chapter-flash-memory-title");
        // 8 queries in blocks of 4, 8 keys in blocks of 2: 2 × 4 = 8 tiles
        answer("tiles", "8");
        assertEquals("Step 1 of 8", robot.lookup("#flash-step").queryAs(Labeled.class).getText());
        assertCovered("flash-step-text");
        assertCovered("flash-rows");
        ask("rescale");
        robot.interact(() -> model.quiz().reveal());
        assertTrue(shown("#flash-step-text"));
        assertTrue(shown("#flash-rows"));
        assertCovered("flash-difference");
        choose("same", 2);
        assertTrue(shown("#flash-difference"));
        assertTrue(shown("#section-chapter-flash-memory-title"));
    }

    @Test
    void gqaCoversTheLlamaCacheAndTheNotesCheck(FxRobot r) {
        show(r, GqaPage.class);
        assertTrue(shown("#gqa-sharing"));
        assertTrue(shown("#gqa-maps"));
        assertCovered("gqa-toy");
        assertCovered("gqa-llama");
        assertCovered("gqa-notes");
        assertCovered("section-chapter-gqa-memory-title");
        assertCovered("section-chapter-gqa-notes-title");
        // 2 · 32 · 8 · 128 · 2 B · 131 072 = 2^34 B = 16 GiB
        answer("gib", "16");
        assertTrue(shown("#section-chapter-gqa-memory-title"));
        assertCovered("gqa-llama");
        choose("notes", 1);
        assertTrue(shown("#gqa-llama"), "both its questions answered");
        assertTrue(shown("#gqa-notes"));
        assertCovered("gqa-toy");
        // the default, 2 K/V heads of width 2: K and V, 2 × 2 × 2 = 8 numbers
        answer("toy", "8");
        assertTrue(shown("#gqa-toy"));
        assertEquals("2/3", score("gqa"));
    }

    @Test
    void ropeCoversItsDiagonalsAndItsAngles(FxRobot r) {
        show(r, RopePage.class);
        assertCovered("rope-scores");
        assertCovered("rope-spread");
        assertCovered("rope-dials");
        assertCovered("section-chapter-rope-relative-title");
        assertCovered("section-chapter-rope-base-title");
        // base 10 000, hd 8: θ₁ = 10000^(−2/8) = 0.1
        answer("angle", "0.1000");
        assertTrue(shown("#rope-dials"));
        assertCovered("rope-scores");
        reveal("rope-scores");
        assertTrue(shown("#rope-scores"));
        assertTrue(shown("#rope-spread"), "revealed with it: the same question");
        assertTrue(shown("#section-chapter-rope-relative-title"));
        assertTrue(shown("#section-chapter-rope-base-title"));
    }

    @Test
    void readingHeadsCoversTheHandMadeScoresAndTheStrongestHead(FxRobot r) {
        show(r, ReadingHeadsPage.class);
        assertTrue(shown("#heads-hand"), "the hand-made map is the question's data");
        assertCovered("heads-hand-scores");
        assertCovered("section-chapter-heads-turkish-title");
        // rows 1-3 put 0.25, 0.6, 0.5 on the key before: 1.35 / 3 = 0.45
        answer("previous", "0.45");
        assertCovered("heads-hand-scores");
        // the second A looks at 0.6 on the B after the first A, the second B 0.5 on key 2: 0.55
        answer("induction", "0.55");
        assertTrue(shown("#heads-hand-scores"));
        choose("turkish", 0);
        assertTrue(shown("#section-chapter-heads-turkish-title"));
        if (model.quiz().quizProperty().get().asks("find-previous")) {
            // the model is there: the head shown before a click is the strongest, named with its scores
            assertCovered("heads-scores");
            assertCovered("heads-map");
            choose("find-previous", 0);
            assertCovered("heads-scores");
            ask("find-first");
            robot.interact(() -> model.quiz().reveal());
            assertTrue(shown("#heads-scores"));
            assertTrue(shown("#heads-map"));
            assertTrue(shown("#heads-verdict"));
        }
    }
}
