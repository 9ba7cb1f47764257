package org.attentionexplainer.ui.common;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.Observable;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.export.AttentionFigure;
import org.attentionexplainer.export.FigureParts;
import org.attentionexplainer.export.MapView;
import org.attentionexplainer.export.ViewMode;
import org.attentionexplainer.render.CellHit;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * The attention maps a screen shows, apart from where their trace comes from: how they are
 * shown ({@link DisplayModel}), the traces and figure last shown, the clicked cell and its
 * arithmetic, the hovered cell's text. The screen that owns it computes traces and figures
 * and hands them in through {@link #show}; it is told when a view setting asks for a new figure.
 */
public final class MapsModel {
    private final DisplayModel display = new DisplayModel();
    private final CellArithmetic arithmetic;
    private final ReadOnlyObjectWrapper<AttentionTrace> trace = new ReadOnlyObjectWrapper<>(this, "trace");
    private final ReadOnlyObjectWrapper<AttentionTrace> traceA = new ReadOnlyObjectWrapper<>(this, "traceA");
    private final ReadOnlyIntegerWrapper headCount = new ReadOnlyIntegerWrapper(this, "headCount");
    private final ReadOnlyObjectWrapper<AttentionFigure> map = new ReadOnlyObjectWrapper<>(this, "map");
    private final ReadOnlyObjectWrapper<Figure> figure = new ReadOnlyObjectWrapper<>(this, "figure");
    private final ObjectProperty<CellHit> selected = new SimpleObjectProperty<>(this, "selected");
    private final ReadOnlyListWrapper<String> details = new ReadOnlyListWrapper<>(FXCollections.observableArrayList());
    private final List<Runnable> viewListeners = new ArrayList<>();
    private MapView shown;
    private boolean showing;

    public MapsModel(I18n i18n) {
        this.arithmetic = new CellArithmetic(i18n);
        for (Observable o : display.figureSettings()) {
            o.addListener(x -> viewChanged());
        }
        display.modeProperty().addListener(o -> selected.set(null));
        selected.addListener(o -> refreshDetails());
    }

    /**
     * Calls {@code listener} when a view setting other than the mode (head, stage, colours,
     * numbers) changes, except while a result is being shown.
     */
    public void onViewChange(Runnable listener) {
        viewListeners.add(listener);
    }

    private void viewChanged() {
        if (!showing) {
            viewListeners.forEach(Runnable::run);
        }
    }

    /**
     * Shows a computed result: the live trace {@code b}, the pinned one {@code a} of a comparison
     * (or null), and the figure of {@code view}, whose head may have been brought into range.
     */
    public void show(AttentionTrace b, AttentionTrace a, AttentionFigure f, MapView view) {
        shown = view;
        trace.set(b);
        headCount.set(b.headCount());
        traceA.set(a);
        if (display.headProperty().get() != view.head()) {
            showing = true;
            try {
                display.headProperty().set(view.head());
            } finally {
                showing = false;
            }
        }
        map.set(f);
        figure.set(f.figure());
        refreshDetails();
    }

    /** What the tooltip of a hovered cell of the shown figure says. */
    public String tooltip(CellHit hit) {
        return shown == null ? "" : arithmetic.tooltip(trace.get(), traceA.get(), shown, hit);
    }

    /** A click on a cell: in the grid it enlarges that head, elsewhere it shows the cell's arithmetic. */
    public void cellClicked(CellHit hit) {
        if (display.modeProperty().get() == ViewMode.GRID) {
            display.headProperty().set(hit.panel());
            display.modeProperty().set(ViewMode.FOCUS);
            return;
        }
        selected.set(hit.onCell() && hit.panel() < 2 ? hit : null);
    }

    private void refreshDetails() {
        CellHit hit = selected.get();
        AttentionTrace t = hit != null && display.modeProperty().get() == ViewMode.COMPARE && hit.panel() == 0
                ? traceA.get() : trace.get();
        if (hit == null || t == null || hit.row() >= t.queryLength() || hit.col() >= t.keyLength()) {
            details.clear();
            return;
        }
        details.setAll(arithmetic.lines(t, display.headProperty().get(), hit.row(), hit.col()));
    }

    /** Shows the next (+1) or previous (-1) head in focus; false at either end. */
    public boolean stepHead(int delta) {
        AttentionTrace t = trace.get();
        int next = display.headProperty().get() + delta;
        if (t == null || display.modeProperty().get() == ViewMode.GRID || next < 0 || next >= t.headCount()) {
            return false;
        }
        display.headProperty().set(next);
        return true;
    }

    /** The figure shown as it is exported, with the parts asked for; null before the first. */
    public Figure exportFigure(FigureParts parts) {
        AttentionFigure f = map.get();
        return f == null ? null : f.exported(parts);
    }

    public DisplayModel display() {
        return display;
    }

    public ReadOnlyObjectProperty<AttentionTrace> traceProperty() {
        return trace.getReadOnlyProperty();
    }

    /** The heads of the trace shown (0 before the first). */
    public ReadOnlyIntegerProperty headCountProperty() {
        return headCount.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<AttentionTrace> traceAProperty() {
        return traceA.getReadOnlyProperty();
    }

    /** The figure shown with the size it is exported at; null before the first. */
    public ReadOnlyObjectProperty<AttentionFigure> mapProperty() {
        return map.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Figure> figureProperty() {
        return figure.getReadOnlyProperty();
    }

    public ObjectProperty<CellHit> selectedProperty() {
        return selected;
    }

    public ReadOnlyListProperty<String> detailsProperty() {
        return details.getReadOnlyProperty();
    }
}
