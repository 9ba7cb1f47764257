package org.attentionexplainer.ui.chapters;

import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * The steps of a chapter that is stepped through (a token at a time, a tile at a time): the step
 * shown, from 1, and how many there are. The presenter keys move through them before they turn
 * the page ({@link ChapterPage#stepForward}); the page shows back and next buttons and "Step n of N".
 */
final class Steps {
    private final IntegerProperty step = new SimpleIntegerProperty(this, "step", 1);
    private final IntegerProperty count = new SimpleIntegerProperty(this, "count", 1);

    IntegerProperty stepProperty() {
        return step;
    }

    IntegerProperty countProperty() {
        return count;
    }

    /** A new number of steps; the step shown stays where it is if it still exists, else the last. */
    void setCount(int n) {
        count.set(Math.max(1, n));
        step.set(Math.max(1, Math.min(step.get(), count.get())));
    }

    boolean forward() {
        if (step.get() >= count.get()) {
            return false;
        }
        step.set(step.get() + 1);
        return true;
    }

    boolean back() {
        if (step.get() <= 1) {
            return false;
        }
        step.set(step.get() - 1);
        return true;
    }

    void first() {
        step.set(1);
    }

    void last() {
        step.set(count.get());
    }

    /** "◀ Step back", "Step n of N", "Next step ▶"; node ids {@code id}-back, {@code id}-step, {@code id}-next. */
    Node control(I18n i18n, String id) {
        return control(i18n, id, new SimpleBooleanProperty(false));
    }

    /** The same, saying "Step n" without the N while {@code countHidden}: a quiz asks how many steps there are. */
    Node control(I18n i18n, String id, ObservableBooleanValue countHidden) {
        Button back = new Button();
        back.setId(id + "-back");
        back.textProperty().bind(i18n.text("chapter.ui.step.back"));
        back.disableProperty().bind(step.lessThanOrEqualTo(1));
        back.setOnAction(e -> back());
        Button next = new Button();
        next.setId(id + "-next");
        next.textProperty().bind(i18n.text("chapter.ui.step.next"));
        next.disableProperty().bind(step.greaterThanOrEqualTo(count));
        next.setOnAction(e -> forward());
        // a button disabled while it has the focus would pass it on down the page, to the quiz's
        // answer field, where the presenter keys type instead of stepping
        next.disabledProperty().addListener((o, was, now) -> {
            if (now && next.isFocused()) {
                back.requestFocus();
            }
        });
        back.disabledProperty().addListener((o, was, now) -> {
            if (now && back.isFocused()) {
                next.requestFocus();
            }
        });
        Label of = PageLayout.computed(i18n, id + "-step", () -> countHidden.get()
                ? i18n.get("chapter.ui.step.alone", step.get())
                : i18n.get("chapter.ui.step.of", step.get(), count.get()), step, count, countHidden);
        of.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        FlowPane row = new FlowPane(back, of, next);
        row.getStyleClass().add("page-buttons");
        row.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        return row;
    }
}
