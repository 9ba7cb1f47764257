package org.attentionexplainer.ui.walkthrough;

import java.util.List;
import java.util.function.IntConsumer;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.common.Numbers;
import org.attentionexplainer.lesson.Matrix;

/**
 * A small matrix of numbers with its row and column labels, optionally as a heatmap: each
 * cell's fill is the theme's accent colour at an opacity that grows with the value (colours
 * stay in CSS). One row can be marked as selected; row labels can be buttons.
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

    private final String id;
    private final Numbers numbers;
    private boolean heat;
    private int selectedRow = -1;
    private IntConsumer onRowClick;

    /** @param id prefix of the node ids: {@code id-r-c} for cells, {@code id-row-r} for row labels */
    MatrixGrid(String id, Numbers numbers) {
        this.id = id;
        this.numbers = numbers;
    }

    MatrixGrid heat() {
        heat = true;
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
        double min = m.min();
        double max = m.max();
        for (int r = 0; r < m.rows(); r++) {
            grid.add(rowLabel(r, r < rowLabels.size() ? rowLabels.get(r) : ""), 0, r + 1);
            for (int c = 0; c < m.cols(); c++) {
                grid.add(cell(r, c, m.get(r, c), min, max), c + 1, r + 1);
            }
        }
        Label heading = PageLayout.line(title, "walk-matrix-title");
        VBox box = new VBox(heading, grid);
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

    private Node cell(int r, int c, double value, double min, double max) {
        Label text = new Label(numbers.fixed(value));
        text.getStyleClass().add("walk-cell-text");
        StackPane cell = new StackPane();
        cell.setId(id + "-" + r + "-" + c);
        cell.getStyleClass().add("walk-cell");
        if (heat) {
            double norm = max > min ? (value - min) / (max - min) : 0.5;
            double opacity = 0.08 + 0.8 * norm;
            Region fill = new Region();
            fill.getStyleClass().add("walk-cell-fill");
            fill.setOpacity(opacity);
            cell.getChildren().add(fill);
            cell.pseudoClassStateChanged(MID, opacity >= MID_FROM && opacity < STRONG_FROM);
            cell.pseudoClassStateChanged(STRONG, opacity >= STRONG_FROM);
        }
        cell.getChildren().add(text);
        cell.pseudoClassStateChanged(SELECTED, r == selectedRow);
        return cell;
    }
}
