package org.attentionexplainer.ui.chapters;

import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;
import org.attentionexplainer.lesson.chapters.quiz.ChoiceQuestion;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Question;
import org.attentionexplainer.ui.i18n.I18n;

/** The quiz box of a chapter: the question, its choices or a field, then the verdict and why. */
final class QuizView {
    private final ChaptersViewModel model;
    private final QuizViewModel quiz;
    private final I18n i18n;
    private final Label prompt = new Label();
    private final FlowPane answers = new FlowPane();

    QuizView(ChaptersViewModel model) {
        this.model = model;
        this.quiz = model.quiz();
        this.i18n = model.i18n();
    }

    Node create() {
        Label heading = ChapterLayout.label(i18n.text("quiz.title"), "walk-heading");
        Label score = ChapterLayout.label(model.scoreText(), "hint");
        score.setId("quiz-score");
        prompt.setId("quiz-prompt");
        prompt.setWrapText(true);
        prompt.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        prompt.getStyleClass().add("quiz-prompt");
        answers.getStyleClass().add("quiz-answers");
        Label message = ChapterLayout.label(quiz.messageProperty(), "quiz-message");
        message.setId("quiz-message");
        quiz.verdictProperty().addListener((o, a, b) -> {
            message.getStyleClass().removeAll("quiz-right", "quiz-wrong");
            if (b == QuizViewModel.Verdict.RIGHT) {
                message.getStyleClass().add("quiz-right");
            } else if (b == QuizViewModel.Verdict.WRONG) {
                message.getStyleClass().add("quiz-wrong");
            }
        });
        Button next = new Button();
        next.setId("quiz-next");
        next.textProperty().bind(i18n.text("quiz.nextQuestion"));
        next.setOnAction(e -> quiz.nextQuestion());
        Button reset = new Button();
        reset.setId("quiz-reset");
        reset.textProperty().bind(i18n.text("quiz.reset"));
        reset.setOnAction(e -> model.resetScore());
        Label counter = ChapterLayout.label(Bindings.createStringBinding(
                () -> quiz.count() == 0 ? "" : i18n.get("quiz.counter", quiz.indexProperty().get() + 1, quiz.count()),
                quiz.indexProperty(), quiz.quizProperty(), i18n.localeProperty()), "hint");
        next.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        reset.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        FlowPane buttons = new FlowPane(counter, next, reset);
        buttons.getStyleClass().add("quiz-answers");
        VBox box = new VBox(heading, score, prompt, answers, message, buttons);
        box.getStyleClass().addAll("card", "quiz");
        quiz.quizProperty().addListener((o, a, b) -> rebuild());
        quiz.indexProperty().addListener((o, a, b) -> rebuild());
        quiz.revealedProperty().addListener((o, a, b) -> answers.setDisable(b));
        i18n.localeProperty().addListener((o, a, b) -> rebuild());
        rebuild();
        return box;
    }

    private void rebuild() {
        Question q = quiz.question();
        answers.getChildren().clear();
        answers.setDisable(quiz.revealedProperty().get());
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
            Button check = new Button();
            check.setId("quiz-check");
            check.textProperty().bind(i18n.text("quiz.check"));
            check.setOnAction(e -> quiz.answer(field.getText()));
            field.setOnAction(e -> quiz.answer(field.getText()));
            answers.getChildren().addAll(field, check);
        }
    }
}
