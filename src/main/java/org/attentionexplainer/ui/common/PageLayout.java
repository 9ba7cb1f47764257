package org.attentionexplainer.ui.common;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.attentionexplainer.lesson.Text;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * The layout of every page, a walkthrough step or a chapter: the explanation (its prose, formula,
 * inputs or controls) in a column on the left, the visual with the numbers on the right, each
 * scrolling on its own when zoomed in. Presentation mode hides what a page marks as
 * {@link #narrative}: the prose goes, the headline, formula, inputs and picture stay.
 */
public final class PageLayout {
    /** The most the explanation takes when its inputs need more (large type, a long language). */
    private static final double LEFT_MAX_SHARE = 0.5;
    /**
     * The most that lines of text filling a slide grow, times the slide's type: a few short lines
     * become a slide's headline-sized text, never a poster.
     */
    private static final double LINES_MAX_SCALE = 1.75;
    /** The smallest type a slide's table takes, times the slide's, so that its columns fit the slide's width. */
    private static final double LINES_MIN_SCALE = 0.6;
    /** How many halvings {@link #fillWhilePresenting} takes between the page's type and its largest. */
    private static final int FIT_STEPS = 8;
    /** The style class of lines that {@link #fillWhilePresenting} sizes. */
    public static final String FILLED_LINES = "page-filled-lines";
    /** Room for the column's vertical scroll bar and border. */
    private static final double SCROLL_BAR = 24;

    private PageLayout() {
    }

    /** The pages' stylesheet. */
    public static String stylesheet() {
        return PageLayout.class.getResource("pages.css").toExternalForm();
    }

    /**
     * A page: {@code left} in a column taking {@code leftShare} of the width, or as much as its
     * contents need not to be cut (up to half the page), and {@code visual} in the rest.
     */
    public static Node page(double leftShare, Node visual, Node... left) {
        return page(new javafx.beans.property.SimpleDoubleProperty(leftShare), visual, left);
    }

    /**
     * The same with a share that may change: presentation mode, which hides the prose, gives the
     * visual the room the prose had.
     */
    public static Node page(ObservableValue<Number> leftShare, Node visual, Node... left) {
        VBox column = new VBox(left);
        column.getStyleClass().add("page-explanation");
        ScrollPane leftScroll = new ScrollPane(column);
        leftScroll.setFitToWidth(true);
        leftScroll.getStyleClass().add("page-left");
        ScrollPane rightScroll = new ScrollPane(visual);
        rightScroll.setFitToWidth(true);
        rightScroll.getStyleClass().add("page-right");
        visual.getStyleClass().add("page-visual");
        // the visual takes what the explanation leaves, so that zooming in narrows neither side to nothing
        rightScroll.setPrefViewportWidth(1);
        HBox.setHgrow(rightScroll, Priority.ALWAYS);
        HBox page = new HBox(leftScroll, rightScroll);
        leftScroll.prefWidthProperty().bind(Bindings.createDoubleBinding(() -> {
            double width = page.getWidth();
            double needed = column.minWidth(-1) + SCROLL_BAR;
            return Math.min(width * LEFT_MAX_SHARE, Math.max(width * leftShare.getValue().doubleValue(), needed));
        }, page.widthProperty(), column.widthProperty(), leftShare));
        page.getStyleClass().add("page");
        return page;
    }

    /**
     * Scrolls the scroll pane around {@code node} so that the node's top is at the top of the
     * visible part (or as near as the content's end allows); does nothing outside a scroll pane.
     */
    public static void scrollIntoView(Node node) {
        ScrollPane scroll = null;
        for (javafx.scene.Parent p = node.getParent(); p != null && scroll == null; p = p.getParent()) {
            if (p instanceof ScrollPane s) {
                scroll = s;
            }
        }
        if (scroll == null || scroll.getContent() == null) {
            return;
        }
        // the part shown may have just changed: its place is known once the page is laid out again (twice:
        // a map that keeps room for the lines under it is sized by the first pass's heights of those lines)
        scroll.applyCss();
        scroll.layout();
        scroll.layout();
        Node content = scroll.getContent();
        double top = content.sceneToLocal(node.localToScene(node.getLayoutBounds())).getMinY();
        double room = content.getLayoutBounds().getHeight() - scroll.getViewportBounds().getHeight();
        scroll.setVvalue(room <= 0 ? scroll.getVmin()
                : scroll.getVmin() + (scroll.getVmax() - scroll.getVmin()) * Math.max(0, Math.min(1, top / room)));
    }

    /**
     * A screen's status line: {@code text}, wrapped, styled as an error while {@code error} holds
     * and as a hint otherwise.
     */
    public static Label message(String id, ObservableValue<String> text, ObservableValue<Boolean> error) {
        Label message = new Label();
        message.setId(id);
        message.setWrapText(true);
        message.textProperty().bind(text);
        Runnable restyle = () -> {
            message.getStyleClass().removeAll("error-text", "hint");
            message.getStyleClass().add(Boolean.TRUE.equals(error.getValue()) ? "error-text" : "hint");
        };
        error.addListener(o -> restyle.run());
        restyle.run();
        return message;
    }

    /**
     * Presenting, sets the type of {@code lines} (a part of a page whose figure is its lines of text,
     * or a small table) as large as lets them fill the visible height of the page they scroll in, up to
     * {@link #LINES_MAX_SCALE} times the slide's type, as a map fills its slide; lines taller than the slide,
     * or with a table wider than it, at the slide's type take smaller type instead (down to
     * {@link #LINES_MIN_SCALE}), so that nothing of them is cut at the slide's edges. Out of presentation mode they keep the page's type. It follows the window, the zoom and the lines' own changes.
     */
    public static void fillWhilePresenting(Region lines, ObservableValue<Boolean> presenting) {
        lines.getStyleClass().add(FILLED_LINES);
        boolean[] pending = new boolean[1];
        Runnable fit = () -> {
            pending[0] = false;
            fitLines(lines, Boolean.TRUE.equals(presenting.getValue()) ? LINES_MAX_SCALE : 1);
        };
        javafx.beans.InvalidationListener later = o -> {
            if (!pending[0]) {
                pending[0] = true;
                javafx.application.Platform.runLater(fit);
            }
        };
        presenting.addListener(later);
        // a height of its own that changed (a step's line that wraps once more, the zoom) asks for a new fit;
        // the fit is measured afresh each time, so the height its own type gives asks for the same type again
        lines.widthProperty().addListener(later);
        lines.heightProperty().addListener(later);
        ScrollPane[] watched = new ScrollPane[1];
        lines.sceneProperty().addListener((o, a, b) -> {
            ScrollPane pane = scrollPane(lines);
            if (pane != null && pane != watched[0]) {
                watched[0] = pane;
                pane.viewportBoundsProperty().addListener(later);
            }
        });
    }

    private static void fitLines(Region lines, double maxScale) {
        ScrollPane pane = scrollPane(lines);
        double width = lines.getWidth();
        if (maxScale <= 1 || pane == null || width <= 0) {
            lines.setStyle("");
            return;
        }
        javafx.geometry.Insets around = insetsBetween(lines, pane);
        double room = pane.getViewportBounds().getHeight() - around.getTop() - around.getBottom();
        // the visible width, should the page be wider than its slide (a control's least width)
        double across = pane.getViewportBounds().getWidth() - around.getLeft() - around.getRight();
        width = Math.min(width, across);
        // the largest scale whose lines, wrapped at the width they have, are no taller than the room
        double fits;
        double tooLarge;
        if (fitsAt(lines, 1, width, room)) {
            fits = 1;
            tooLarge = maxScale + 1e-9;
        } else {
            // wider or taller than the slide at the slide's type: smaller type rather than lines cut at its edges
            fits = LINES_MIN_SCALE;
            tooLarge = 1;
        }
        if (fits == 1 && fitsAt(lines, maxScale, width, room)) {
            fits = maxScale;
        } else {
            for (int i = 0; i < FIT_STEPS; i++) {
                double mid = (fits + tooLarge) / 2;
                if (fitsAt(lines, mid, width, room)) {
                    fits = mid;
                } else {
                    tooLarge = mid;
                }
            }
        }
        lines.setStyle(fontScale(fits));
        lines.applyCss();
    }

    /**
     * Whether {@code lines} in type {@code scale} times the page's are no taller than {@code room} at
     * {@code width}, and no table among them is wider than that.
     */
    private static boolean fitsAt(Region lines, double scale, double width, double room) {
        lines.setStyle(fontScale(scale));
        lines.applyCss();
        // a table, or a walkthrough step's lines of arithmetic, whose lines would wrap (a vector split from
        // its product) does not fit: type that fills the height by wrapping them is too large
        for (String table : WHOLE_LINES) {
            for (Node n : lines.lookupAll(table)) {
                javafx.geometry.Insets around = insetsBetween(n, lines.getParent());
                if (n.prefWidth(-1) > width - around.getLeft() - around.getRight()) {
                    return false;
                }
            }
        }
        return lines.prefHeight(width) <= room;
    }

    /**
     * The padding and borders, summed side by side, of the regions from {@code node}'s parent up to
     * {@code stop}, not included.
     */
    private static javafx.geometry.Insets insetsBetween(Node node, javafx.scene.Parent stop) {
        double top = 0;
        double right = 0;
        double bottom = 0;
        double left = 0;
        for (javafx.scene.Parent p = node.getParent(); p != stop && p != null; p = p.getParent()) {
            if (p instanceof Region r) {
                top += r.getInsets().getTop();
                right += r.getInsets().getRight();
                bottom += r.getInsets().getBottom();
                left += r.getInsets().getLeft();
            }
        }
        return new javafx.geometry.Insets(top, right, bottom, left);
    }

    /** What a fit keeps on unbroken lines: the chapters' tables and the walkthrough's lines of arithmetic. */
    private static final List<String> WHOLE_LINES = List.of(".chapter-table", ".walk-lines");

    private static String fontScale(double scale) {
        return scale == 1 ? "" : String.format(java.util.Locale.ROOT, "-fx-font-size: %.3fem;", scale);
    }

    private static ScrollPane scrollPane(Node node) {
        for (javafx.scene.Parent p = node.getParent(); p != null; p = p.getParent()) {
            if (p instanceof ScrollPane s) {
                return s;
            }
        }
        return null;
    }

    /** Hides {@code nodes}, and frees their room, while {@code presenting}. */
    public static void narrative(ObservableValue<Boolean> presenting, Node... nodes) {
        for (Node node : nodes) {
            node.visibleProperty().bind(Bindings.createBooleanBinding(() -> !presenting.getValue(), presenting));
            node.managedProperty().bind(node.visibleProperty());
        }
    }

    /** A label showing the message {@code key}, wrapping, never cut to "…". */
    public static Label wrapped(I18n i18n, String key, String styleClass) {
        return label(i18n.text(key), styleClass);
    }

    /** A label with a text set in code, wrapping, never cut to "…". */
    public static Label line(String text, String... styleClasses) {
        Label label = new Label(text);
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
        label.getStyleClass().addAll(styleClasses);
        return label;
    }

    /** A label bound to {@code text}, wrapping, never cut to "…". */
    public static Label label(ObservableValue<String> text, String... styleClasses) {
        Label label = new Label();
        label.textProperty().bind(text);
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
        label.getStyleClass().addAll(styleClasses);
        return label;
    }

    /** A token's name in a column of names: never wrapped or cut. */
    public static Label token(String text) {
        Label label = new Label(text);
        label.setMinWidth(Region.USE_PREF_SIZE);
        label.getStyleClass().add("page-token");
        return label;
    }

    /** A section heading. */
    public static Label heading(String text) {
        return line(text, "page-heading");
    }

    /** A label that shows a lesson text, or nothing while it is null; follows the language. */
    public static Label text(I18n i18n, ObservableValue<Text> text, String id, String... styleClasses) {
        Label label = label(Bindings.createStringBinding(
                () -> text.getValue() == null ? "" : Texts.format(i18n, text.getValue()), text, i18n.localeProperty()),
                styleClasses);
        label.setId(id);
        return label;
    }

    /** A result line whose text a function of the locale makes; it follows the language and the given inputs. */
    public static Label computed(I18n i18n, String id, Callable<String> make, Observable... deps) {
        Observable[] all = Arrays.copyOf(deps, deps.length + 1);
        all[deps.length] = i18n.localeProperty();
        Label label = label(Bindings.createStringBinding(make, all), "page-result");
        label.setId(id);
        return label;
    }

    public static VBox column(String styleClass, Node... children) {
        VBox box = new VBox(children);
        box.getStyleClass().add(styleClass);
        return box;
    }
}
