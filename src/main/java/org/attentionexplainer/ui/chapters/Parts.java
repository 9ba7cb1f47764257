package org.attentionexplainer.ui.chapters;

import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.Node;
import javafx.scene.layout.VBox;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.heatmap.HeatmapControl;

/**
 * The parts of a chapter's page that a presenter shows one at a time (its first map, then the
 * next, then its quiz): in presentation mode only the part reached is laid out, brought into
 * view, and the presenter keys move through the parts before they turn the page. Out of
 * presentation mode every part is shown and the keys turn pages. A part may have steps of its own
 * (a token at a time), which the keys take while it is the part reached: the first part's out of
 * presentation mode. A page declares its parts with {@link #part}; {@link ChapterPage#layout} finds them.
 */
final class Parts {
    /** The style class that marks a part of a page's visual. */
    static final String PART = "chapter-part";

    private final List<Node> figures;
    private final Node quiz;
    private final ObservableBooleanValue presenting;
    /** The part reached, from 0; one past the last figure part is the quiz. */
    private final IntegerProperty shown = new SimpleIntegerProperty(this, "shown", 0);

    /**
     * @param figures    the visual's parts, top to bottom
     * @param quiz       the quiz, a part of its own while it is shown in presentation mode (class mode)
     * @param presenting whether presentation mode is on
     */
    Parts(List<Node> figures, Node quiz, ObservableBooleanValue presenting) {
        this.figures = List.copyOf(figures);
        this.quiz = quiz;
        this.presenting = presenting;
        int last = this.figures.size() - 1;
        for (int i = 0; i < this.figures.size(); i++) {
            int index = i;
            Node part = this.figures.get(i);
            // at the quiz the last figure stays beside it
            part.visibleProperty().bind(Bindings.createBooleanBinding(
                    () -> !presenting.get() || Math.min(shown.get(), last) == index, presenting, shown));
            part.managedProperty().bind(part.visibleProperty());
            leaveRoomForTheRest(part, presenting);
            // a step can change the height of what the part shows (a line that wraps once more): the part
            // is brought to the slide's top again, not left where the scroll pane's fraction now points
            if (steps(i) != null) {
                steps(i).stepProperty().addListener((o, was, now) -> {
                    if (shown.get() == index) {
                        bringIntoView();
                    }
                });
            }
        }
        presenting.addListener((o, was, now) -> first());
    }

    /**
     * Presenting, a part's one map (which grows to the visible page's height) leaves room on the slide for
     * what stands with it in the part, its lines of text above and below, so that the whole part is on the
     * slide. A page that sets the room itself, or a part of several maps, is left as it is.
     */
    private static void leaveRoomForTheRest(Node part, ObservableBooleanValue presenting) {
        if (!(part instanceof VBox box)) {
            return;
        }
        Node holder = null;
        HeatmapControl map = null;
        for (Node child : box.getChildren()) {
            List<HeatmapControl> maps = maps(child);
            if (maps.size() > 1 || (maps.size() == 1 && map != null)) {
                return;
            }
            if (maps.size() == 1) {
                holder = child;
                map = maps.get(0);
            }
        }
        if (map == null || map.roomBelowProperty().isBound()) {
            return;
        }
        Node mapHolder = holder;
        List<javafx.beans.Observable> watched = new java.util.ArrayList<>(List.of(presenting, box.spacingProperty()));
        for (Node child : box.getChildren()) {
            if (child != mapHolder && child instanceof javafx.scene.layout.Region r) {
                watched.add(r.heightProperty());
                watched.add(r.managedProperty());
            }
        }
        map.roomBelowProperty().bind(Bindings.createDoubleBinding(() -> {
            if (!presenting.get()) {
                return 0.0;
            }
            double rest = 0;
            for (Node child : box.getChildren()) {
                if (child != mapHolder && child.isManaged() && child instanceof javafx.scene.layout.Region r) {
                    rest += r.getHeight() + box.getSpacing();
                }
            }
            return rest;
        }, watched.toArray(javafx.beans.Observable[]::new)));
    }

    /** The maps that grow with their width in {@code node}, itself or within. */
    private static List<HeatmapControl> maps(Node node) {
        if (node instanceof HeatmapControl c) {
            return c.isFillWidth() ? List.of(c) : List.of();
        }
        return node.lookupAll("." + HeatmapControl.STYLE_CLASS).stream()
                .filter(n -> n instanceof HeatmapControl c && c.isFillWidth()).map(n -> (HeatmapControl) n).toList();
    }

    /** A part of a page's visual: {@code nodes} one under the other. */
    static Node part(Node... nodes) {
        VBox box = new VBox(nodes);
        box.getStyleClass().add(PART);
        return box;
    }

    /** A part with steps of its own, taken by the presenter keys while it is the part reached. */
    static Node part(Steps steps, Node... nodes) {
        Node box = part(nodes);
        box.getProperties().put(Steps.class, steps);
        return box;
    }

    /** The steps of the part reached; null for the quiz and for a part without steps. */
    Steps steps() {
        return steps(shown.get());
    }

    /** The steps of part {@code i}, from 0, entered at its first step going forward; null as above. */
    Steps steps(int i) {
        return i < figures.size() ? (Steps) figures.get(i).getProperties().get(Steps.class) : null;
    }

    /** The part reached, from 0 (the quiz after the figures). */
    IntegerProperty shownProperty() {
        return shown;
    }

    /** Whether part {@code i} (from 0) is the quiz, which follows the figures. */
    boolean isQuiz(int i) {
        return i >= figures.size();
    }

    /** How many parts the presenter keys move through now: none to move through out of presentation mode. */
    int count() {
        if (!presenting.get()) {
            return 1;
        }
        return figures.size() + (quiz.isVisible() ? 1 : 0);
    }

    boolean forward() {
        if (shown.get() + 1 >= count()) {
            return false;
        }
        shown.set(shown.get() + 1);
        if (steps() != null) {
            steps().first();
        }
        bringIntoView();
        return true;
    }

    boolean back() {
        if (!presenting.get() || shown.get() <= 0) {
            return false;
        }
        shown.set(Math.min(shown.get(), count()) - 1);
        if (steps() != null) {
            steps().last();
        }
        bringIntoView();
        return true;
    }

    /** Back to the first part, as a page is reached going forward. */
    void first() {
        shown.set(0);
        bringIntoView();
    }

    /** On to the last part, as a page is reached going back. */
    void last() {
        shown.set(count() - 1);
        bringIntoView();
    }

    /** The content of the scroll pane {@code node} lies in, or the node itself outside one. */
    private static Node pageTop(Node node) {
        for (Node p = node.getParent(); p != null; p = p.getParent()) {
            if (p instanceof javafx.scene.control.ScrollPane s && s.getContent() != null) {
                return s.getContent();
            }
        }
        return node;
    }

    private void bringIntoView() {
        if (!presenting.get()) {
            return;
        }
        if (shown.get() == 0) {
            // the first part from the very top of the visual, so that the page left there (and shown
            // again out of presentation mode) starts at its top, however tall its figures grew meanwhile
            PageLayout.scrollIntoView(pageTop(figures.get(0)));
        } else if (shown.get() < figures.size()) {
            PageLayout.scrollIntoView(figures.get(shown.get()));
        } else {
            PageLayout.scrollIntoView(quiz);
        }
    }
}
