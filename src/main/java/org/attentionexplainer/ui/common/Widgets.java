package org.attentionexplainer.ui.common;

import org.attentionexplainer.lesson.explorer.AttentionControls;

import java.util.function.DoubleFunction;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.Slider;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.Tooltip;
import org.attentionexplainer.ui.i18n.I18n;
import org.controlsfx.control.ToggleSwitch;

/** Small builders for the screens' controls: each binds to a view-model property and follows the language. */
public final class Widgets {
    private final I18n i18n;

    public Widgets(I18n i18n) {
        this.i18n = i18n;
    }

    public Label label(String key, String... styleClasses) {
        Label l = new Label();
        l.textProperty().bind(i18n.text(key));
        l.getStyleClass().addAll(styleClasses);
        return l;
    }

    public ToggleSwitch toggle(String id, String key, BooleanProperty property) {
        ToggleSwitch t = new ToggleSwitch();
        t.setId(id);
        t.textProperty().bind(i18n.text(key));
        t.selectedProperty().bindBidirectional(property);
        t.setMaxWidth(Double.MAX_VALUE);
        return t;
    }

    public void tip(javafx.scene.control.Control c, String key) {
        Tooltip t = new Tooltip();
        t.textProperty().bind(i18n.text(key));
        t.setWrapText(true);
        t.setMaxWidth(360);
        c.setTooltip(t);
    }

    /**
     * A slider on a log10 scale for a positive property: the slider holds log10(value), so
     * 0.05 to 10 spreads evenly and the small end can be hit precisely.
     */
    public Slider logSlider(String id, DoubleProperty property, double min, double max) {
        return logSlider(id, property, min, max, Double.NaN);
    }

    /**
     * The same, where a value within 1 % (on the log scale) of {@code home} snaps to it, so that
     * the slider finds its way back to a setting that means "unchanged" (a temperature of 1).
     */
    public Slider logSlider(String id, DoubleProperty property, double min, double max, double home) {
        Slider s = new Slider(Math.log10(min), Math.log10(max), Math.log10(property.get()));
        s.setId(id);
        s.valueProperty().addListener((o, a, b) -> {
            double v = Math.pow(10, b.doubleValue());
            if (Math.abs(Math.log10(property.get()) - b.doubleValue()) > 1e-9) {
                boolean snap = Math.abs(b.doubleValue() - Math.log10(home)) < 0.01;
                property.set(snap ? home : AttentionControls.clamp(v, min, max));
            }
        });
        property.addListener((o, a, b) -> {
            double lv = Math.log10(b.doubleValue());
            if (Math.abs(s.getValue() - lv) > 1e-9) {
                s.setValue(lv);
            }
        });
        return s;
    }

    public Slider slider(String id, DoubleProperty property, double min, double max) {
        Slider s = new Slider(min, max, property.get());
        s.setId(id);
        s.valueProperty().bindBidirectional(property);
        return s;
    }

    /** A label showing a property's value with the given decimals, in the reader's number style. */
    public Label value(javafx.beans.value.ObservableNumberValue property, DoubleFunction<String> format) {
        Label l = new Label();
        l.getStyleClass().add("value-label");
        l.textProperty().bind(Bindings.createStringBinding(() -> format.apply(property.doubleValue()), property,
                i18n.localeProperty()));
        return l;
    }

    public Spinner<Integer> intSpinner(String id, IntegerProperty property, int min, int max) {
        return spinner(id, property, min, max, v -> property.set(v));
    }

    /** Seeds are longs; the spinner offers 0 to 2^31 - 1. */
    public Spinner<Integer> seedSpinner(String id, LongProperty property) {
        return spinner(id, property, 0, Integer.MAX_VALUE, v -> property.set(v));
    }

    private static Spinner<Integer> spinner(String id, javafx.beans.value.ObservableNumberValue property, int min,
                                            int max, java.util.function.IntConsumer set) {
        Spinner<Integer> s = new Spinner<>(new SpinnerValueFactory.IntegerSpinnerValueFactory(min, max,
                (int) Math.max(min, Math.min(max, property.longValue()))));
        s.setId(id);
        s.setEditable(true);
        s.valueProperty().addListener((o, a, b) -> {
            if (b != null && b != property.longValue()) {
                set.accept(b);
            }
        });
        property.addListener((o, a, b) -> {
            if (b.longValue() >= min && b.longValue() <= max) {
                s.getValueFactory().setValue(b.intValue());
            }
        });
        commitOnFocusLoss(s);
        return s;
    }

    private static void commitOnFocusLoss(Spinner<Integer> s) {
        s.getEditor().focusedProperty().addListener((o, a, focused) -> {
            if (!focused) {
                try {
                    s.commitValue();
                } catch (NumberFormatException e) {
                    s.cancelEdit();
                }
            }
        });
        s.setMaxWidth(Double.MAX_VALUE);
    }

    /** A combo box whose items are shown through message keys (and follow the language). */
    public <T> ComboBox<T> choice(String id, ObjectProperty<T> property, T[] items, Function<T, String> key) {
        ComboBox<T> c = new ComboBox<>();
        c.setId(id);
        c.getItems().setAll(items);
        c.valueProperty().bindBidirectional(property);
        c.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                textProperty().unbind();
                if (empty || item == null) {
                    setText(null);
                } else {
                    textProperty().bind(i18n.text(key.apply(item)));
                }
            }
        });
        c.setButtonCell(c.getCellFactory().call(null));
        c.setMaxWidth(Double.MAX_VALUE);
        return c;
    }
}
