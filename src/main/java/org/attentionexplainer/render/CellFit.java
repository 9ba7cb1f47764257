package org.attentionexplainer.render;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The cell size that fits a grid of panels in a room, with given gutters between them: for each
 * column count (or the fixed one) the largest cell with which the panels, their labels and
 * titles fit, keeping the token labels where it can. {@link FigureLayout} places what this sizes.
 */
final class CellFit {
    /** What keeps a panel's title apart from the next panel's, as a share of the text size. */
    private static final double TITLE_SPACE = 0.25;

    /** The side of a cell, whether the token labels are drawn, and in how many columns. */
    record Fit(double cell, boolean labels, int columns) {
    }

    private final HeatmapOptions opt;
    private final double f;
    private final double colGap;
    private final double rowGap;
    private final boolean everyRowLabelled;
    private final ToDoubleFunction<List<String>> labelWidth;
    private final TextMeasurer m;

    /**
     * @param labelWidth       the width of the widest of a list of labels at the text size
     * @param everyRowLabelled row labels on every panel (different matrices), not only on the first column
     */
    CellFit(HeatmapOptions opt, double colGap, double rowGap, boolean everyRowLabelled,
            ToDoubleFunction<List<String>> labelWidth, TextMeasurer m) {
        this.opt = opt;
        this.f = opt.fontSize();
        this.colGap = colGap;
        this.rowGap = rowGap;
        this.everyRowLabelled = everyRowLabelled;
        this.labelWidth = labelWidth;
        this.m = m;
    }

    HeatmapOptions options() {
        return opt;
    }

    double colGap() {
        return colGap;
    }

    double rowGap() {
        return rowGap;
    }

    /** The column count (fixed, or the one giving the largest cells) and the cell size that fit. */
    Fit best(List<PanelLayout.Panel> specs, int fixedColumns, double gridW, double gridH, int titleLines) {
        Fit best = null;
        int n = specs.size();
        for (int c = fixedColumns > 0 ? fixedColumns : 1; c <= (fixedColumns > 0 ? fixedColumns : n); c++) {
            int r = (n + c - 1) / c;
            double availW = gridW - (c - 1) * colGap;
            double availH = gridH - (r - 1) * rowGap;
            Fit fit = solve(specs.get(0), c, r, availW, availH, opt.showLabels(), titleLines);
            if (opt.showLabels() && n > 1 && fit.cell < 0.5 * f) {
                fit = solve(specs.get(0), c, r, availW, availH, false, titleLines);
            }
            fit = new Fit(fit.cell, fit.labels, c);
            // a layout that keeps the token labels beats one with larger, unlabelled cells: a map without
            // its tokens cannot be read
            if (best == null || fit.labels && !best.labels || fit.labels == best.labels && (fit.cell > best.cell + 1e-9
                    || (Math.abs(fit.cell - best.cell) <= 1e-9 && squareness(c, n) < squareness(best.columns, n)))) {
                best = fit;
            }
        }
        return best;
    }

    /** The panels laid out with the cells and columns of {@code fit}. */
    List<PanelLayout> make(List<PanelLayout.Panel> specs, Fit fit, int titleLines) {
        List<PanelLayout> out = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            out.add(new PanelLayout(specs.get(i), opt, m, labelWidth, fit.cell, fit.labels,
                    everyRowLabelled || i % fit.columns == 0, everyRowLabelled || i < fit.columns, i % fit.columns == 0,
                    titleLines, titleSpill()));
        }
        return out;
    }

    /**
     * The largest cell (at most maxCell) with which a row of {@code columns} panels fits
     * availW wide (the first with row labels, the others only if every panel has them) and a column
     * of {@code rows} panels fits availH high (the first with column labels, the others only if
     * every panel has them: small multiples label the grid's outer row and column, as they share
     * their tokens).
     */
    private Fit solve(PanelLayout.Panel spec, int columns, int rows, double availW, double availH, boolean labels,
                      int titleLines) {
        double cell = opt.maxCell();
        for (int i = 0; i < 12; i++) {
            double fit = fitting(spec, columns, rows, availW, availH, labels, titleLines, cell);
            if (fit >= cell - 1e-9) {
                break;
            }
            cell = Math.max(FigureLayout.MIN_CELL, fit);
            if (cell == FigureLayout.MIN_CELL) {
                break;
            }
        }
        if (cell >= 4) {
            cell = Math.floor(cell);
            // labels shrink with their cells: the room that smaller labels leave may hold a larger cell
            while (cell + 1 <= opt.maxCell()
                    && fitting(spec, columns, rows, availW, availH, labels, titleLines, cell + 1) >= cell + 1 - 1e-9) {
                cell++;
            }
        }
        return new Fit(cell, labels, 0);
    }

    /** The cell that the room leaves beside the labels and titles that cells of {@code cell} have. */
    private double fitting(PanelLayout.Panel spec, int columns, int rows, double availW, double availH,
                           boolean labels, int titleLines, double cell) {
        HeatmapData d = spec.data();
        PanelLayout first = new PanelLayout(spec, opt, m, labelWidth, cell, labels, true, true, true, titleLines,
                titleSpill(), false);
        PanelLayout other = new PanelLayout(spec, opt, m, labelWidth, cell, labels, everyRowLabelled,
                everyRowLabelled, false, titleLines, titleSpill(), false);
        double fixedW = first.fixedWidth() + (columns - 1) * other.fixedWidth();
        double fixedH = first.fixedHeight() + (rows - 1) * other.fixedHeight();
        return Math.min((availW - fixedW) / (columns * d.cols()), (availH - fixedH) / (rows * d.rows()));
    }

    /** How far a panel's title may run past its panel: into the gap, stopping short of the next title. */
    private double titleSpill() {
        return Math.max(0, colGap - TITLE_SPACE * f);
    }

    private static double squareness(int columns, int n) {
        int rows = (n + columns - 1) / columns;
        return Math.abs(columns - rows) - 0.01 * columns;
    }
}
