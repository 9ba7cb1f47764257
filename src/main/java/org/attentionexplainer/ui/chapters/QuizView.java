package org.attentionexplainer.ui.chapters;

import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.attentionexplainer.lesson.chapters.quiz.ChoiceQuestion;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Question;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.common.Texts;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * The quiz box of a chapter: the question, its choices or a field, Reveal, then the verdict and
 * why, with the chosen choice marked right or wrong and the right one marked. In class mode the
 * question and its choices are large, for a projector.
 */
final class QuizView {
    private final ChaptersViewModel model;
    private final QuizViewModel quiz;
    private final I18n i18n;
    private final Label prompt = new Label();
    private final FlowPane answers = new FlowPane();
    private final VBox box = new VBox();

    QuizView(ChaptersViewModel model) {
        this.model = model;
        this.quiz = model.quiz();
        this.i18n = model.i18n();
    }

    Node create() {
        Label heading = PageLayout.label(i18n.text("quiz.title"), "page-heading");
        Label score = PageLayout.label(model.scoreText(), "hint");
        score.setId("quiz-score");
        prompt.setId("quiz-prompt");
        prompt.setWrapText(true);
        prompt.setMinHeight(Region.USE_PREF_SIZE);
        prompt.getStyleClass().add("quiz-prompt");
        answers.getStyleClass().add("quiz-answers");
        Label message = PageLayout.label(quiz.messageProperty(), "quiz-message");
        message.setId("quiz-message");
        quiz.verdictProperty().addListener((o, a, b) -> {
            message.getStyleClass().removeAll("quiz-right", "quiz-wrong");
            if (b == QuizViewModel.Verdict.RIGHT) {
                message.getStyleClass().add("quiz-right");
            } else if (b == QuizViewModel.Verdict.WRONG) {
                message.getStyleClass().add("quiz-wrong");
            }
        });
        Button reveal = button("quiz-reveal", "quiz.reveal");
        reveal.setOnAction(e -> quiz.reveal());
        reveal.visibleProperty().bind(quiz.revealedProperty().not().and(quiz.quizProperty().isNotNull()));
        reveal.managedProperty().bind(reveal.visibleProperty());
        Button next = button("quiz-next", "quiz.nextQuestion");
        next.setOnAction(e -> quiz.nextQuestion());
        Button reset = button("quiz-reset", "quiz.reset");
        reset.setOnAction(e -> model.resetScore());
        ToggleButton classMode = new ToggleButton();
        classMode.setId("quiz-class-mode");
        classMode.textProperty().bind(i18n.text("quiz.classMode"));
        classMode.setMinWidth(Region.USE_PREF_SIZE);
        classMode.selectedProperty().bindBidirectional(model.classModeProperty());
        Label classHint = PageLayout.label(i18n.text("quiz.classModeHint"), "hint");
        classHint.visibleProperty().bind(model.classModeProperty());
        classHint.managedProperty().bind(classHint.visibleProperty());
        Label counter = PageLayout.label(Bindings.createStringBinding(
                () -> quiz.count() == 0 ? "" : i18n.get("quiz.counter", quiz.indexProperty().get() + 1, quiz.count()),
                quiz.indexProperty(), quiz.quizProperty(), i18n.localeProperty()), "hint");
        FlowPane buttons = new FlowPane(counter, reveal, next, reset, classMode);
        buttons.getStyleClass().add("quiz-answers");
        box.getChildren().setAll(heading, score, prompt, answers, message, buttons, classHint);
        box.getStyleClass().addAll("card", "quiz");
        model.classModeProperty().addListener((o, a, on) -> {
            box.getStyleClass().remove("quiz-class");
            if (on) {
                box.getStyleClass().add("quiz-class");
                // Space must reach the window's keys, not press the toggle again
                box.requestFocus();
            }
        });
        if (model.classModeProperty().get()) {
            box.getStyleClass().add("quiz-class");
        }
        quiz.quizProperty().addListener((o, a, b) -> rebuild());
        quiz.indexProperty().addListener((o, a, b) -> rebuild());
        quiz.revealedProperty().addListener((o, a, b) -> {
            if (b && focusInside()) {
                box.requestFocus();
            }
            mark();
        });
        quiz.chosenProperty().addListener((o, a, b) -> mark());
        i18n.localeProperty().addListener((o, a, b) -> rebuild());
        rebuild();
        return box;
    }

    private Button button(String id, String key) {
        Button b = new Button();
        b.setId(id);
        b.textProperty().bind(i18n.text(key));
        b.setMinWidth(Region.USE_PREF_SIZE);
        return b;
    }

    /** Whether a control of the quiz has the focus (the answer it gave is about to be disabled). */
    private boolean focusInside() {
        if (box.getScene() == null) {
            return false;
        }
        for (Node n = box.getScene().getFocusOwner(); n != null; n = n.getParent()) {
            if (n == box) {
                return true;
            }
        }
        return false;
    }

    private void rebuild() {
        Question q = quiz.question();
        answers.getChildren().clear();
        if (q == null) {
            prompt.setText(i18n.get("chapter.ui.pending"));
            return;
        }
        prompt.setText(Texts.format(i18n, q.prompt()));
        if (q instanceof ChoiceQuestion c) {
            for (int i = 0; i < c.choices().size(); i++) {
                int choice = i;
                Button b = new Button(Texts.format(i18n, c.choices().get(i)));
                b.setId("quiz-choice-" + i);
                b.setOnAction(e -> quiz.choose(choice));
                answers.getChildren().add(b);
            }
        } else if (q instanceof NumericQuestion) {
            TextField field = new TextField();
            field.setId("quiz-answer");
            field.setPrefColumnCount(8);
            field.promptTextProperty().bind(i18n.text("quiz.typeHere"));
            Button check = button("quiz-check", "quiz.check");
            check.setOnAction(e -> quiz.answer(field.getText()));
            field.setOnAction(e -> quiz.answer(field.getText()));
            answers.getChildren().addAll(field, check);
        }
        mark();
    }

    /** Once answered: the controls off, the right choice marked, and the learner's if it was wrong. */
    private void mark() {
        boolean done = quiz.revealedProperty().get();
        Question q = quiz.question();
        for (int i = 0; i < answers.getChildren().size(); i++) {
            Node n = answers.getChildren().get(i);
            n.setDisable(done);
            n.getStyleClass().removeAll("quiz-choice-right", "quiz-choice-wrong");
            if (!(n instanceof Button b) || !(q instanceof ChoiceQuestion c)) {
                continue;
            }
            // a sign as well as a colour, for whoever cannot tell green from red
            b.setGraphic(null);
            if (done && c.isCorrect(i)) {
                b.getStyleClass().add("quiz-choice-right");
                b.setGraphic(new Label("✓"));
            } else if (done && i == quiz.chosenProperty().get()) {
                b.getStyleClass().add("quiz-choice-wrong");
                b.setGraphic(new Label("✗"));
            }
        }
    }
}
