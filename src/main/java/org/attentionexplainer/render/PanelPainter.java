package org.attentionexplainer.render;

import org.attentionexplainer.i18n.NumberText;

/**
 * Paints a {@link PanelLayout}: the title, the axis titles and token labels where the layout put
 * them, the cells (masked ones hatched), the lines between them, the numbers in the cells and
 * the row sums.
 */
final class PanelPainter {
    private final PanelLayout geo;
    private final PanelLayout.Panel panel;
    private final HeatmapOptions opt;
    private final double f;
    private final double cell;
    private final double plotX;
    private final double plotY;

    PanelPainter(PanelLayout geo) {
        this.geo = geo;
        this.panel = geo.panel;
        this.opt = geo.opt;
        this.f = geo.f;
        this.cell = geo.cell;
        this.plotX = geo.plotX;
        this.plotY = geo.plotY;
    }

    /** What cell i shows: its value, "−∞" for a masked logit, nothing for a masked weight. */
    private String cellText(HeatmapData d, int i) {
        float v = d.value(i);
        if (d.isMasked(i) && Float.isFinite(v)) {
            return "";
        }
        return NumberText.format(v, opt.decimals(), opt.locale());
    }

    /** Paints the panel with its top left at the builder's origin. */
    void draw(Drawing.Builder b) {
        HeatmapData d = panel.data();
        HeatmapStyle st = opt.style();
        for (int i = 0; i < geo.title.size(); i++) {
            b.text(geo.title.get(i), plotX, (0.75 + 1.25 * i) * f, f, true, Mark.Anchor.START, false, st.text());
        }
        drawLabels(b, d, st);
        int rows = d.rows();
        int cols = d.cols();
        double w = cols * cell;
        double h = rows * cell;
        if (panel.hasHidden()) {
            b.rect(plotX, plotY, w, h, st.maskFill());
        }
        b.raster(plotX, plotY, w, h, cols, rows, panel.cells());
        int[] runs = panel.maskedRuns();
        if (runs.length > 0) {
            double[] boxes = new double[runs.length / 3 * 4];
            for (int i = 0, k = 0; i < runs.length; i += 3, k += 4) {
                boxes[k] = plotX + runs[i + 1] * cell;
                boxes[k + 1] = plotY + runs[i] * cell;
                boxes[k + 2] = (runs[i + 2] - runs[i + 1]) * cell;
                boxes[k + 3] = cell;
            }
            b.hatch(boxes, st.hatch(), Math.max(5, 0.45 * f), Math.max(1, f / 14));
        }
        // a plain table's white cells need visible lines, and so do a diverging map's pale cells
        // around 0; other coloured cells are told apart by colour
        boolean ruled = panel.plain() || panel.scale().map().diverging();
        int lines = panel.plain() ? st.maskFill() : ruled ? st.muted() : st.grid();
        if (cell >= PanelLayout.GRID_LINES_FROM) {
            for (int r = 1; r < rows; r++) {
                b.line(plotX, plotY + r * cell, plotX + w, plotY + r * cell, lines, 1);
            }
            for (int c = 1; c < cols; c++) {
                b.line(plotX + c * cell, plotY, plotX + c * cell, plotY + h, lines, 1);
            }
        }
        if (ruled) {
            b.outline(plotX, plotY, w, h, lines, 1);
        }
        if (panel.outlinedRow() >= 0) {
            b.outline(plotX, plotY + panel.outlinedRow() * cell, w, cell, st.text(), Math.max(2, f / 8));
        }
        if (geo.values) {
            drawValues(b, d, st);
        }
        if (geo.rowSums) {
            drawRowSums(b, d, st);
        }
    }

    private void drawLabels(Drawing.Builder b, HeatmapData d, HeatmapStyle st) {
        if (!geo.labels) {
            return;
        }
        double w = d.cols() * cell;
        double h = d.rows() * cell;
        if (geo.colAxisH > 0) {
            b.text(opt.colAxis() + " →", plotX + w / 2, geo.titleH + 0.7 * f, 0.9 * f, false, Mark.Anchor.MIDDLE,
                    false, st.muted());
        }
        if (geo.rowAxisW > 0) {
            b.text(opt.rowAxis() + " →", 0.7 * f, plotY + h / 2, 0.9 * f, false, Mark.Anchor.MIDDLE, true,
                    st.muted());
        }
        for (int c = 0; geo.colLabels && c < d.cols(); c += geo.colStep) {
            double x = plotX + (c + 0.5) * cell;
            String s = PanelLayout.shorten(d.colLabels().get(c));
            if (geo.rotated) {
                b.text(s, x, plotY - 0.3 * geo.labelSize, geo.labelSize, false, Mark.Anchor.START, true, st.text());
            } else {
                b.text(s, x, plotY - 0.7 * f, geo.labelSize, false, Mark.Anchor.MIDDLE, false, st.text());
            }
        }
        for (int r = 0; geo.rowLabels && r < d.rows(); r += geo.rowStep) {
            b.text(PanelLayout.shorten(d.rowLabels().get(r)), plotX - 0.35 * geo.labelSize, plotY + (r + 0.5) * cell,
                    geo.labelSize, false, Mark.Anchor.END, false, st.text());
        }
    }

    private void drawValues(Drawing.Builder b, HeatmapData d, HeatmapStyle st) {
        for (int r = 0; r < d.rows(); r++) {
            for (int c = 0; c < d.cols(); c++) {
                int i = r * d.cols() + c;
                String s = cellText(d, i);
                if (s.isEmpty()) {
                    continue;
                }
                boolean onMask = d.isMasked(i) || !Float.isFinite(d.value(i));
                int colour = onMask || panel.plain() ? st.text() : contrastingText(panel.scale().argb(d.value(i)));
                b.text(s, plotX + (c + 0.5) * cell, plotY + (r + 0.5) * cell, geo.valueSize, onMask,
                        Mark.Anchor.MIDDLE, false, colour);
            }
        }
    }

    private void drawRowSums(Drawing.Builder b, HeatmapData d, HeatmapStyle st) {
        double x = plotX + d.cols() * cell + geo.rowSumW;
        b.text(PanelLayout.text(opt.rowSumTitle()), x, plotY - 0.7 * f, f, true, Mark.Anchor.END, false, st.muted());
        double[] sums = d.rowSums();
        for (int r = 0; r < sums.length; r++) {
            b.text(geo.rowSumText(sums[r]), x, plotY + (r + 0.5) * cell, geo.valueSize, false, Mark.Anchor.END, false,
                    st.muted());
        }
    }

    /** Black or white, whichever reads better on {@code argb} (WCAG relative luminance). */
    static int contrastingText(int argb) {
        double l = 0.2126 * linear((argb >> 16) & 0xff) + 0.7152 * linear((argb >> 8) & 0xff)
                + 0.0722 * linear(argb & 0xff);
        return l > 0.179 ? 0xff000000 : 0xffffffff;
    }

    private static double linear(int channel) {
        double c = channel / 255.0;
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }
}
