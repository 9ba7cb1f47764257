package org.attentionexplainer.ui.common;

import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.SimpleBooleanProperty;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.Settings;
import org.attentionexplainer.ui.shell.StepCursor;

/**
 * Pages read one at a time, the walkthrough's steps or the chapters: which is shown ("n of N",
 * remembered so a learner resumes there), presentation mode, and the index of pages. Moving
 * to a page closes the index.
 *
 * @param <P> what a page is
 */
public final class Book<P> {
    private final StepCursor<P> cursor;
    private final BooleanProperty presenting = new SimpleBooleanProperty(this, "presenting");
    private final BooleanProperty indexShown = new SimpleBooleanProperty(this, "indexShown");
    private final javafx.beans.property.ObjectProperty<Onward> onward =
            new javafx.beans.property.SimpleObjectProperty<>(this, "onward");

    /** Where the last page leads (another part of the app) and the message key of its button. */
    public record Onward(String labelKey, Runnable go) {
    }

    /** @param key the settings key under which the page shown is remembered */
    public Book(List<P> pages, Settings settings, String key) {
        this.cursor = new StepCursor<>(pages, settings, key);
    }

    public List<P> pages() {
        return cursor.pages();
    }

    /** The index of the page shown, from 0. */
    public ReadOnlyIntegerProperty indexProperty() {
        return cursor.indexProperty();
    }

    public ObjectBinding<P> currentProperty() {
        return cursor.currentProperty();
    }

    /** Presentation mode: each page reduced to its headline, formula, inputs and picture. */
    public BooleanProperty presentingProperty() {
        return presenting;
    }

    /** The index of pages is open. */
    public BooleanProperty indexShownProperty() {
        return indexShown;
    }

    /** "n of N" through the message {@code key} (arguments n, N) in the current language. */
    public StringBinding progressText(I18n i18n, String key) {
        return cursor.progressText(i18n, key);
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

    public boolean goTo(P page) {
        return closeIndexAnd(() -> cursor.goTo(page));
    }

    /** Shows page {@code i}; false if there is no such page or it is shown. */
    public boolean goTo(int i) {
        return closeIndexAnd(() -> cursor.goTo(i));
    }

    private boolean closeIndexAnd(BooleanSupplier move) {
        indexShown.set(false);
        return move.getAsBoolean();
    }

    /** What Next does on the last page; null leaves Next disabled there. */
    public javafx.beans.property.ObjectProperty<Onward> onwardProperty() {
        return onward;
    }

    public void toggleIndex() {
        indexShown.set(!indexShown.get());
    }
}
