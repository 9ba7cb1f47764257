package org.attentionexplainer.ui.walkthrough;

import java.util.List;
import java.util.Map;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.MapChangeListener;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.attentionexplainer.ui.common.Numbers;
import org.attentionexplainer.lesson.Token;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.walkthrough.EditableMatrixModel.Cell;
import org.attentionexplainer.ui.walkthrough.EditableMatrixModel.CellError;

/**
 * A table of text fields over an {@link EditableMatrixModel}: a row per token (label and
 * values), add and remove buttons, "reset to the course example". A refused entry turns its
 * field red and the message appears right under that row.
 */
final class EditableMatrixView {
    private static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid");

    private final EditableMatrixModel model;
    private final I18n i18n;
    private final String id;
    private final List<String> columnHeaders;
    private final Runnable onReset;
    private ObservableBooleanValue undoAvailable;
    private Runnable onUndo;
    private final GridPane grid = new GridPane();
    private TextField[] labels = new TextField[0];
    private TextField[][] fields = new TextField[0][];
    private Label[] rowErrors = new Label[0];

    /**
     * @param id            prefix of the node ids: {@code id-cell-r-c}, {@code id-label-r}, {@code id-error-r}
     * @param columnHeaders a header per value column
     * @param onReset       what "reset" does, or null for no add/remove/reset buttons
     */
    EditableMatrixView(EditableMatrixModel model, I18n i18n, String id, List<String> columnHeaders, Runnable onReset) {
        this.model = model;
        this.i18n = i18n;
        this.id = id;
        this.columnHeaders = columnHeaders;
        this.onReset = onReset;
    }

    /** Offers "Undo the reset" while {@code available}; call before {@link #createView()}. */
    EditableMatrixView undoableReset(ObservableBooleanValue available, Runnable undo) {
        this.undoAvailable = available;
        this.onUndo = undo;
        return this;
    }

    Node createView() {
        grid.getStyleClass().add("walk-table");
        grid.setId(id);
        VBox box = new VBox(grid);
        box.getStyleClass().add("walk-table-box");
        if (onReset != null && model.rowsEditable()) {
            Button add = new Button();
            add.setId(id + "-add");
            add.textProperty().bind(i18n.text("walk.table.add"));
            add.setOnAction(e -> model.addRow());
            Button reset = new Button();
            reset.setId(id + "-reset");
            reset.textProperty().bind(i18n.text("walk.table.reset"));
            reset.setOnAction(e -> onReset.run());
            add.setMinWidth(Region.USE_PREF_SIZE);
            reset.setMinWidth(Region.USE_PREF_SIZE);
            FlowPane buttons = new FlowPane(add, reset);
            buttons.getStyleClass().add("page-buttons");
            box.getChildren().add(buttons);
            if (undoAvailable != null) {
                Button undo = new Button();
                undo.setId(id + "-undo-reset");
                undo.textProperty().bind(i18n.text("walk.table.undoReset"));
                undo.setOnAction(e -> onUndo.run());
                undo.setMinWidth(Region.USE_PREF_SIZE);
                Label done = new Label();
                done.textProperty().bind(i18n.text("walk.table.resetDone"));
                done.setWrapText(true);
                done.setMinHeight(Region.USE_PREF_SIZE);
                done.getStyleClass().add("hint");
                for (Node n : List.of(undo, done)) {
                    n.visibleProperty().bind(undoAvailable);
                    n.managedProperty().bind(undoAvailable);
                }
                buttons.getChildren().add(undo);
                box.getChildren().add(done);
            }
        }
        init();
        return box;
    }

    private void init() {
        rebuild();
        model.rowsProperty().addListener((o, a, b) -> {
            if (a == null || a.size() != b.size()) {
                rebuild();
            } else {
                refreshTexts();
            }
        });
        model.errors().addListener((MapChangeListener<Cell, CellError>) c -> showErrors());
        i18n.localeProperty().addListener((o, a, b) -> {
            refreshTexts();
            showErrors();
        });
    }

    private void rebuild() {
        grid.getChildren().clear();
        List<Token> rows = model.rows();
        int cols = model.columns();
        boolean editableRows = model.rowsEditable();
        Label corner = new Label();
        if (editableRows) {
            corner.textProperty().bind(i18n.text("walk.table.token"));
        }
        corner.getStyleClass().add("walk-table-header");
        grid.add(corner, 0, 0);
        for (int c = 0; c < cols; c++) {
            Label h = new Label(c < columnHeaders.size() ? columnHeaders.get(c) : Integer.toString(c + 1));
            h.getStyleClass().add("walk-table-header");
            grid.add(h, c + 1, 0);
        }
        labels = new TextField[rows.size()];
        fields = new TextField[rows.size()][cols];
        rowErrors = new Label[rows.size()];
        for (int r = 0; r < rows.size(); r++) {
            int gridRow = 1 + 2 * r;
            grid.add(labelCell(r, rows.get(r).label(), editableRows), 0, gridRow);
            for (int c = 0; c < cols; c++) {
                fields[r][c] = valueCell(r, c);
                grid.add(fields[r][c], c + 1, gridRow);
            }
            if (editableRows && onReset != null) {
                grid.add(removeButton(r, rows.size() > 1), cols + 1, gridRow);
            }
            Label error = new Label();
            error.setId(id + "-error-" + r);
            error.getStyleClass().addAll("error-text", "walk-cell-error");
            error.setWrapText(true);
            error.visibleProperty().bind(error.textProperty().isNotEmpty());
            error.managedProperty().bind(error.visibleProperty());
            rowErrors[r] = error;
            grid.add(error, 0, gridRow + 1, cols + 2, 1);
        }
        showErrors();
    }

    private Node labelCell(int row, String text, boolean editable) {
        if (!editable) {
            Label label = new Label(text);
            label.getStyleClass().add("walk-table-header");
            return label;
        }
        TextField field = new TextField(text);
        field.setId(id + "-label-" + row);
        field.getStyleClass().add("walk-label-field");
        field.setOnAction(e -> model.editLabel(row, field.getText()));
        field.focusedProperty().addListener((o, was, now) -> {
            if (!now && field.getParent() == grid) {
                model.editLabel(row, field.getText());
            }
        });
        escapeReverts(field, new Cell(row, EditableMatrixModel.LABEL));
        labels[row] = field;
        return field;
    }

    private TextField valueCell(int row, int col) {
        TextField field = new TextField(model.format(row, col));
        field.setId(id + "-cell-" + row + "-" + col);
        field.getStyleClass().add("walk-value-field");
        field.setOnAction(e -> model.editValue(row, col, field.getText()));
        field.focusedProperty().addListener((o, was, now) -> {
            if (!now && field.getParent() == grid) {
                model.editValue(row, col, field.getText());
            }
        });
        escapeReverts(field, new Cell(row, col));
        return field;
    }

    private void escapeReverts(TextField field, Cell cell) {
        field.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                model.clearError(cell);
                refreshTexts();
                e.consume();
            }
        });
    }

    private Button removeButton(int row, boolean enabled) {
        Button remove = new Button("−");
        remove.setId(id + "-remove-" + row);
        remove.getStyleClass().add("walk-remove");
        remove.setDisable(!enabled);
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(i18n.text("walk.table.remove"));
        remove.setTooltip(tip);
        remove.setOnAction(e -> model.removeRow(row));
        return remove;
    }

    /** Shows each cell's value in the current locale, except cells holding refused text. */
    private void refreshTexts() {
        List<Token> rows = model.rows();
        Map<Cell, CellError> errors = model.errors();
        for (int r = 0; r < fields.length && r < rows.size(); r++) {
            if (labels[r] != null && !errors.containsKey(new Cell(r, EditableMatrixModel.LABEL))) {
                setIfChanged(labels[r], rows.get(r).label());
            }
            for (int c = 0; c < fields[r].length; c++) {
                if (!errors.containsKey(new Cell(r, c))) {
                    setIfChanged(fields[r][c], model.format(r, c));
                }
            }
        }
    }

    private static void setIfChanged(TextField field, String text) {
        if (!text.equals(field.getText())) {
            field.setText(text);
        }
    }

    private void showErrors() {
        Map<Cell, CellError> errors = model.errors();
        for (int r = 0; r < rowErrors.length; r++) {
            StringBuilder message = new StringBuilder();
            for (int c = EditableMatrixModel.LABEL; c < fields[r].length; c++) {
                Cell cell = new Cell(r, c);
                TextField field = c == EditableMatrixModel.LABEL ? labels[r] : fields[r][c];
                boolean invalid = errors.containsKey(cell);
                if (field != null) {
                    field.pseudoClassStateChanged(INVALID, invalid);
                }
                if (invalid) {
                    message.append(message.length() == 0 ? "" : "\n").append(describe(r, c, errors.get(cell)));
                }
            }
            rowErrors[r].setText(message.toString());
        }
    }

    private String describe(int row, int col, CellError error) {
        Token token = model.rows().get(row);
        String kept = col == EditableMatrixModel.LABEL ? token.label() : model.format(row, col);
        String where = col == EditableMatrixModel.LABEL ? token.label()
                : token.label() + ", " + (col < columnHeaders.size() ? columnHeaders.get(col) : col + 1);
        return i18n.get(error.key(), error.input(), kept, new Numbers(i18n).editable(EditableMatrixModel.LIMIT), where);
    }

    /** Headers x₁, x₂, … for value columns. */
    static List<String> subscripted(String symbol, int count) {
        String[] subs = {"₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"};
        String[] out = new String[count];
        for (int i = 0; i < count; i++) {
            out[i] = symbol + (i < subs.length ? subs[i] : Integer.toString(i + 1));
        }
        return List.of(out);
    }
}
