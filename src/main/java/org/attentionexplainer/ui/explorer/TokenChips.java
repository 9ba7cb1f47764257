package org.attentionexplainer.ui.explorer;

import org.attentionexplainer.lesson.explorer.Embeddings;

import java.util.ArrayList;
import java.util.List;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.collections.SetChangeListener;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.FlowPane;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * The sentence's tokens as chips. The course's words are marked (they keep the published
 * vectors); with padding on, a click marks a token as padding (its key is masked).
 */
final class TokenChips {
    private final ObservableList<String> tokens;
    private final ControlsModel controls;
    private final I18n i18n;
    private final FlowPane pane = new FlowPane(6, 6);

    /** @param controls where a click marks a token as padding */
    TokenChips(ObservableList<String> tokens, ControlsModel controls, I18n i18n) {
        this.tokens = tokens;
        this.controls = controls;
        this.i18n = i18n;
    }

    Node createView() {
        pane.setId("explorer-tokens");
        pane.getStyleClass().add("token-chips");
        tokens.addListener((ListChangeListener<String>) c -> rebuild());
        controls.paddedKeys().addListener((SetChangeListener<Integer>) c -> restyle());
        controls.paddingProperty().addListener(o -> restyle());
        rebuild();
        ScrollPane scroll = new ScrollPane(pane);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setPrefViewportHeight(36);
        scroll.setMaxHeight(110);
        scroll.getStyleClass().add("token-scroll");
        return scroll;
    }

    private void rebuild() {
        List<Node> chips = new ArrayList<>();
        for (int j = 0; j < tokens.size(); j++) {
            Label chip = new Label(tokens.get(j));
            chip.getStyleClass().add("token-chip");
            if (Embeddings.isCourseWord(tokens.get(j))) {
                chip.getStyleClass().add("course");
            }
            int key = j;
            chip.setOnMouseClicked(e -> {
                if (controls.paddingProperty().get()) {
                    controls.togglePadded(key);
                }
            });
            chips.add(chip);
        }
        pane.getChildren().setAll(chips);
        restyle();
    }

    private void restyle() {
        boolean on = controls.paddingProperty().get();
        for (int j = 0; j < pane.getChildren().size(); j++) {
            Node chip = pane.getChildren().get(j);
            boolean padded = on && controls.paddedKeys().contains(j);
            chip.getStyleClass().remove("padded");
            if (padded) {
                chip.getStyleClass().add("padded");
            }
            chip.pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("clickable"), on);
        }
        pane.setAccessibleText(i18n.get("explorer.tokens.count", pane.getChildren().size()));
    }
}
