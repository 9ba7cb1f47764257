package org.attentionexplainer.ui.walkthrough;

import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.attentionexplainer.lesson.Step;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * The layout every step shares: its explanation, formula and inputs in a column on the left,
 * its visual with the numbers on the right, each scrolling on its own when zoomed in.
 */
final class StepLayout {
    /** The explanation's share of the page's width. */
    private static final double LEFT_SHARE = 0.34;
    /** The most it takes when its inputs need more (large type, a long language): the rest stays the visual's. */
    private static final double LEFT_MAX_SHARE = 0.5;
    /** Room for the column's vertical scroll bar and border. */
    private static final double SCROLL_BAR = 24;
    /** Key of a page's prose in its properties. */
    static final String NARRATIVE = "walk-narrative";

    private StepLayout() {
    }

    static Node of(I18n i18n, Step step, Node inputs, Node visual) {
        Label text = wrapped(i18n, step.textKey(), "walk-text");
        Label formula = wrapped(i18n, step.formulaKey(), "formula");
        formula.getStyleClass().add("walk-formula");
        VBox left = new VBox(text, formula);
        left.getStyleClass().add("walk-explanation");
        if (inputs != null) {
            left.getChildren().add(inputs);
        }
        ScrollPane leftScroll = new ScrollPane(left);
        leftScroll.setFitToWidth(true);
        leftScroll.getStyleClass().add("walk-left");
        ScrollPane rightScroll = new ScrollPane(visual);
        rightScroll.setFitToWidth(true);
        rightScroll.getStyleClass().add("walk-right");
        visual.getStyleClass().add("walk-visual");
        // The visual takes what the explanation leaves: about a third for the explanation, within
        // the em limits of the CSS, so that zooming in narrows neither side to nothing.
        rightScroll.setPrefViewportWidth(1);
        HBox.setHgrow(rightScroll, Priority.ALWAYS);
        HBox page = new HBox(leftScroll, rightScroll);
        // a third of the page, or as much as the inputs need not to be cut (up to half the page)
        leftScroll.prefWidthProperty().bind(Bindings.createDoubleBinding(() -> {
            double width = page.getWidth();
            double needed = left.minWidth(-1) + SCROLL_BAR;
            return Math.min(width * LEFT_MAX_SHARE, Math.max(width * LEFT_SHARE, needed));
        }, page.widthProperty(), left.widthProperty()));
        page.getStyleClass().add("walk-page");
        page.getProperties().put(NARRATIVE, text);
        return page;
    }

    /** The page's prose, which presentation mode hides (null for a page not made here). */
    static Node narrative(Node page) {
        return (Node) page.getProperties().get(NARRATIVE);
    }

    static Label wrapped(I18n i18n, String key, String styleClass) {
        Label label = new Label();
        label.textProperty().bind(i18n.text(key));
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
        label.getStyleClass().add(styleClass);
        return label;
    }

    /** A label with a text set in code, wrapping, never cut to "…". */
    static Label line(String text, String... styleClasses) {
        Label label = new Label(text);
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
        label.getStyleClass().addAll(styleClasses);
        return label;
    }

    /** A token's name in a column of names: never wrapped or cut. */
    static Label token(String text) {
        Label label = new Label(text);
        label.setMinWidth(Region.USE_PREF_SIZE);
        label.getStyleClass().add("walk-token");
        return label;
    }

    /** A section heading. */
    static Label heading(String text) {
        return line(text, "walk-heading");
    }
}
