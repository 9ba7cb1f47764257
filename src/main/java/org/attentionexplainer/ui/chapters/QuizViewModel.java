package org.attentionexplainer.ui.chapters;

import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.attentionexplainer.lesson.chapters.quiz.ChoiceQuestion;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Question;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;
import org.attentionexplainer.ui.common.Texts;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * Predict, then reveal: one question of a chapter's quiz at a time. The learner answers by
 * picking a choice or typing a number; the answer is checked (with the question's tolerance),
 * the verdict and the explanation appear, and the result goes to the stored score.
 */
public final class QuizViewModel {
    /** Where an answer stands. */
    public enum Verdict { OPEN, RIGHT, WRONG }

    private final I18n i18n;
    private final Consumer<Boolean> record;
    private final ObjectProperty<Quiz> quiz = new SimpleObjectProperty<>();
    private final IntegerProperty index = new SimpleIntegerProperty();
    private final ObjectProperty<Verdict> verdict = new SimpleObjectProperty<>(Verdict.OPEN);
    private final StringProperty message = new SimpleStringProperty("");
    private final BooleanProperty revealed = new SimpleBooleanProperty();
    /** The message, worded again when the language changes. */
    private Supplier<String> said = () -> "";

    /** @param record told whether each answer was right, to keep the score */
    public QuizViewModel(I18n i18n, Consumer<Boolean> record) {
        this.i18n = i18n;
        this.record = record;
        quiz.addListener((o, a, b) -> {
            index.set(0);
            clear();
        });
        i18n.localeProperty().addListener(o -> message.set(said.get()));
    }

    public ObjectProperty<Quiz> quizProperty() {
        return quiz;
    }

    public IntegerProperty indexProperty() {
        return index;
    }

    public ObjectProperty<Verdict> verdictProperty() {
        return verdict;
    }

    /** The verdict and the explanation, once answered; a hint for unreadable input. */
    public StringProperty messageProperty() {
        return message;
    }

    public BooleanProperty revealedProperty() {
        return revealed;
    }

    public Question question() {
        Quiz q = quiz.get();
        return q == null || q.questions().isEmpty() ? null : q.questions().get(index.get());
    }

    public int count() {
        return quiz.get() == null ? 0 : quiz.get().questions().size();
    }

    /** Picks choice {@code i} of a choice question. */
    public void choose(int i) {
        if (question() instanceof ChoiceQuestion c && !revealed.get()) {
            finish(c.isCorrect(i), () -> Texts.format(i18n, c.choices().get(c.correct())));
        }
    }

    /** Checks a typed number; text that is no number gets a hint and no verdict. */
    public void answer(String typed) {
        if (!(question() instanceof NumericQuestion n) || revealed.get()) {
            return;
        }
        double given;
        try {
            given = i18n.parse(typed);
        } catch (NumberFormatException e) {
            say(() -> i18n.get("quiz.notNumber", typed.strip()));
            return;
        }
        finish(n.isCorrect(given), () -> i18n.number(n.answer(), decimals(n)));
    }

    private static int decimals(NumericQuestion n) {
        if (n.tolerance() <= 0) {
            return 0;
        }
        return Math.max(0, Math.min(6, (int) Math.ceil(-Math.log10(2 * n.tolerance()))));
    }

    private void finish(boolean right, Supplier<String> answer) {
        verdict.set(right ? Verdict.RIGHT : Verdict.WRONG);
        revealed.set(true);
        Question q = question();
        say(() -> i18n.get(right ? "quiz.right" : "quiz.wrong", answer.get()) + " "
                + Texts.format(i18n, q.explanation()));
        record.accept(right);
    }

    private void say(Supplier<String> text) {
        said = text;
        message.set(text.get());
    }

    /** The next question (after the last, back to the first). */
    public void nextQuestion() {
        if (count() > 0) {
            index.set((index.get() + 1) % count());
            clear();
        }
    }

    private void clear() {
        verdict.set(Verdict.OPEN);
        revealed.set(false);
        say(() -> "");
    }
}
