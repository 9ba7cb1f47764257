package org.attentionexplainer.ui.walkthrough;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Vertical bars for values from 0 to 1 (a histogram, softmax weights), laid out to fill the
 * region. Its size and the bars' colours come from CSS.
 */
final class Bars extends Region {
    private final String barClass;
    private double[] values = new double[0];

    Bars(String styleClass, String barClass) {
        this.barClass = barClass;
        getStyleClass().addAll("walk-bars", styleClass);
    }

    /** Heights as fractions of the region's height (clamped to 0..1). */
    void setValues(double[] fractions) {
        values = fractions.clone();
        getChildren().clear();
        for (int i = 0; i < values.length; i++) {
            Region bar = new Region();
            bar.getStyleClass().addAll("walk-bar", barClass);
            getChildren().add(bar);
        }
        requestLayout();
    }

    /** These bars with a label centred under each (as wide as its bar). */
    Node withLabels(String... labels) {
        GridPane row = new GridPane();
        row.getStyleClass().add("walk-bar-labels");
        for (int i = 0; i < labels.length; i++) {
            Label l = new Label(labels[i]);
            l.getStyleClass().add("walk-bar-label");
            l.setMaxWidth(Double.MAX_VALUE);
            row.add(l, i, 0);
            ColumnConstraints column = new ColumnConstraints();
            column.setPercentWidth(100.0 / labels.length);
            row.getColumnConstraints().add(column);
        }
        row.prefWidthProperty().bind(widthProperty());
        row.maxWidthProperty().bind(widthProperty());
        VBox box = new VBox(this, row);
        box.getStyleClass().add("walk-bars-box");
        return box;
    }

    @Override
    protected void layoutChildren() {
        double w = getWidth() - snappedLeftInset() - snappedRightInset();
        double h = getHeight() - snappedTopInset() - snappedBottomInset();
        int n = values.length;
        if (n == 0) {
            return;
        }
        double slot = w / n;
        double gap = Math.min(4, slot * 0.2);
        for (int i = 0; i < n; i++) {
            double v = Math.max(0, Math.min(1, values[i]));
            double bh = v > 0 ? Math.max(1, v * h) : 0;
            getChildren().get(i).resizeRelocate(snappedLeftInset() + i * slot + gap / 2,
                    snappedTopInset() + h - bh, Math.max(1, slot - gap), bh);
        }
    }
}
