package org.attentionexplainer.ui.common;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javafx.beans.property.IntegerProperty;
import javafx.beans.value.ObservableIntegerValue;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import javafx.util.StringConverter;
import org.attentionexplainer.ui.i18n.I18n;

/** A list of heads ("Head 1" ...) bound to the head shown; it follows the count of heads and the language. */
public final class HeadChooser {
    private HeadChooser() {
    }

    public static ComboBox<Integer> create(String id, I18n i18n, ObservableIntegerValue headCount,
                                           IntegerProperty headShown) {
        ComboBox<Integer> head = new ComboBox<>();
        head.setId(id);
        Function<Integer, String> name = h -> i18n.get("explorer.figure.head", h + 1);
        head.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(Integer item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : name.apply(item));
            }
        });
        head.setButtonCell(head.getCellFactory().call(null));
        head.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer h) {
                return h == null ? "" : name.apply(h);
            }

            @Override
            public Integer fromString(String s) {
                return head.getValue();
            }
        });
        headCount.addListener((o, a, b) -> fill(head, b.intValue(), headShown.get()));
        fill(head, headCount.get(), headShown.get());
        head.valueProperty().addListener((o, a, b) -> {
            if (b != null) {
                headShown.set(b);
            }
        });
        headShown.addListener((o, a, b) -> head.setValue(b.intValue()));
        i18n.localeProperty().addListener(o -> {
            head.setButtonCell(head.getCellFactory().call(null));
            head.setConverter(head.getConverter());
        });
        return head;
    }

    private static void fill(ComboBox<Integer> head, int n, int shown) {
        if (head.getItems().size() != n) {
            List<Integer> items = new ArrayList<>();
            for (int h = 0; h < n; h++) {
                items.add(h);
            }
            head.getItems().setAll(items);
        }
        head.setValue(shown);
    }
}
