package org.attentionexplainer.ui.shell;

import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * Which of a fixed list of pages is shown (the walkthrough's steps, the chapters): next,
 * previous, first, last, go to, and "n of N"; remembered in the settings under a key, so a
 * learner resumes where they stopped. A saved index out of range falls back to the nearest page.
 *
 * @param <T> what a page is
 */
public final class StepCursor<T> {
    private final List<T> pages;
    private final ReadOnlyIntegerWrapper index = new ReadOnlyIntegerWrapper();
    private final ObjectBinding<T> current;

    public StepCursor(List<T> pages, Settings settings, String key) {
        if (pages.isEmpty()) {
            throw new IllegalArgumentException("a cursor needs at least one page");
        }
        this.pages = List.copyOf(pages);
        index.set(Math.max(0, Math.min(pages.size() - 1, settings.getInt(key, 0))));
        current = Bindings.createObjectBinding(() -> this.pages.get(index.get()), index);
        index.addListener((o, a, b) -> settings.put(key, Integer.toString(b.intValue())));
    }

    public List<T> pages() {
        return pages;
    }

    /** The index of the page shown, from 0. */
    public ReadOnlyIntegerProperty indexProperty() {
        return index.getReadOnlyProperty();
    }

    public ObjectBinding<T> currentProperty() {
        return current;
    }

    /** "n of N" through the message {@code key} (arguments n, N) in the current language. */
    public StringBinding progressText(I18n i18n, String key) {
        return Bindings.createStringBinding(() -> i18n.get(key, index.get() + 1, pages.size()), index,
                i18n.localeProperty());
    }

    public boolean next() {
        return goTo(index.get() + 1);
    }

    public boolean previous() {
        return goTo(index.get() - 1);
    }

    public boolean first() {
        return goTo(0);
    }

    public boolean last() {
        return goTo(pages.size() - 1);
    }

    public boolean goTo(T page) {
        return goTo(pages.indexOf(page));
    }

    /** Shows page {@code i}; false if there is no such page or it is shown already. */
    public boolean goTo(int i) {
        if (i < 0 || i >= pages.size() || i == index.get()) {
            return false;
        }
        index.set(i);
        return true;
    }
}
