package org.attentionexplainer.render;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * A {@link Figure} sized once: the cell size that fits, where every panel, colour bar, the
 * title and the caption go, and the {@link Drawing} of it all. Hit testing (which cell is
 * under the mouse) uses the same geometry the drawing was made from.
 */
public final class FigureLayout {
    /** Cells are never drawn smaller than this, whatever the room. */
    static final double MIN_CELL = 0.25;
    /** The gutter between small multiples that share their axes, in text sizes. */
    static final double SHARED_GAP = 0.5;
    /** What keeps a panel's title apart from the next panel's, as a share of the text size. */
    private static final double TITLE_SPACE = 0.25;

    private final HeatmapOptions opt;
    private final double f;
    private final double pad;
    private final double gap;
    /**
     * Between columns of panels: less for maps on one scale that each name their rows (two sentences),
     * as their labels keep them apart; tables of different quantities keep the full gap.
     */
    private final double colGap;
    /**
     * Between rows of panels: small multiples of one input on one scale (the heads of a sentence) share
     * their axes, so a narrow gutter and each map's title keep them apart, and the maps get the room.
     */
    private final double rowGap;
    private final List<PanelLayout> panels = new ArrayList<>();
    private final List<LegendLayout> legends = new ArrayList<>();
    private final int columns;
    private final double cell;
    private final double titleH;
    private final double[] colX;
    /** The top of each row of panels, below the figure's title. */
    private final double[] rowY;
    /** Per legend: the bar's height beside the maps, or its length in a row below them. */
    private final double[] barHeights;
    /** True if the legends lie in rows below the maps: beside them they would make the cells smaller. */
    private final boolean legendsBelow;
    private final double legendX;
    private final double legendY;
    private final List<String> captionLines;
    private final double captionY;
    private final double width;
    private final double height;
    private final Drawing drawing;
    private final ToDoubleFunction<List<String>> labelWidth;
    private final boolean everyRowLabelled;

    /**
     * @param everyRowLabelled row labels on every panel (different matrices), not only on the first column
     */
    FigureLayout(List<PanelLayout.Panel> specs, List<LegendLayout.Spec> legendSpecs, int fixedColumns,
                 boolean everyRowLabelled, HeatmapOptions opt, double maxWidth, double maxHeight,
                 TextMeasurer measurer) {
        this.opt = opt;
        this.everyRowLabelled = everyRowLabelled;
        this.f = opt.fontSize();
        this.pad = 0.8 * f;
        this.gap = 1.5 * f;
        boolean sharedAxes = !everyRowLabelled && specs.size() > 1 && legendSpecs.size() <= 1;
        this.colGap = sharedAxes ? SHARED_GAP * f : everyRowLabelled && legendSpecs.size() <= 1 ? f : gap;
        this.rowGap = sharedAxes ? SHARED_GAP * f : gap;
        TextMeasurer m = memo(measurer);
        Map<List<String>, Double> widest = new IdentityHashMap<>();
        labelWidth = labels -> widest.computeIfAbsent(labels, l -> PanelLayout.maxWidth(l, f, m));
        titleH = HeatmapOptions.present(opt.title()) ? 2.2 * f : 0;
        double legendW = 0;
        for (LegendLayout.Spec s : legendSpecs) {
            LegendLayout l = new LegendLayout(s, opt, m);
            legends.add(l);
            legendW = Math.max(legendW, l.width);
        }
        double legendBlock = legends.isEmpty() ? 0 : gap + legendW;
        List<String> roughCaption = wrap(opt.caption(), Double.isFinite(maxWidth) ? maxWidth - 2 * pad
                : Double.POSITIVE_INFINITY, m);
        double captionH = captionHeight(roughCaption.size());

        int n = specs.size();
        // panel titles that need more lines get them in every panel, so that the maps line up; the
        // lines taken make the cells smaller, so the panels narrower: wrap again (titles break at
        // words, and are only shortened when even the most lines do not hold them)
        int titleLines = 1;
        Fit best = bestFit(specs, fixedColumns, maxWidth - 2 * pad - legendBlock,
                maxHeight - 2 * pad - titleH - captionH, titleLines, m);
        // below the maps the legend needs less of a gap: nothing is written under the last row of cells
        double rowsH = 0.8 * f - 0.6 * f;
        for (LegendLayout l : legends) {
            rowsH += 0.6 * f + l.rowHeight();
        }
        // a pane too narrow for the maps at their largest: the legend goes below them if that gives larger cells
        boolean below = false;
        if (!legends.isEmpty() && Double.isFinite(maxWidth) && best.cell < opt.maxCell()) {
            Fit under = bestFit(specs, fixedColumns, maxWidth - 2 * pad, maxHeight - 2 * pad - titleH - captionH - rowsH,
                    titleLines, m);
            if (under.cell > best.cell) {
                below = true;
                best = under;
                legendBlock = 0;
                captionH += rowsH;
            }
        }
        legendsBelow = below;
        List<PanelLayout> made = make(specs, best, everyRowLabelled, titleLines, m);
        for (int round = 0; round < PanelLayout.MAX_TITLE_LINES; round++) {
            int needed = made.stream().mapToInt(p -> p.titleLinesNeeded).max().orElse(1);
            if (needed <= titleLines) {
                break;
            }
            titleLines = needed;
            best = bestFit(specs, fixedColumns, maxWidth - 2 * pad - legendBlock,
                    maxHeight - 2 * pad - titleH - captionH, titleLines, m);
            made = make(specs, best, everyRowLabelled, titleLines, m);
        }
        panels.addAll(made);
        columns = best.columns;
        cell = best.cell;
        int rows = (n + columns - 1) / columns;
        double[] colW = new double[columns];
        double[] rowH = new double[rows];
        for (int i = 0; i < panels.size(); i++) {
            PanelLayout p = panels.get(i);
            colW[i % columns] = Math.max(colW[i % columns], p.width);
            rowH[i / columns] = Math.max(rowH[i / columns], p.height);
        }
        colX = new double[columns];
        double x = pad;
        for (int c = 0; c < columns; c++) {
            colX[c] = x;
            x += colW[c] + colGap;
        }
        double gridTop = pad + titleH;
        rowY = new double[rows];
        double y0 = gridTop;
        for (int r = 0; r < rows; r++) {
            rowY[r] = y0;
            y0 += rowH[r] + rowGap;
        }
        double gridW = x - colGap - pad;
        double gridBottom = y0 - rowGap;

        legendX = below ? pad : pad + gridW + gap;
        barHeights = new double[legends.size()];
        double legendBottom = gridTop;
        double plotTop = gridTop + panels.get(0).plotY;
        legendY = below ? gridBottom + 0.8 * f
                : legends.isEmpty() ? gridTop : Math.max(gridTop, plotTop - legends.get(0).titleH);
        double legendRowW = 0;
        if (below) {
            double y = legendY;
            for (int i = 0; i < legends.size(); i++) {
                LegendLayout l = legends.get(i);
                barHeights[i] = l.rowBar(gridW);
                legendRowW = Math.max(legendRowW, l.rowWidth(barHeights[i]));
                y += l.rowHeight() + 0.6 * f;
            }
            legendBottom = y - 0.6 * f;
        } else if (!legends.isEmpty()) {
            double fixed = (legends.size() - 1) * gap;
            for (LegendLayout l : legends) {
                fixed += l.titleH + l.swatchH;
            }
            double span = gridBottom - legendY;
            double y = legendY;
            for (int i = 0; i < legends.size(); i++) {
                LegendLayout l = legends.get(i);
                barHeights[i] = Math.max(l.minBarHeight(), (span - fixed) / legends.size());
                y += l.height(barHeights[i]) + gap;
            }
            legendBottom = y - gap;
        }
        double contentW = pad + Math.max(gridW + legendBlock, legendRowW);
        if (titleH > 0) {
            contentW = Math.max(contentW, pad + m.width(opt.title(), 1.3 * f, true));
        }
        double wrapW = Double.isFinite(maxWidth) ? maxWidth - 2 * pad : Math.max(contentW - pad, 30 * f);
        captionLines = wrap(opt.caption(), wrapW, m);
        captionY = Math.max(gridBottom, legendBottom) + (captionLines.isEmpty() ? 0 : 0.6 * f);
        double captionW = 0;
        for (String line : captionLines) {
            captionW = Math.max(captionW, m.width(line, 0.9 * f, false));
        }
        width = Math.ceil(Math.max(contentW, pad + captionW) + pad);
        height = Math.ceil(captionY + captionHeight(captionLines.size()) + pad);
        drawing = paint();
    }

    private record Fit(double cell, boolean labels, int columns) {
    }

    /** The column count (fixed, or the one giving the largest cells) and the cell size that fit. */
    private Fit bestFit(List<PanelLayout.Panel> specs, int fixedColumns, double gridW, double gridH, int titleLines,
                        TextMeasurer m) {
        Fit best = null;
        int n = specs.size();
        for (int c = fixedColumns > 0 ? fixedColumns : 1; c <= (fixedColumns > 0 ? fixedColumns : n); c++) {
            int r = (n + c - 1) / c;
            double availW = gridW - (c - 1) * colGap;
            double availH = gridH - (r - 1) * rowGap;
            Fit fit = solve(specs.get(0), c, r, availW, availH, opt.showLabels(), titleLines, m);
            if (opt.showLabels() && n > 1 && fit.cell < 0.5 * f) {
                fit = solve(specs.get(0), c, r, availW, availH, false, titleLines, m);
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

    private List<PanelLayout> make(List<PanelLayout.Panel> specs, Fit fit, boolean everyRowLabelled, int titleLines,
                                   TextMeasurer m) {
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
                      int titleLines, TextMeasurer m) {
        double cell = opt.maxCell();
        HeatmapData d = spec.data();
        for (int i = 0; i < 12; i++) {
            PanelLayout first = new PanelLayout(spec, opt, m, labelWidth, cell, labels, true, true, true, titleLines,
                    titleSpill());
            PanelLayout other = new PanelLayout(spec, opt, m, labelWidth, cell, labels, everyRowLabelled,
                    everyRowLabelled, false, titleLines, titleSpill());
            double fixedW = first.fixedWidth() + (columns - 1) * other.fixedWidth();
            double fixedH = first.fixedHeight() + (rows - 1) * other.fixedHeight();
            double fit = Math.min((availW - fixedW) / (columns * d.cols()), (availH - fixedH) / (rows * d.rows()));
            if (fit >= cell - 1e-9) {
                break;
            }
            cell = Math.max(MIN_CELL, fit);
            if (cell == MIN_CELL) {
                break;
            }
        }
        if (cell >= 4) {
            cell = Math.floor(cell);
        }
        return new Fit(cell, labels, 0);
    }

    /** How far a panel's title may run past its panel: into the gap, stopping short of the next title. */
    private double titleSpill() {
        return Math.max(0, colGap - TITLE_SPACE * f);
    }

    private static double squareness(int columns, int n) {
        int rows = (n + columns - 1) / columns;
        return Math.abs(columns - rows) - 0.01 * columns;
    }

    private double captionHeight(int lines) {
        return lines == 0 ? 0 : lines * 1.3 * 0.9 * f + 0.6 * f;
    }

    /** Word-wraps the caption to lines no wider than maxW. */
    private List<String> wrap(String text, double maxW, TextMeasurer m) {
        return HeatmapOptions.present(text) ? m.wrap(text, maxW, 0.9 * f, false) : new ArrayList<>();
    }

    private record TextKey(String text, double size, boolean bold) {
    }

    private static TextMeasurer memo(TextMeasurer m) {
        Map<TextKey, Double> cache = new HashMap<>();
        return (text, size, bold) -> cache.computeIfAbsent(new TextKey(text, size, bold),
                k -> m.width(text, size, bold));
    }

    private Drawing paint() {
        HeatmapStyle st = opt.style();
        Drawing.Builder b = new Drawing.Builder();
        b.rect(0, 0, width, height, st.background());
        if (titleH > 0) {
            b.text(opt.title(), pad, pad + 0.9 * f, 1.3 * f, true, Mark.Anchor.START, false, st.text());
        }
        for (int i = 0; i < panels.size(); i++) {
            double[] o = panelOrigin(i);
            b.translate(o[0], o[1]);
            panels.get(i).draw(b);
            b.translate(-o[0], -o[1]);
        }
        double y = legendY;
        for (int i = 0; i < legends.size(); i++) {
            b.translate(legendX, y);
            if (legendsBelow) {
                legends.get(i).drawRow(b, barHeights[i]);
            } else {
                legends.get(i).draw(b, barHeights[i]);
            }
            b.translate(-legendX, -y);
            y += legendsBelow ? legends.get(i).rowHeight() + 0.6 * f : legends.get(i).height(barHeights[i]) + gap;
        }
        double lineH = 1.3 * 0.9 * f;
        for (int i = 0; i < captionLines.size(); i++) {
            b.text(captionLines.get(i), pad, captionY + (i + 0.5) * lineH, 0.9 * f, false, Mark.Anchor.START, false,
                    st.muted());
        }
        return b.build(width, height, st.background(), opt.fontFamily());
    }

    private double[] panelOrigin(int i) {
        return new double[] {colX[i % columns], rowY[i / columns]};
    }

    public double width() {
        return width;
    }

    public double height() {
        return height;
    }

    public Drawing drawing() {
        return drawing;
    }

    /** The side of a cell in pixels. */
    public double cellSize() {
        return cell;
    }

    public int columns() {
        return columns;
    }

    public int panelCount() {
        return panels.size();
    }

    /** True if token labels are drawn (small multiples drop them when cells get too small). */
    public boolean labelsShown() {
        return panels.get(0).labels;
    }

    /** True if every token label is drawn: none dropped, none thinned out to every n-th. */
    public boolean everyLabelShown() {
        PanelLayout p = panels.get(0);
        return p.labels && p.rowStep == 1 && p.colStep == 1;
    }

    /** True if the numbers are written in the cells. */
    public boolean valuesShown() {
        return panels.get(0).values;
    }

    /** True if the column labels are turned upright. */
    public boolean labelsRotated() {
        return panels.get(0).rotated;
    }

    /** True if the row sums are shown. */
    public boolean rowSumsShown() {
        return panels.get(0).rowSums;
    }

    /** The panel and cell under (x, y), if any. */
    public Optional<CellHit> hit(double x, double y) {
        for (int i = 0; i < panels.size(); i++) {
            double[] o = panelOrigin(i);
            PanelLayout p = panels.get(i);
            double lx = x - o[0];
            double ly = y - o[1];
            if (lx < 0 || ly < 0 || lx >= p.width || ly >= p.height) {
                continue;
            }
            int[] rc = p.cellAt(lx, ly);
            return Optional.of(rc == null ? new CellHit(i, -1, -1) : new CellHit(i, rc[0], rc[1]));
        }
        return Optional.empty();
    }

    /** The box (x, y, w, h) of a cell, or of the whole panel's cells when the hit is not on a cell. */
    public double[] bounds(CellHit hit) {
        PanelLayout p = panels.get(hit.panel());
        double[] o = panelOrigin(hit.panel());
        if (!hit.onCell()) {
            return new double[] {o[0] + p.plotX, o[1] + p.plotY, p.panel.data().cols() * cell,
                p.panel.data().rows() * cell};
        }
        return new double[] {o[0] + p.plotX + hit.col() * cell, o[1] + p.plotY + hit.row() * cell, cell, cell};
    }
}
