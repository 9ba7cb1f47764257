package org.attentionexplainer.ui.walkthrough;

import java.util.List;
import javafx.beans.property.IntegerProperty;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.lesson.Token;
import org.attentionexplainer.ui.i18n.I18n;

/** A row of toggle buttons, one per token: the one pressed is the query. */
final class QueryChooser {
    private QueryChooser() {
    }

    /** Buttons get the ids {@code id-i}. */
    static Node create(I18n i18n, String id, String captionKey, ObservableValue<List<Token>> tokens,
                       IntegerProperty selected) {
        FlowPane buttons = new FlowPane();
        buttons.getStyleClass().add("walk-chooser");
        Runnable rebuild = () -> {
            ToggleGroup group = new ToggleGroup();
            buttons.getChildren().clear();
            List<Token> list = tokens.getValue();
            for (int i = 0; i < list.size(); i++) {
                int index = i;
                ToggleButton b = new ToggleButton(list.get(i).label());
                b.setId(id + "-" + i);
                b.setToggleGroup(group);
                b.setSelected(i == selected.get());
                b.setOnAction(e -> {
                    selected.set(index);
                    b.setSelected(true);
                });
                buttons.getChildren().add(b);
            }
        };
        rebuild.run();
        tokens.addListener((o, a, b) -> rebuild.run());
        selected.addListener((o, a, b) -> rebuild.run());
        Label caption = PageLayout.wrapped(i18n, captionKey, "page-caption");
        VBox box = new VBox(caption, buttons);
        box.getStyleClass().add("walk-chooser-box");
        return box;
    }
}
