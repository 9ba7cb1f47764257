package org.attentionexplainer.ui.chapters;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableValue;
import org.attentionexplainer.lesson.chapters.Section;
import org.attentionexplainer.ui.common.Book;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.Cue;

/**
 * The presenter console's view of the chapters: the chapter shown with its step and part, what the
 * forward key shows next (as {@link ChaptersViewModel#stepOrNext} moves: the chapter's next step,
 * else its next part, else the next chapter), and the chapter's headline and narrative, which the
 * slide leaves out.
 */
final class ChapterCue {
    private ChapterCue() {
    }

    static ObservableValue<Cue> of(ChaptersViewModel chapters) {
        Book<ChapterPage<?>> book = chapters.book();
        List<Observable> moves = new ArrayList<>(List.of(book.currentProperty(), book.indexShownProperty(),
                chapters.presentingProperty(), chapters.classModeProperty(), chapters.i18n().localeProperty()));
        for (ChapterPage<?> page : book.pages()) {
            moves.add(page.partMoves());
            if (page.steps() != null) {
                moves.add(page.steps().stepProperty());
                moves.add(page.steps().countProperty());
            }
        }
        return Bindings.createObjectBinding(() -> cue(chapters), moves.toArray(Observable[]::new));
    }

    private static Cue cue(ChaptersViewModel chapters) {
        I18n i18n = chapters.i18n();
        Book<ChapterPage<?>> book = chapters.book();
        ChapterPage<?> page = book.currentProperty().get();
        Parts parts = page.parts();
        int part = parts == null ? 0 : Math.min(parts.shownProperty().get(), parts.count() - 1);
        Steps steps = steps(page, part);
        int step = steps == null ? 0 : steps.stepProperty().get();
        String now = at(i18n, page, step, part);
        String next;
        if (!book.indexShownProperty().get() && steps != null && step < steps.countProperty().get()) {
            next = at(i18n, page, step + 1, part);
        } else if (!book.indexShownProperty().get() && parts != null && part + 1 < parts.count()) {
            // a part with steps is entered at its first (a page's map, then its table, a token at a time again)
            next = at(i18n, page, 1, part + 1);
        } else if (book.indexProperty().get() + 1 < book.pages().size()) {
            // a chapter is entered at its first step
            next = at(i18n, book.pages().get(book.indexProperty().get() + 1), 1, 0);
        } else {
            next = null;
        }
        return new Cue(now, next, notes(i18n, page));
    }

    /**
     * The steps the presenter keys take at part {@code part} (from 0) of the page, as {@link
     * ChapterPage#stepForward} finds them: the part's own (a page's toy model, then its tiny GPT, each
     * with steps of their own), or the page's where it has no parts; null for none.
     */
    private static Steps steps(ChapterPage<?> page, int part) {
        return page.parts() != null ? page.parts().steps(part) : page.steps();
    }

    /** The chapter's title with its step (from 1; ignored without steps) and part (from 0) where it has more than one. */
    private static String at(I18n i18n, ChapterPage<?> page, int step, int part) {
        String title = i18n.get(page.text().titleKey());
        Steps steps = steps(page, part);
        int stepCount = steps == null ? 1 : steps.countProperty().get();
        Parts parts = page.parts();
        int partCount = parts == null ? 1 : parts.count();
        if (partCount > 1 && stepCount > 1) {
            return i18n.get("present.console.partStep", title, part + 1, partCount, step, stepCount);
        } else if (partCount > 1) {
            return i18n.get(parts.isQuiz(part) ? "present.console.quiz" : "present.console.part", title, part + 1,
                    partCount);
        } else if (stepCount > 1) {
            return i18n.get("present.console.step", title, step, stepCount);
        }
        return title;
    }

    /** The headline, then each section's title, text and formula, as the page's narrative column has them. */
    private static String notes(I18n i18n, ChapterPage<?> page) {
        StringBuilder notes = new StringBuilder(i18n.get(page.text().headlineKey()));
        for (Section s : page.text().sections()) {
            notes.append("\n\n").append(i18n.get(s.titleKey())).append('\n').append(i18n.get(s.textKey()));
            if (s.formulaKey() != null) {
                notes.append('\n').append(i18n.get(s.formulaKey()));
            }
        }
        return notes.toString();
    }
}
