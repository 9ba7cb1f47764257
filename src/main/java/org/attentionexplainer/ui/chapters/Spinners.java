package org.attentionexplainer.ui.chapters;

import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.util.StringConverter;

/**
 * Editable whole-number spinners that refuse text that is no number in range: the field goes
 * back to the last value instead of failing, and the value never leaves min..max.
 */
final class Spinners {
    private Spinners() {
    }

    static Spinner<Integer> integer(String id, int min, int max, int initial) {
        SpinnerValueFactory.IntegerSpinnerValueFactory factory =
                new SpinnerValueFactory.IntegerSpinnerValueFactory(min, max, initial);
        Spinner<Integer> spinner = new Spinner<>(factory);
        factory.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer v) {
                return v == null ? "" : v.toString();
            }

            @Override
            public Integer fromString(String s) {
                try {
                    int v = Math.max(min, Math.min(max, Integer.parseInt(s.strip())));
                    spinner.getEditor().setText(Integer.toString(v));
                    return v;
                } catch (NumberFormatException e) {
                    spinner.getEditor().setText(toString(factory.getValue()));
                    return factory.getValue();
                }
            }
        });
        spinner.setId(id);
        spinner.setEditable(true);
        // the text shown again after a refused entry
        spinner.getEditor().focusedProperty().addListener((o, was, now) -> {
            if (!now) {
                spinner.getEditor().setText(factory.getConverter().toString(factory.getValue()));
            }
        });
        return spinner;
    }
}
