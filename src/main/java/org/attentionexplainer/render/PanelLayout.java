package org.attentionexplainer.render;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.attentionexplainer.i18n.NumberText;

/**
 * The geometry of one heatmap panel at a given cell size, relative to the panel's top left:
 * panel title, axis titles, token labels (turned upright when they are wider than a cell,
 * thinned when cells are smaller than the text), the cells, the row sums. {@link PanelPainter}
 * paints it.
 */
final class PanelLayout {
    /** Labels longer than this are shortened with an ellipsis. */
    static final int MAX_LABEL_CHARS = 18;
    /** Cells at least this big get lines between them. */
    static final double GRID_LINES_FROM = 12;
    /** The cells of a plain table. */
    static final int PLAIN_FILL = 0xffffffff;
    /** A panel title wraps onto at most this many lines. */
    static final int MAX_TITLE_LINES = 4;
    /**
     * Token labels get smaller with cells shorter than a line of text, down to this share of the text
     * size, before every other one is left out: a projected grid keeps all its tokens.
     */
    static final double MIN_LABEL_SCALE = 2.0 / 3;
    /**
     * Larger type (presenting's 1.5 times a desk's, or zoom) lets its labels go further, down to half
     * its size but not under {@link #MIN_LABEL_PX}: a grid of twelve heads of twelve tokens on a
     * 1024 x 768 projector keeps every token at the size a desk's labels have, rather than every other one.
     */
    static final double MIN_LABEL_SHARE_LARGE = 0.5;
    static final double MIN_LABEL_PX = 10;
    /** A line of labels, in text sizes: labels this far apart never overlap. */
    private static final double LINE = 1.1;

    final Panel panel;
    final HeatmapOptions opt;
    final double f;
    final double cell;
    final boolean labels;
    /** The token labels' text size: the figure's, or less where the cells are shorter than a line. */
    final double labelSize;
    final boolean rowLabels;
    /** The column labels too (small multiples give them to the first row only). */
    final boolean colLabels;
    /** The title's lines as drawn (wrapped, the last shortened with an ellipsis if need be). */
    final List<String> title;
    /** How many lines the whole title needs at this width, up to {@link #MAX_TITLE_LINES}. */
    final int titleLinesNeeded;
    final double titleH;
    final double rowAxisW;
    final double rowLabelW;
    final double colAxisH;
    final double colBandH;
    final boolean rotated;
    final int rowStep;
    final int colStep;
    final boolean values;
    final double valueSize;
    final boolean rowSums;
    final double rowSumW;
    final double plotX;
    final double plotY;
    final double width;
    final double height;

    /**
     * What a panel shows: a map, its colour scale and its title (or null), with everything
     * that depends on the values alone, worked out once when the figure is made (possibly
     * off the UI thread), so that sizing and painting never walk every cell: the colour of
     * each cell (alpha 0 where masked or not finite: the mask fill shows through), the
     * masked runs of each row (row, first column, end column), the largest |value|, whether
     * any value is negative or not finite (what the widest cell text depends on). A null
     * scale makes a plain table: white cells, outlined, with their numbers. The colours of a
     * map of more than {@link #COLOURED_AT_ONCE} cells are made when asked for (see {@link Cells}).
     */
    record Panel(HeatmapData data, ColorScale scale, String title, boolean sums, Cells cells, int[] maskedRuns,
                 double maxAbs, boolean negative, boolean nonFinite, int outlinedRow) {
        /**
         * Maps of up to this many cells are coloured with the figure; larger ones (a long input's,
         * 262 144 cells at 512 tokens) when a painter asks, cell by cell for the screen's pixels.
         */
        static final int COLOURED_AT_ONCE = 1 << 16;

        static Panel of(HeatmapData data, ColorScale scale, String title) {
            return of(data, scale, title, true);
        }

        /** @param sums false where row sums say nothing (a difference's rows sum to 0) */
        static Panel of(HeatmapData data, ColorScale scale, String title, boolean sums) {
            boolean negative = false;
            boolean nonFinite = false;
            java.nio.FloatBuffer v = data.buffer();
            int count = data.size();
            float largest = 0;
            for (int i = 0; i < count; i++) {
                float x = v.get(i);
                // branches that almost never go the other way: a long input's million cells cost little
                if (!(Math.abs(x) <= largest)) {
                    if (Float.isFinite(x)) {
                        largest = Math.abs(x);
                    } else {
                        nonFinite = true;
                    }
                }
                if (x < 0 && x != Float.NEGATIVE_INFINITY) {
                    negative = true;
                }
            }
            boolean[] masked = data.hasMasked() ? data.masked() : null;
            Cells cells = Cells.lazy(count, (chosen, into) -> colours(v, masked, scale, chosen, into),
                    () -> colours(v, masked, scale, null, new int[count]));
            if (count <= COLOURED_AT_ONCE) {
                cells.all();
            }
            return new Panel(data, scale, title, sums, cells, runs(data), largest, negative, nonFinite, -1);
        }

        /**
         * The colours of the cells {@code chosen} (all when null) into {@code into}: alpha 0 where
         * masked or not finite, white in a plain table.
         */
        private static int[] colours(java.nio.FloatBuffer v, boolean[] masked, ColorScale scale, int[] chosen,
                                     int[] into) {
            int n = chosen == null ? v.limit() : chosen.length;
            if (scale == null) {
                java.util.Arrays.fill(into, 0, n, PLAIN_FILL);
            } else {
                scale.argb(v, chosen, into, n);
            }
            for (int k = 0; k < n; k++) {
                int i = chosen == null ? k : chosen[k];
                if (!Float.isFinite(v.get(i)) || masked != null && masked[i]) {
                    into[k] = 0;
                }
            }
            return into;
        }

        /** The same panel with row {@code row} outlined (the query a lesson follows); -1 for none. */
        Panel outlining(int row) {
            if (row < -1 || row >= data.rows()) {
                throw new IllegalArgumentException("row " + row + " of " + data.rows());
            }
            return new Panel(data, scale, title, sums, cells, maskedRuns, maxAbs, negative, nonFinite, row);
        }

        private static int[] runs(HeatmapData d) {
            if (!d.hasMasked()) {
                return new int[0];
            }
            List<Integer> runs = new ArrayList<>();
            int cols = d.cols();
            for (int r = 0; r < d.rows(); r++) {
                int c = 0;
                while (c < cols) {
                    if (!d.isMasked(r, c)) {
                        c++;
                        continue;
                    }
                    int start = c;
                    while (c < cols && d.isMasked(r, c)) {
                        c++;
                    }
                    runs.add(r);
                    runs.add(start);
                    runs.add(c);
                }
            }
            return runs.stream().mapToInt(Integer::intValue).toArray();
        }

        /** A table without colours: numbers on white. */
        boolean plain() {
            return scale == null;
        }

        /** True if some cells show the mask fill (masked, or a value that is not finite). */
        boolean hasHidden() {
            return maskedRuns.length > 0 || nonFinite;
        }
    }

    /**
     * @param m          measures text
     * @param labelWidth the width of the widest of a list of labels (the caller may remember it)
     * @param labels     token labels on the axes
     * @param rowLabels  the row labels too (small multiples give them to the first column only)
     * @param colLabels  the column labels too (small multiples give them to the first row only)
     * @param rowAxis    the rows' axis title beside the row labels: a row of maps names its rows once, at its left
     * @param titleLines the lines kept for the title, the same in every panel so that the maps line up
     * @param titleSpill how far past the panel's right edge its title may run without reaching the next one's
     */
    PanelLayout(Panel panel, HeatmapOptions opt, TextMeasurer m, ToDoubleFunction<List<String>> labelWidth,
                double cell, boolean labels, boolean rowLabels, boolean colLabels, boolean rowAxis, int titleLines,
                double titleSpill) {
        this(panel, opt, m, labelWidth, cell, labels, rowLabels, colLabels, rowAxis, titleLines, titleSpill, true);
    }

    /**
     * @param lines false when only the panel's size is wanted (the solver for the cell size tries many):
     *              the title's lines and whether numbers fit the cells are then not worked out ({@link #title}
     *              empty, {@link #titleLinesNeeded} 1, {@link #values} false); the size is the same, as the
     *              title's height comes from {@code titleLines} and numbers take no room of their own
     */
    PanelLayout(Panel panel, HeatmapOptions opt, TextMeasurer m, ToDoubleFunction<List<String>> labelWidth,
                double cell, boolean labels, boolean rowLabels, boolean colLabels, boolean rowAxis, int titleLines,
                double titleSpill, boolean lines) {
        this.panel = panel;
        this.opt = opt;
        this.f = opt.fontSize();
        this.cell = cell;
        this.labels = labels;
        this.rowLabels = labels && rowLabels;
        this.colLabels = labels && colLabels;
        HeatmapData d = panel.data();
        titleH = HeatmapOptions.present(panel.title()) ? (0.35 + 1.25 * titleLines) * f : 0;
        labelSize = Math.min(f, Math.max(smallestLabel(f), cell / LINE));
        // widths measured at the figure's text size, scaled: text widths grow in proportion to the size
        double shrink = labelSize / f;
        double colLabelW = labels ? shrink * labelWidth.applyAsDouble(d.colLabels()) : 0;
        rotated = labels && colLabelW + 0.4 * f > cell;
        colAxisH = this.colLabels && HeatmapOptions.present(opt.colAxis()) ? 1.4 * f : 0;
        // labels set smaller than the text keep a gap to their cells that is smaller in proportion
        colBandH = this.colLabels ? (rotated ? colLabelW + 0.5 * labelSize : 1.4 * f) : 0;
        rowAxisW = this.rowLabels && rowAxis && HeatmapOptions.present(opt.rowAxis()) ? 1.4 * f : 0;
        rowLabelW = this.rowLabels ? shrink * labelWidth.applyAsDouble(d.rowLabels()) + 0.5 * labelSize : 0;
        rowStep = step(this.rowLabels, cell);
        colStep = rotated ? step(true, cell) : 1;
        valueSize = Math.max(8, 0.8 * f);
        // whether numbers fit the cells does not change the panel's size: only a panel to draw asks
        values = lines && opt.showValues() && cell >= 1.4 * valueSize && cell >= widestValue(m) + 0.3 * f;
        rowSums = opt.showRowSums() && panel.sums() && cell >= 1.2 * valueSize;
        rowSumW = rowSums ? 0.6 * f + Math.max(m.width(rowSumText(9.999), valueSize, false),
                m.width(text(opt.rowSumTitle()), f, true)) : 0;
        double headH = Math.max(colAxisH + colBandH, rowSums ? 1.4 * f : 0);
        plotX = rowAxisW + rowLabelW;
        plotY = titleH + headH;
        width = plotX + d.cols() * cell + rowSumW;
        height = plotY + d.rows() * cell;
        double titleW = Math.max(0, width - plotX + titleSpill);
        List<String> wrapped = lines && titleH > 0 ? wrap(shortTitle(panel.title(), titleW, m), titleW, m)
                : List.of();
        titleLinesNeeded = Math.max(1, Math.min(MAX_TITLE_LINES, wrapped.size()));
        title = keep(wrapped, titleLines, titleW, m);
    }

    /**
     * The title, or its last word ("Head 3" gives "3") when one of its words is wider than the room:
     * small multiples' titles differ in their last word, and a word cut to "…" tells no map from the next.
     */
    private String shortTitle(String text, double maxW, TextMeasurer m) {
        String[] words = TextMeasurer.words(text.trim());
        for (String word : words) {
            if (m.width(word, f, true) > maxW) {
                return words[words.length - 1];
            }
        }
        return text;
    }

    /** The title's words on lines no wider than maxW (a word wider than that on a line of its own). */
    private List<String> wrap(String text, double maxW, TextMeasurer m) {
        return m.wrap(text, maxW, f, true);
    }

    /** The first {@code n} lines, the last holding the rest of the title, shortened to fit. */
    private List<String> keep(List<String> lines, int n, double maxW, TextMeasurer m) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < lines.size() && i < n; i++) {
            String line = i == n - 1 ? String.join(" ", lines.subList(i, lines.size())) : lines.get(i);
            out.add(fit(line, maxW, m));
        }
        return out;
    }

    /** The text, shortened with an ellipsis to fit maxW when it is wider. */
    private String fit(String text, double maxW, TextMeasurer m) {
        if (m.width(text, f, true) <= maxW) {
            return text;
        }
        int n = text.length();
        while (n > 1 && m.width(text.substring(0, n) + "…", f, true) > maxW) {
            n--;
        }
        return text.substring(0, n) + "…";
    }

    /** The smallest size a token label takes before labels are thinned, for text of size {@code f}. */
    static double smallestLabel(double f) {
        return Math.min(MIN_LABEL_SCALE * f, Math.max(MIN_LABEL_SHARE_LARGE * f, MIN_LABEL_PX));
    }

    /** Every n-th label so that labels never overlap; 0 for none. */
    private double stepFor(double size) {
        return Math.max(1, Math.ceil(LINE * labelSize / size - 1e-9));
    }

    private int step(boolean on, double size) {
        return on ? (int) stepFor(size) : 0;
    }

    /** Width and height besides the cells: the solver for the cell size needs them. */
    double fixedWidth() {
        return width - panel.data().cols() * cell;
    }

    double fixedHeight() {
        return plotY;
    }

    /** The width of the widest label of the list, as drawn (shortened) at {@code size}. */
    static double maxWidth(List<String> labels, double size, TextMeasurer m) {
        double w = 0;
        for (String s : labels) {
            w = Math.max(w, m.width(shorten(s), size, false));
        }
        return w;
    }

    /**
     * The widest cell text. With fixed decimals the widest number is the one with the most
     * integer digits, with a minus sign if any value is negative: three candidates are
     * measured, not every cell.
     */
    private double widestValue(TextMeasurer m) {
        if (!opt.showValues() || panel.data().size() == 0) {
            return 0;
        }
        double w = m.width(LayoutMemo.number(m, panel.maxAbs(), opt.decimals(), opt.locale()), valueSize, false);
        if (panel.negative()) {
            w = Math.max(w, m.width(LayoutMemo.number(m, -panel.maxAbs(), opt.decimals(), opt.locale()), valueSize,
                    false));
        }
        if (panel.nonFinite()) {
            w = Math.max(w, m.width(NumberText.NEGATIVE_INFINITY, valueSize, true));
        }
        return w;
    }

    static String shorten(String label) {
        String s = label.replace('\n', ' ').replace('\t', ' ');
        if (s.codePointCount(0, s.length()) <= MAX_LABEL_CHARS) {
            return s;
        }
        return s.substring(0, s.offsetByCodePoints(0, MAX_LABEL_CHARS - 1)) + "…";
    }

    static String text(String s) {
        return s == null ? "" : s;
    }

    String rowSumText(double v) {
        return NumberText.format(v, opt.decimals(), opt.locale());
    }

    /** Paints the panel with its top left at the builder's origin. */
    void draw(Drawing.Builder b) {
        new PanelPainter(this).draw(b);
    }

    /** The cell under (x, y) in panel coordinates, as {row, col}, or null. */
    int[] cellAt(double x, double y) {
        double cx = (x - plotX) / cell;
        double cy = (y - plotY) / cell;
        if (cx < 0 || cy < 0 || cx >= panel.data().cols() || cy >= panel.data().rows()) {
            return null;
        }
        return new int[] {(int) cy, (int) cx};
    }
}
