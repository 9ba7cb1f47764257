package org.attentionexplainer.render;

import java.util.ArrayList;
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
    /**
     * Small multiples in a room too small for their largest cells: their gutters and the figure's
     * margins, in text sizes (the pane around the figure has margins of its own).
     */
    static final double TIGHT_GAP = 0.25;
    static final double TIGHT_PAD = 0.3;

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
    /** Per legend: the bar's height beside the maps, or its length in a row below them or in the title's line. */
    private final double[] barHeights;
    /** Beside the maps, unless there they would make the cells smaller. */
    private final FigurePlan.LegendPlace legendPlace;
    private final double legendX;
    private final double legendY;
    private final List<String> captionLines;
    /** The caption at the right of the title's line instead of under the maps, which then get its lines. */
    private final boolean captionInTitle;
    private final double captionY;
    private final double width;
    private final double height;
    /** How far everything is moved right of where it was laid out ({@link Figure#layoutCentred}). */
    private final double ox;
    private final Drawing drawing;

    /**
     * @param everyRowLabelled row labels on every panel (different matrices), not only on the first column
     */
    FigureLayout(List<PanelLayout.Panel> specs, List<LegendLayout.Spec> legendSpecs, int fixedColumns,
                 boolean everyRowLabelled, HeatmapOptions opt, double maxWidth, double maxHeight,
                 TextMeasurer measurer, boolean centred) {
        this.opt = opt;
        this.f = opt.fontSize();
        this.gap = 1.5 * f;
        TextMeasurer m = memo(measurer);
        Map<List<String>, Double> widest = new IdentityHashMap<>();
        ToDoubleFunction<List<String>> labelWidth = labels -> widest.computeIfAbsent(labels,
                l -> PanelLayout.maxWidth(l, f, m));
        for (LegendLayout.Spec s : legendSpecs) {
            legends.add(new LegendLayout(s, opt, m));
        }
        boolean sharedAxes = !everyRowLabelled && specs.size() > 1 && legendSpecs.size() <= 1;
        double apart = sharedAxes ? SHARED_GAP * f : everyRowLabelled && legendSpecs.size() <= 1 ? f : gap;
        FigurePlan plan = FigurePlan.of(specs, fixedColumns, new CellFit(opt, apart, sharedAxes ? SHARED_GAP * f : gap,
                everyRowLabelled, labelWidth, m), 0.8 * f, legends, maxWidth, maxHeight, m);
        // small multiples in a pane too small for their largest cells (twelve heads on a projector) draw closer
        // together and nearer its edges when that makes the cells larger
        if (sharedAxes && Double.isFinite(maxWidth) && plan.fit().cell() < opt.maxCell()) {
            FigurePlan tight = FigurePlan.of(specs, fixedColumns, new CellFit(opt, TIGHT_GAP * f, TIGHT_GAP * f,
                    everyRowLabelled, labelWidth, m), TIGHT_PAD * f, legends, maxWidth, maxHeight, m);
            if (tight.fit().labels() && !plan.fit().labels()
                    || tight.fit().labels() == plan.fit().labels() && tight.fit().cell() > plan.fit().cell()) {
                plan = tight;
            }
        }
        pad = plan.pad();
        colGap = plan.sizing().colGap();
        rowGap = plan.sizing().rowGap();
        legendPlace = plan.place();
        titleH = FigurePlan.titleHeight(opt, legendPlace);
        panels.addAll(plan.panels());
        columns = plan.fit().columns();
        cell = plan.fit().cell();
        int n = specs.size();
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

        double titleW = titleH > 0 ? m.width(opt.title(), 1.3 * f, true) : 0;
        barHeights = new double[legends.size()];
        double legendBottom = gridTop;
        double legendRight = pad + gridW;
        captionInTitle = plan.captionInTitle();
        // the caption in the title's line, right of the title and left of a colour bar there
        double captionBeside = captionInTitle ? m.width(opt.caption(), 0.9 * f, false) + gap : 0;
        if (legendPlace == FigurePlan.LegendPlace.TITLE) {
            // level with the title, as far right as the maps reach (further only if the title leaves no room)
            LegendLayout l = legends.get(0);
            barHeights[0] = l.rowBar(gridW - titleW - gap - captionBeside);
            double rowW = l.rowWidth(barHeights[0]);
            legendRight = pad + Math.max(gridW, titleW + gap + captionBeside + rowW);
            legendX = legendRight - rowW;
            legendY = pad + 0.35 * f;
        } else if (legendPlace == FigurePlan.LegendPlace.BELOW) {
            legendX = pad;
            legendY = gridBottom + 0.8 * f;
            double y = legendY;
            for (int i = 0; i < legends.size(); i++) {
                LegendLayout l = legends.get(i);
                barHeights[i] = l.rowBar(gridW);
                legendRight = Math.max(legendRight, pad + l.rowWidth(barHeights[i]));
                y += l.rowHeight() + 0.6 * f;
            }
            legendBottom = y - 0.6 * f;
        } else {
            legendX = pad + gridW + gap;
            double plotTop = gridTop + panels.get(0).plotY;
            legendY = legends.isEmpty() ? gridTop : Math.max(gridTop, plotTop - legends.get(0).titleH);
            double fixed = (legends.size() - 1) * gap;
            double legendW = 0;
            for (LegendLayout l : legends) {
                fixed += l.titleH + l.swatchH;
                legendW = Math.max(legendW, l.width);
            }
            double span = gridBottom - legendY;
            double y = legendY;
            for (int i = 0; i < legends.size(); i++) {
                LegendLayout l = legends.get(i);
                barHeights[i] = Math.max(l.minBarHeight(), (span - fixed) / legends.size());
                y += l.height(barHeights[i]) + gap;
            }
            legendBottom = legends.isEmpty() ? gridTop : y - gap;
            legendRight += legends.isEmpty() ? 0 : gap + legendW;
        }
        double contentW = Math.max(legendRight, pad + titleW);
        double wrapW = Double.isFinite(maxWidth) ? maxWidth - 2 * pad : Math.max(contentW - pad, 30 * f);
        if (captionInTitle) {
            contentW = Math.max(contentW, pad + titleW + gap + m.width(opt.caption(), 0.9 * f, false));
        }
        captionLines = captionInTitle ? List.of() : FigurePlan.wrap(opt, wrapW, m);
        captionY = Math.max(gridBottom, legendBottom) + (captionLines.isEmpty() ? 0 : 0.6 * f);
        double captionW = 0;
        for (String line : captionLines) {
            captionW = Math.max(captionW, m.width(line, 0.9 * f, false));
        }
        double laidWidth = Math.ceil(Math.max(contentW, pad + captionW) + pad);
        // centred: everything moved right by half of what the figure leaves free of the room, whole pixels
        double free = centred && Double.isFinite(maxWidth) ? Math.floor((maxWidth - laidWidth) / 2) : 0;
        ox = free >= 1 ? free : 0;
        width = laidWidth + 2 * ox;
        height = Math.ceil(captionY + FigurePlan.captionHeight(captionLines.size(), f) + pad);
        drawing = paint();
    }

    private static TextMeasurer memo(TextMeasurer m) {
        return new LayoutMemo(m);
    }

    private Drawing paint() {
        HeatmapStyle st = opt.style();
        Drawing.Builder b = new Drawing.Builder();
        b.rect(0, 0, width, height, st.background());
        b.translate(ox, 0);
        if (titleH > 0) {
            b.text(opt.title(), pad, pad + 0.9 * f, 1.3 * f, true, Mark.Anchor.START, false, st.text());
        }
        if (captionInTitle) {
            double right = legendPlace == FigurePlan.LegendPlace.TITLE ? legendX - gap : width - 2 * ox - pad;
            b.text(opt.caption(), right, pad + 0.9 * f, 0.9 * f, false, Mark.Anchor.END, false, st.muted());
        }
        for (int i = 0; i < panels.size(); i++) {
            double[] o = {colX[i % columns], rowY[i / columns]};
            b.translate(o[0], o[1]);
            panels.get(i).draw(b);
            b.translate(-o[0], -o[1]);
        }
        double y = legendY;
        for (int i = 0; i < legends.size(); i++) {
            b.translate(legendX, y);
            if (legendPlace != FigurePlan.LegendPlace.BESIDE) {
                legends.get(i).drawRow(b, barHeights[i]);
            } else {
                legends.get(i).draw(b, barHeights[i]);
            }
            b.translate(-legendX, -y);
            y += legendPlace != FigurePlan.LegendPlace.BESIDE ? legends.get(i).rowHeight() + 0.6 * f
                    : legends.get(i).height(barHeights[i]) + gap;
        }
        double lineH = 1.3 * 0.9 * f;
        for (int i = 0; i < captionLines.size(); i++) {
            b.text(captionLines.get(i), pad, captionY + (i + 0.5) * lineH, 0.9 * f, false, Mark.Anchor.START, false,
                    st.muted());
        }
        return b.build(width, height, st.background(), opt.fontFamily());
    }

    /** Where panel i starts, in the drawing (moved with the figure when centred). */
    private double[] panelOrigin(int i) {
        return new double[] {ox + colX[i % columns], rowY[i / columns]};
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
