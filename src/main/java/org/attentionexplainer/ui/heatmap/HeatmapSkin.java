package org.attentionexplainer.ui.heatmap;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.InvalidationListener;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.SkinBase;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.util.Duration;
import org.attentionexplainer.render.CellHit;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.FigureLayout;

/**
 * Two canvases: the figure, painted at most once per pulse (during layout) when the figure,
 * the size or the looks change; and on top the outlines of the hovered and selected cells,
 * redrawn alone as the mouse moves.
 */
final class HeatmapSkin extends SkinBase<HeatmapControl> {
    /** The font size at which a figure's largest cell is the size its options give. */
    private static final double BASE_FONT = 14;
    private final Canvas picture = new Canvas();
    private final Canvas overlay = new Canvas();
    private final Tooltip tooltip = new Tooltip();
    private final FxPainter painter = new FxPainter();
    private FxTextMeasurer measurer;
    private FigureLayout layout;
    private boolean dirty = true;
    /** The last preferred height asked for, and what it was computed from. */
    private Figure prefFigure;
    private double prefWidth;
    private double prefRoom;
    private double prefFont;
    private double prefHeight;
    /**
     * The scroll pane whose visible height the figure fits: when that height changes (presentation
     * mode hides the menus and the status bar), the figure is laid out again for it.
     */
    private javafx.scene.control.ScrollPane watched;
    private final javafx.beans.value.ChangeListener<javafx.geometry.Bounds> viewportChanged = (o, a, b) -> {
        if (a == null || b == null || a.getHeight() != b.getHeight()) {
            getSkinnable().requestLayout();
        }
    };

    HeatmapSkin(HeatmapControl control) {
        super(control);
        overlay.setMouseTransparent(true);
        getChildren().addAll(picture, overlay);
        control.roomBelowProperty().addListener(o -> control.requestLayout());
        tooltip.setShowDelay(Duration.millis(120));
        tooltip.setHideDelay(Duration.millis(100));
        tooltip.setShowDuration(Duration.INDEFINITE);
        tooltip.getStyleClass().add("heatmap-tooltip");
        tooltip.styleProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> String.format(
                java.util.Locale.ROOT, "-fx-font-size: %.1fpx;", control.fontProperty().get().getSize()),
                control.fontProperty()));
        InvalidationListener repaint = o -> {
            dirty = true;
            control.requestLayout();
        };
        for (javafx.beans.Observable o : control.looks()) {
            o.addListener(repaint);
        }
        InvalidationListener outline = o -> drawOverlay();
        control.hoveredProperty().addListener(outline);
        control.selectedProperty().addListener(outline);
        control.cellCursorProperty().addListener(outline);
        control.focusedProperty().addListener(outline);
        control.addEventHandler(MouseEvent.MOUSE_MOVED, e -> hover(e.getX(), e.getY()));
        control.addEventHandler(MouseEvent.MOUSE_DRAGGED, e -> hover(e.getX(), e.getY()));
        control.addEventHandler(MouseEvent.MOUSE_EXITED, e -> hover(-1, -1));
        control.addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() == MouseButton.PRIMARY) {
                hit(e.getX(), e.getY()).ifPresent(h -> {
                    if (control.onCellClickedProperty().get() != null) {
                        control.onCellClickedProperty().get().accept(h);
                    }
                });
            }
        });
    }

    @Override
    protected void layoutChildren(double x, double y, double w, double h) {
        if (picture.getWidth() != w || picture.getHeight() != h) {
            picture.setWidth(w);
            picture.setHeight(h);
            overlay.setWidth(w);
            overlay.setHeight(h);
            dirty = true;
        }
        picture.relocate(x, y);
        overlay.relocate(x, y);
        if (dirty) {
            dirty = false;
            paint(w, h);
        }
    }

    private void paint(double w, double h) {
        HeatmapControl c = getSkinnable();
        GraphicsContext gc = picture.getGraphicsContext2D();
        gc.clearRect(0, 0, picture.getWidth(), picture.getHeight());
        Figure figure = c.getFigure();
        if (figure == null || w <= 0 || h <= 0) {
            layout = null;
            c.setShown(null);
            drawOverlay();
            return;
        }
        layout = c.centredProperty().get() ? styled(figure).layoutCentred(w, h, measurer)
                : styled(figure).layout(w, h, measurer);
        painter.paint(layout.drawing(), gc);
        c.setShown(layout);
        drawOverlay();
    }

    /** The figure laid out in the control's content area made {@code extra} pixels taller. */
    FigureLayout layoutTaller(double extra) {
        HeatmapControl c = getSkinnable();
        Figure figure = c.getFigure();
        double w = c.getWidth() - c.snappedLeftInset() - c.snappedRightInset();
        double h = c.getHeight() - c.snappedTopInset() - c.snappedBottomInset() + extra;
        return figure == null || w <= 0 || h <= 0 ? null : styled(figure).layout(w, h, measurer);
    }

    /**
     * The figure in the control's font and colours. Its largest cell grows with the font as well,
     * so that zoom and presentation mode's larger type enlarge the maps too.
     */
    private Figure styled(Figure figure) {
        HeatmapControl c = getSkinnable();
        double size = c.fontProperty().get().getSize();
        if (measurer == null) {
            measurer = new FxTextMeasurer(figure.options().fontFamily());
        }
        return figure.withOptions(figure.options()
                .withFont(figure.options().fontFamily(), size)
                .withMaxCell(figure.options().maxCell() * Math.max(1.0, size / BASE_FONT))
                .withStyle(c.renderStyle()));
    }

    /**
     * The visible height of the scroll pane the control lies in, less the padding of the panes
     * between them (so that a map as tall as this ends inside the visible part); infinite if none.
     */
    private double viewportHeight() {
        double padding = 0;
        for (javafx.scene.Parent p = getSkinnable().getParent(); p != null; p = p.getParent()) {
            if (p instanceof javafx.scene.control.ScrollPane sp) {
                watch(sp);
                double h = sp.getViewportBounds().getHeight() - padding - getSkinnable().roomBelowProperty().get();
                return h > 0 ? h : Double.POSITIVE_INFINITY;
            }
            if (p instanceof javafx.scene.layout.Region r) {
                padding += r.getInsets().getTop() + r.getInsets().getBottom();
            }
        }
        return Double.POSITIVE_INFINITY;
    }

    private void watch(javafx.scene.control.ScrollPane sp) {
        if (sp != watched) {
            if (watched != null) {
                watched.viewportBoundsProperty().removeListener(viewportChanged);
            }
            watched = sp;
            sp.viewportBoundsProperty().addListener(viewportChanged);
        }
    }

    private Optional<CellHit> hit(double x, double y) {
        return layout == null || x < 0 ? Optional.empty() : layout.hit(x, y);
    }

    private void hover(double x, double y) {
        HeatmapControl c = getSkinnable();
        CellHit h = hit(x, y).filter(CellHit::onCell).orElse(null);
        if (Objects.equals(h, c.hoveredProperty().get())) {
            return;
        }
        c.setHovered(h);
        Function<CellHit, String> text = c.tooltipTextProperty().get();
        String s = h == null || text == null ? null : text.apply(h);
        if (s == null || s.isEmpty()) {
            c.setTooltip(null);
        } else {
            tooltip.setText(s);
            if (c.getTooltip() != tooltip) {
                c.setTooltip(tooltip);
            }
        }
    }

    private void drawOverlay() {
        GraphicsContext gc = overlay.getGraphicsContext2D();
        gc.clearRect(0, 0, overlay.getWidth(), overlay.getHeight());
        if (layout == null) {
            return;
        }
        HeatmapControl c = getSkinnable();
        gc.setStroke(c.highlightFillProperty().get());
        outline(gc, c.selectedProperty().get(), 3);
        outline(gc, c.hoveredProperty().get(), 2);
        if (c.isFocused()) {
            gc.setLineDashes(4, 3);
            outline(gc, c.cellCursorProperty().get(), 2);
            gc.setLineDashes((double[]) null);
        }
    }

    private void outline(GraphicsContext gc, CellHit hit, double width) {
        if (hit == null || hit.panel() >= layout.panelCount()) {
            return;
        }
        double[] b = layout.bounds(hit);
        gc.setLineWidth(width);
        gc.strokeRect(b[0] - width / 2, b[1] - width / 2, b[2] + width, b[3] + width);
    }

    @Override
    protected double computePrefWidth(double height, double top, double right, double bottom, double left) {
        return 480;
    }

    @Override
    protected double computePrefHeight(double width, double top, double right, double bottom, double left) {
        HeatmapControl c = getSkinnable();
        Figure figure = c.getFigure();
        if (!c.fillWidthProperty().get() || figure == null || !(width > 0)) {
            return 360;
        }
        double inner = width - left - right;
        double room = viewportHeight() - top - bottom;
        double size = c.fontProperty().get().getSize();
        // a layout pass asks several times for the same width: lay the figure out once per question
        if (figure != prefFigure || inner != prefWidth || room != prefRoom || size != prefFont) {
            prefFigure = figure;
            prefWidth = inner;
            prefRoom = room;
            prefFont = size;
            prefHeight = Math.ceil(styled(figure).layout(inner, room, measurer).height());
        }
        return prefHeight + top + bottom;
    }

    @Override
    protected double computeMinWidth(double height, double top, double right, double bottom, double left) {
        return 120;
    }

    @Override
    protected double computeMinHeight(double width, double top, double right, double bottom, double left) {
        return 120;
    }
}
