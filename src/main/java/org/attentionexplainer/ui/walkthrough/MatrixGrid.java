package org.attentionexplainer.ui.walkthrough;

import java.util.List;
import java.util.function.IntConsumer;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.common.Numbers;
import org.attentionexplainer.lesson.HeatScale;
import org.attentionexplainer.lesson.Matrix;

/**
 * A small matrix of numbers with its row and column labels, optionally as a heatmap: each
 * cell's fill is the theme's accent colour at an opacity that grows with the value's place on
 * the given {@link HeatScale} (colours stay in CSS), with a legend under the matrix that shows
 * the range in the same fills. One row can be marked as selected; row labels can be buttons.
 */
final class MatrixGrid {
    private static final PseudoClass MID = PseudoClass.getPseudoClass("mid");
    private static final PseudoClass STRONG = PseudoClass.getPseudoClass("strong");
    private static final PseudoClass SELECTED = PseudoClass.getPseudoClass("selected");
    /**
     * The cell's text colour changes at these fill opacities (to dark, then to what reads on the
     * accent itself): in every theme the contrast stays at about 4:1 or more.
     */
    private static final double MID_FROM = 0.5;
    private static final double STRONG_FROM = 0.8;
    /** Swatches of the legend, from the range's start to its end. */
    private static final int LEGEND_STEPS = 5;

    private final String id;
    private final Numbers numbers;
    private HeatScale heat;
    private int selectedRow = -1;
    private IntConsumer onRowClick;

    /** @param id prefix of the node ids: {@code id-r-c} for cells, {@code id-row-r} for row labels */
    MatrixGrid(String id, Numbers numbers) {
        this.id = id;
        this.numbers = numbers;
    }

    /** Colours the cells by their place on {@code scale}: one range for matrices to compare. */
    MatrixGrid heat(HeatScale scale) {
        heat = scale;
        return this;
    }

    MatrixGrid selectedRow(int row) {
        selectedRow = row;
        return this;
    }

    MatrixGrid onRowClick(IntConsumer action) {
        onRowClick = action;
        return this;
    }

    Node build(String title, List<String> rowLabels, List<String> colLabels, Matrix m) {
        GridPane grid = new GridPane();
        grid.setId(id);
        grid.getStyleClass().add("walk-matrix");
        for (int c = 0; c < m.cols(); c++) {
            Label h = new Label(c < colLabels.size() ? colLabels.get(c) : "");
            h.getStyleClass().add("walk-matrix-col");
            grid.add(h, c + 1, 0);
        }
        for (int r = 0; r < m.rows(); r++) {
            grid.add(rowLabel(r, r < rowLabels.size() ? rowLabels.get(r) : ""), 0, r + 1);
            for (int c = 0; c < m.cols(); c++) {
                grid.add(cell(id + "-" + r + "-" + c, m.get(r, c), r == selectedRow), c + 1, r + 1);
            }
        }
        Label heading = PageLayout.line(title, "walk-matrix-title");
        VBox box = new VBox(heading, grid);
        if (heat != null) {
            box.getChildren().add(legend());
        }
        box.getStyleClass().add("walk-matrix-box");
        return box;
    }

    private Node rowLabel(int r, String text) {
        Node node;
        if (onRowClick != null) {
            Button b = new Button(text);
            b.setOnAction(e -> onRowClick.accept(r));
            b.getStyleClass().add("walk-token-button");
            node = b;
        } else {
            Label l = new Label(text);
            l.getStyleClass().add("walk-matrix-row");
            node = l;
        }
        node.setId(id + "-row-" + r);
        node.pseudoClassStateChanged(SELECTED, r == selectedRow);
        return node;
    }

    /** The range in large type at both ends, the fills of its start, its end and three steps between. */
    private Node legend() {
        HBox swatches = new HBox();
        swatches.getStyleClass().add("walk-legend-swatches");
        for (int i = 0; i < LEGEND_STEPS; i++) {
            double v = heat.min() + (heat.max() - heat.min()) * i / (LEGEND_STEPS - 1);
            StackPane swatch = cell(null, v, false);
            swatch.getChildren().removeIf(n -> n instanceof Label);
            swatch.getStyleClass().add("walk-legend-swatch");
            swatches.getChildren().add(swatch);
        }
        Label min = new Label(numbers.fixed(heat.min()));
        Label max = new Label(numbers.fixed(heat.max()));
        min.getStyleClass().add("walk-legend-value");
        max.getStyleClass().add("walk-legend-value");
        min.setId(id + "-legend-min");
        max.setId(id + "-legend-max");
        HBox legend = new HBox(min, swatches, max);
        legend.getStyleClass().add("walk-legend");
        return legend;
    }

    private StackPane cell(String cellId, double value, boolean selected) {
        Label text = new Label(numbers.fixed(value));
        text.getStyleClass().add("walk-cell-text");
        StackPane cell = new StackPane();
        cell.setId(cellId);
        cell.getStyleClass().add("walk-cell");
        if (heat != null) {
            double opacity = 0.08 + 0.8 * heat.position(value);
            Region fill = new Region();
            fill.getStyleClass().add("walk-cell-fill");
            fill.setOpacity(opacity);
            cell.getChildren().add(fill);
            cell.pseudoClassStateChanged(MID, opacity >= MID_FROM && opacity < STRONG_FROM);
            cell.pseudoClassStateChanged(STRONG, opacity >= STRONG_FROM);
        }
        cell.getChildren().add(text);
        cell.pseudoClassStateChanged(SELECTED, selected);
        return cell;
    }
}
