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
import javafx.beans.value.ObservableValue;
import org.attentionexplainer.lesson.chapters.quiz.ChoiceQuestion;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Outcome;
import org.attentionexplainer.lesson.chapters.quiz.Question;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;
import org.attentionexplainer.ui.common.Texts;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * Predict, then reveal: one question of a chapter's quiz at a time. The learner answers by
 * picking a choice or typing a number, or asks to see the answer; the answer is checked (with
 * the question's tolerance), the verdict and the explanation appear, and the outcome is kept
 * with the learner's progress, once per question. A question answered before (in this run or an
 * earlier one) opens answered, with its answer and explanation.
 */
public final class QuizViewModel {
    /** Where the question shown stands: open, answered right or wrong, or its answer shown unanswered. */
    public enum Verdict { OPEN, RIGHT, WRONG, REVEALED }

    /** Where outcomes are kept, by question id, for the chapter whose quiz is shown. */
    public interface Answers {
        Outcome outcome(String question);

        void record(String question, Outcome outcome);
    }

    private final I18n i18n;
    private final Answers answers;
    private final ObjectProperty<Quiz> quiz = new SimpleObjectProperty<>();
    private final IntegerProperty index = new SimpleIntegerProperty();
    private final ObjectProperty<Verdict> verdict = new SimpleObjectProperty<>(Verdict.OPEN);
    private final StringProperty message = new SimpleStringProperty("");
    private final BooleanProperty revealed = new SimpleBooleanProperty();
    /** The message, worded again when the language changes. */
    private Supplier<String> said = () -> "";
    private final IntegerProperty chosen = new SimpleIntegerProperty(-1);

    /** @param changes fires when the kept outcomes change elsewhere (a covered answer revealed, a reset) */
    public QuizViewModel(I18n i18n, Answers answers, ObservableValue<?> changes) {
        this.i18n = i18n;
        this.answers = answers;
        quiz.addListener((o, a, b) -> {
            index.set(firstOpen());
            clear();
            sync();
        });
        changes.addListener((o, a, b) -> sync());
        // the verdict in the new language: worded as an earlier answer, the choice still marked
        i18n.localeProperty().addListener((o, a, b) -> {
            int picked = chosen.get();
            clear();
            sync();
            chosen.set(verdict.get() == Verdict.OPEN ? -1 : picked);
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

    /** The choice the learner picked for the question shown (-1: none, or not picked in this run). */
    public IntegerProperty chosenProperty() {
        return chosen;
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
            chosen.set(i);
            finish(c.isCorrect(i), Texts.format(i18n, c.choices().get(i)));
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
            said = () -> i18n.get("quiz.notNumber", typed.strip());
            message.set(said.get());
            return;
        }
        finish(n.isCorrect(given), typed.strip());
    }

    /** Shows the answer without one from the learner; it is kept, and does not score. */
    public void reveal() {
        Question q = question();
        if (q == null || revealed.get()) {
            return;
        }
        show(Verdict.REVEALED, () -> i18n.get("quiz.revealed", answerText(q)));
        answers.record(q.id(), Outcome.REVEALED);
    }

    private void finish(boolean right, String given) {
        Question q = question();
        Supplier<String> head = () -> right ? i18n.get("quiz.right", answerText(q))
                : i18n.get("quiz.wrong", answerText(q)) + " " + i18n.get("quiz.yourAnswer", given);
        show(right ? Verdict.RIGHT : Verdict.WRONG, head);
        answers.record(q.id(), right ? Outcome.RIGHT : Outcome.WRONG);
    }

    /** Shows the verdict; the text is worded again if the language changes while it is shown. */
    private void show(Verdict v, Supplier<String> head) {
        verdict.set(v);
        revealed.set(true);
        Question q = question();
        said = () -> head.get() + " " + Texts.format(i18n, q.explanation());
        message.set(said.get());
    }

    /** The right answer as the learner reads it: the choice, or the number to the question's decimals. */
    private String answerText(Question q) {
        if (q instanceof ChoiceQuestion c) {
            return Texts.format(i18n, c.choices().get(c.correct()));
        }
        NumericQuestion n = (NumericQuestion) q;
        return i18n.number(n.answer(), decimals(n));
    }

    private static int decimals(NumericQuestion n) {
        if (n.tolerance() <= 0) {
            return 0;
        }
        return Math.max(0, Math.min(6, (int) Math.ceil(-Math.log10(2 * n.tolerance()))));
    }

    /** The next question (after the last, back to the first). */
    public void nextQuestion() {
        if (count() > 0) {
            index.set((index.get() + 1) % count());
            clear();
            sync();
        }
    }

    /** Whether the question shown is the quiz's last. */
    public boolean atLastQuestion() {
        return index.get() >= count() - 1;
    }

    /** The first question without an outcome, or the first of all when every one has one. */
    private int firstOpen() {
        for (int i = 0; i < count(); i++) {
            if (answers.outcome(quiz.get().questions().get(i).id()) == null) {
                return i;
            }
        }
        return 0;
    }

    /** Brings the shown question in line with its kept outcome (revealed elsewhere, or reset). */
    private void sync() {
        Question q = question();
        Outcome kept = q == null ? null : answers.outcome(q.id());
        if (kept == null) {
            if (verdict.get() != Verdict.OPEN) {
                clear();
            }
        } else if (verdict.get() == Verdict.OPEN) {
            switch (kept) {
                case RIGHT -> show(Verdict.RIGHT, () -> i18n.get("quiz.earlierRight", answerText(q)));
                case WRONG -> show(Verdict.WRONG, () -> i18n.get("quiz.earlierWrong", answerText(q)));
                default -> show(Verdict.REVEALED, () -> i18n.get("quiz.revealed", answerText(q)));
            }
        }
    }

    private void clear() {
        verdict.set(Verdict.OPEN);
        revealed.set(false);
        chosen.set(-1);
        said = () -> "";
        message.set("");
    }
}
