package org.attentionexplainer.ui.common;

import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * Predict, then reveal, on a page: a number, map or paragraph that gives a quiz's answer away is
 * covered until the learner has answered (or asks to see it). The covered node keeps its room,
 * so the page does not jump when it appears; the cover says why it is there and has a Reveal
 * button.
 */
public final class AnswerCover {
    private AnswerCover() {
    }

    /**
     * {@code answer} under a cover while {@code hidden}; {@code reveal} is what the cover's button
     * does. Ids, where the answer has one: {@code cover-ID} for the whole, {@code reveal-ID} for the
     * button.
     */
    public static Node cover(Node answer, ObservableBooleanValue hidden, I18n i18n, Runnable reveal) {
        Label why = PageLayout.label(i18n.text("quiz.cover"), "answer-cover-text");
        Button show = new Button();
        show.textProperty().bind(i18n.text("quiz.reveal"));
        show.setMinWidth(Region.USE_PREF_SIZE);
        show.setOnAction(e -> reveal.run());
        // the reason and the button side by side: a one-line answer's cover is one line high, not three, and
        // a slide's map keeps the room
        javafx.scene.layout.HBox.setHgrow(why, javafx.scene.layout.Priority.ALWAYS);
        why.setMaxWidth(Double.MAX_VALUE);
        javafx.scene.layout.HBox cover = new javafx.scene.layout.HBox(why, show);
        cover.getStyleClass().add("answer-cover");
        cover.visibleProperty().bind(hidden);
        // once revealed, the cover's lines no longer hold room under the answer (on a slide they took a map's)
        cover.managedProperty().bind(cover.visibleProperty());
        answer.visibleProperty().bind(javafx.beans.binding.Bindings.not(hidden));
        StackPane whole = new StackPane(answer, cover);
        whole.getStyleClass().add("answer");
        // a line shorter than the page starts at the left, as the lines around it do, not centred
        whole.setAlignment(javafx.geometry.Pos.TOP_LEFT);
        if (answer.getId() != null) {
            whole.setId("cover-" + answer.getId());
            show.setId("reveal-" + answer.getId());
        }
        return whole;
    }
}
