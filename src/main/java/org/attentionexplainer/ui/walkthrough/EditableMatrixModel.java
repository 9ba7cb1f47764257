package org.attentionexplainer.ui.walkthrough;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableMap;
import org.attentionexplainer.ui.common.Numbers;
import org.attentionexplainer.lesson.Token;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.SavedValues;
import org.attentionexplainer.ui.shell.Settings;

/**
 * An editable table of labelled rows of numbers: the tokens of an example, or a weight matrix.
 * Text typed into a cell is parsed in the current locale; what is not a finite number in range
 * is refused, the cell keeps its last good value and the refusal is kept for the view to show
 * at that cell.
 */
public final class EditableMatrixModel {
    /** Values beyond this are refused: embeddings and weights are small numbers. */
    static final double LIMIT = 1000;
    /** The column of a row's label in a {@link Cell}. */
    public static final int LABEL = -1;

    /** A cell: a row and a column, or {@link #LABEL}. */
    public record Cell(int row, int col) {
    }

    /** A refused edit: the message key and the text that was typed. */
    public record CellError(String key, String input) {
    }

    private final I18n i18n;
    private final Numbers numbers;
    private final Supplier<List<Token>> defaults;
    private final boolean rowsEditable;
    private final ReadOnlyObjectWrapper<List<Token>> rows = new ReadOnlyObjectWrapper<>();
    private final ObservableMap<Cell, CellError> errors = FXCollections.observableHashMap();

    /**
     * @param defaults     the rows "reset" restores
     * @param rowsEditable whether labels can be edited and rows added or removed
     */
    public EditableMatrixModel(I18n i18n, Supplier<List<Token>> defaults, boolean rowsEditable) {
        this.i18n = i18n;
        this.numbers = new Numbers(i18n);
        this.defaults = defaults;
        this.rowsEditable = rowsEditable;
        rows.set(List.copyOf(defaults.get()));
    }

    public ReadOnlyObjectProperty<List<Token>> rowsProperty() {
        return rows.getReadOnlyProperty();
    }

    public List<Token> rows() {
        return rows.get();
    }

    public int columns() {
        return rows.get().isEmpty() ? defaults.get().get(0).width() : rows.get().get(0).width();
    }

    public boolean rowsEditable() {
        return rowsEditable;
    }

    /** The refused edits now, by cell (the view shows them; a good edit of the cell clears it). */
    public ObservableMap<Cell, CellError> errors() {
        return errors;
    }

    /** The text a cell shows for its value. */
    public String format(int row, int col) {
        return numbers.editable(rows.get().get(row).value(col));
    }

    /** Applies typed text to a value cell; false (and an error at the cell) if refused. */
    public boolean editValue(int row, int col, String text) {
        Cell cell = new Cell(row, col);
        if (text.strip().equals(format(row, col))) {
            errors.remove(cell);
            return true;
        }
        String refusal = refusal(text);
        if (refusal != null) {
            errors.put(cell, new CellError(refusal, text.strip()));
            return false;
        }
        double value = i18n.parse(text);
        errors.remove(cell);
        replace(row, rows.get().get(row).withValue(col, value));
        return true;
    }

    /** The message key why {@code text} is refused, or null if it is a usable number. */
    private String refusal(String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            return "walk.table.empty";
        }
        String lower = t.toLowerCase(Locale.ROOT).replace("+", "").replace("-", "").replace("−", "");
        if (lower.equals("nan") || lower.equals("inf") || lower.equals("infinity") || lower.equals("∞")) {
            return "walk.table.notFinite";
        }
        double value;
        try {
            value = i18n.parse(t);
        } catch (NumberFormatException e) {
            return "walk.table.notNumber";
        }
        if (!Double.isFinite(value)) {
            return "walk.table.notFinite";
        }
        return Math.abs(value) > LIMIT ? "walk.table.tooLarge" : null;
    }

    /** Renames a row's token; an empty label is refused. */
    public boolean editLabel(int row, String text) {
        Cell cell = new Cell(row, LABEL);
        String label = text.strip();
        if (label.isEmpty()) {
            errors.put(cell, new CellError("walk.table.emptyLabel", ""));
            return false;
        }
        errors.remove(cell);
        if (!label.equals(rows.get().get(row).label())) {
            replace(row, rows.get().get(row).withLabel(label));
        }
        return true;
    }

    /** Forgets a refused edit (the cell shows its value again). */
    public void clearError(Cell cell) {
        errors.remove(cell);
    }

    private void replace(int row, Token token) {
        List<Token> copy = new ArrayList<>(rows.get());
        copy.set(row, token);
        rows.set(List.copyOf(copy));
    }

    /** Appends a token named after its position, with values 0.50. */
    public void addRow() {
        List<Token> copy = new ArrayList<>(rows.get());
        double[] values = new double[columns()];
        Arrays.fill(values, 0.5);
        copy.add(new Token(i18n.get("walk.table.newToken", copy.size() + 1), values));
        errors.clear();
        rows.set(List.copyOf(copy));
    }

    /** Removes a row; the last one stays. */
    public void removeRow(int row) {
        if (rows.get().size() <= 1) {
            return;
        }
        List<Token> copy = new ArrayList<>(rows.get());
        copy.remove(row);
        errors.clear();
        rows.set(List.copyOf(copy));
    }

    /** Restores the default rows (the course example). */
    public void reset() {
        setRows(defaults.get());
    }

    public void setRows(List<Token> newRows) {
        errors.clear();
        rows.set(List.copyOf(newRows));
    }

    /**
     * Brings back the rows saved under {@code key} (when they still fit: as many columns, finite
     * values within the limit, and for a fixed matrix its rows and labels), then saves every
     * change, so a learner's edits survive a restart, a crash included.
     */
    public void remember(Settings settings, String key) {
        new SavedValues(settings, "").keep(key, rows, this::parseRows, EditableMatrixModel::formatRows);
    }

    /** One line per row: the label (URL-encoded) and its values, tab-separated. */
    private static String formatRows(List<Token> tokens) {
        StringBuilder out = new StringBuilder();
        for (Token t : tokens) {
            out.append(URLEncoder.encode(t.label(), StandardCharsets.UTF_8));
            for (double v : t.values()) {
                out.append('\t').append(v);
            }
            out.append('\n');
        }
        return out.toString();
    }

    private Optional<List<Token>> parseRows(String saved) {
        List<Token> fallback = defaults.get();
        List<Token> parsed = new ArrayList<>();
        for (String line : saved.split("\n")) {
            String[] parts = line.split("\t", -1);
            if (parts.length != columns() + 1) {
                return Optional.empty();
            }
            double[] values = new double[columns()];
            for (int c = 0; c < values.length; c++) {
                values[c] = Double.parseDouble(parts[c + 1]);
                if (!Double.isFinite(values[c]) || Math.abs(values[c]) > LIMIT) {
                    return Optional.empty();
                }
            }
            String label = URLDecoder.decode(parts[0], StandardCharsets.UTF_8).strip();
            parsed.add(new Token(label.isEmpty() ? "?" : label, values));
        }
        boolean fixedRowsDiffer = !rowsEditable && (parsed.size() != fallback.size()
                || !java.util.stream.IntStream.range(0, parsed.size())
                        .allMatch(r -> parsed.get(r).label().equals(fallback.get(r).label())));
        return parsed.isEmpty() || fixedRowsDiffer ? Optional.empty() : Optional.of(List.copyOf(parsed));
    }

    /** The rows as a matrix of values. */
    public double[][] values() {
        double[][] out = new double[rows.get().size()][];
        for (int r = 0; r < out.length; r++) {
            out[r] = rows.get().get(r).values();
        }
        return out;
    }
}
