package org.attentionexplainer.render;

import java.util.ArrayList;
import java.util.List;

/**
 * How a figure shares its room before {@link FigureLayout} places it: with the gutters and margins
 * of one sizing, the cells and panels, where the colour bars go, and whether the caption has a line of
 * its own. Beside the maps the bars and under them the caption take nothing from the cells in a pane
 * that has the room; in one that has not, each goes where the cells grow most.
 *
 * @param sizing         the gutters between the panels, and the cell size the room gives with them
 * @param pad            the margin around the figure
 * @param place          where the colour bars go
 * @param captionInTitle the caption at the right of the title's line instead of under the maps
 */
record FigurePlan(CellFit sizing, double pad, CellFit.Fit fit, List<PanelLayout> panels, LegendPlace place,
                  boolean captionInTitle) {
    /** The title's line with the colour bar in it, the bar level with the title and its values under it. */
    static final double TITLE_WITH_LEGEND = 3.05;

    /** Where the colour bars go: beside the maps, in a row below them, or in the title's line. */
    enum LegendPlace { BESIDE, BELOW, TITLE }

    /**
     * The cells, columns and panels with the gutters of {@code sizing} and margins of {@code pad}, and where
     * the legends go: beside the maps, or, in a pane too narrow for the maps at their largest, in the
     * title's line or below the maps, whichever gives the larger cells.
     */
    static FigurePlan of(List<PanelLayout.Panel> specs, int fixedColumns, CellFit sizing, double pad,
                         List<LegendLayout> legends, double maxWidth, double maxHeight, TextMeasurer m) {
        HeatmapOptions opt = sizing.options();
        double f = opt.fontSize();
        double gap = 1.5 * f;
        double legendW = 0;
        for (LegendLayout l : legends) {
            legendW = Math.max(legendW, l.width);
        }
        double w = maxWidth - 2 * pad;
        int captionLines = wrap(opt, Double.isFinite(maxWidth) ? w : Double.POSITIVE_INFINITY, m).size();
        // the caption with the gap above it
        double captionH = captionHeight(captionLines, f) + (captionLines > 0 ? 0.6 * f : 0);
        double h = maxHeight - 2 * pad - captionH;
        double gridW = w - (legends.isEmpty() ? 0 : gap + legendW);
        double gridH = h - titleHeight(opt, LegendPlace.BESIDE);
        double titleW = HeatmapOptions.present(opt.title()) ? m.width(opt.title(), 1.3 * f, true) : 0;
        // a one-line caption that the title's line holds beside the title gives the maps its room
        double captionW = captionLines == 1 && titleW > 0 && Double.isFinite(maxWidth)
                ? gap + m.width(opt.caption(), 0.9 * f, false) : Double.POSITIVE_INFINITY;
        LegendPlace place = LegendPlace.BESIDE;
        Choice best = Choice.of(sizing, specs, fixedColumns, gridW, gridH, captionH, titleW + captionW <= w);
        if (!legends.isEmpty() && Double.isFinite(maxWidth) && best.fit().cell() < opt.maxCell()) {
            double barRow = titleW + gap + legends.get(0).rowWidth(legends.get(0).rowBar(0));
            if (legends.size() == 1 && titleW > 0 && barRow <= w) {
                // the caption too, between the title and the bar, where the line holds all three
                Choice inTitle = Choice.of(sizing, specs, fixedColumns, w, h - titleHeight(opt, LegendPlace.TITLE),
                        captionH, barRow + captionW <= w);
                if (inTitle.beats(best)) {
                    best = inTitle;
                    place = LegendPlace.TITLE;
                }
            }
            // below the maps the legend needs less of a gap: nothing is written under the last row of cells
            double rowsH = 0.8 * f - 0.6 * f;
            for (LegendLayout l : legends) {
                rowsH += 0.6 * f + l.rowHeight();
            }
            Choice under = Choice.of(sizing, specs, fixedColumns, w, h - titleHeight(opt, LegendPlace.BELOW) - rowsH,
                    captionH, titleW + captionW <= w);
            if (under.beats(best)) {
                best = under;
                place = LegendPlace.BELOW;
            }
        }
        // panel titles that need more lines get them in every panel, so that the maps line up; the
        // lines taken make the cells smaller, so the panels narrower: wrap again (titles break at
        // words, and are only shortened when even the most lines do not hold them)
        int titleLines = 1;
        CellFit.Fit fit = best.fit();
        List<PanelLayout> made = sizing.make(specs, fit, titleLines);
        for (int round = 0; round < PanelLayout.MAX_TITLE_LINES; round++) {
            int needed = made.stream().mapToInt(p -> p.titleLinesNeeded).max().orElse(1);
            if (needed <= titleLines) {
                break;
            }
            titleLines = needed;
            fit = sizing.best(specs, fixedColumns, best.gridW(), best.gridH(), titleLines);
            made = sizing.make(specs, fit, titleLines);
        }
        return new FigurePlan(sizing, pad, fit, made, place, best.captionInTitle());
    }

    /**
     * The cells of a grid with the caption under it, or (where the title's line holds it) beside the title
     * if that makes them larger: the caption's line goes to the maps only where they need the height.
     */
    private record Choice(CellFit.Fit fit, double gridW, double gridH, boolean captionInTitle) {
        static Choice of(CellFit sizing, List<PanelLayout.Panel> specs, int fixedColumns, double gridW, double gridH,
                         double captionH, boolean captionFits) {
            CellFit.Fit under = sizing.best(specs, fixedColumns, gridW, gridH, 1);
            if (captionFits && captionH > 0 && under.cell() < sizing.options().maxCell()) {
                CellFit.Fit up = sizing.best(specs, fixedColumns, gridW, gridH + captionH, 1);
                Choice moved = new Choice(up, gridW, gridH + captionH, true);
                Choice kept = new Choice(under, gridW, gridH, false);
                return moved.beats(kept) ? moved : kept;
            }
            return new Choice(under, gridW, gridH, false);
        }

        /** Labelled maps beat larger cells without their tokens, as in {@link CellFit#best}; else larger cells. */
        boolean beats(Choice other) {
            return fit.labels() && !other.fit.labels()
                    || fit.labels() == other.fit.labels() && fit.cell() > other.fit.cell();
        }
    }

    /** The title's band: its line, taller with the colour bar in it; none without a title. */
    static double titleHeight(HeatmapOptions opt, LegendPlace place) {
        if (!HeatmapOptions.present(opt.title())) {
            return 0;
        }
        return (place == LegendPlace.TITLE ? TITLE_WITH_LEGEND : 2.2) * opt.fontSize();
    }

    /** The height of a caption of {@code lines} lines, with the gap under it. */
    static double captionHeight(int lines, double f) {
        return lines == 0 ? 0 : lines * 1.3 * 0.9 * f + 0.6 * f;
    }

    /** The caption word-wrapped to lines no wider than maxW. */
    static List<String> wrap(HeatmapOptions opt, double maxW, TextMeasurer m) {
        return HeatmapOptions.present(opt.caption()) ? m.wrap(opt.caption(), maxW, 0.9 * opt.fontSize(), false)
                : new ArrayList<>();
    }
}
