package org.attentionexplainer.ui.chapters;

import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import javafx.scene.layout.Region;
import javafx.util.StringConverter;

/**
 * A picker of long items (a sentence) for a page's narrow column: the item chosen wraps over as
 * many lines as it needs instead of being cut, in presentation mode's narrower column too, where
 * a choice box would end it in "…".
 */
final class Pickers {
    private Pickers() {
    }

    /** A picker named {@code id}; its items read as {@code names} gives them (changed later with setConverter). */
    static <T> ComboBox<T> wrapping(String id, StringConverter<T> names) {
        ComboBox<T> box = new ComboBox<>() {
            // its height follows the width it is given, as a wrapping label's does
            @Override
            public Orientation getContentBias() {
                return Orientation.HORIZONTAL;
            }
        };
        box.setId(id);
        box.setConverter(names);
        box.setButtonCell(new Item<>(box, true));
        box.setCellFactory(list -> new Item<>(box, false));
        box.setMinWidth(0);
        box.setMaxWidth(Double.MAX_VALUE);
        return box;
    }

    /** An item shown by the picker's converter, again whenever the converter changes (a language switched). */
    private static final class Item<T> extends ListCell<T> {
        private final ComboBox<T> box;
        private final boolean chosen;

        Item(ComboBox<T> box, boolean chosen) {
            this.box = box;
            this.chosen = chosen;
            setWrapText(chosen);
            box.converterProperty().addListener((o, a, b) -> show(getItem(), isEmpty()));
        }

        @Override
        protected void updateItem(T item, boolean empty) {
            super.updateItem(item, empty);
            show(item, empty);
        }

        private void show(T item, boolean empty) {
            setText(empty || item == null || box.getConverter() == null ? "" : box.getConverter().toString(item));
        }

        /** The picker asks its chosen item with the picker's whole width, of which the arrow takes a part. */
        @Override
        protected double computePrefHeight(double width) {
            Node arrow = chosen && width > 0 ? box.lookup(".arrow-button") : null;
            double room = arrow instanceof Region r ? r.prefWidth(-1) + box.snappedLeftInset() + box.snappedRightInset()
                    : 0;
            return super.computePrefHeight(width > 0 ? Math.max(1, width - room) : width);
        }
    }
}
