package org.attentionexplainer.render;

import java.util.Locale;

/**
 * How a figure is laid out and what it says. Texts come from the caller (already in the
 * reader's language); null or empty leaves that part out.
 *
 * @param fontFamily   family of every text
 * @param fontSize     base text size in pixels; titles and cell values scale from it
 * @param maxCell      the largest cell side in pixels (export: the cell size itself)
 * @param title        above the figure
 * @param caption      below it: the settings (heads, scale, temperature, mask, seed)
 * @param rowAxis      title of the rows, e.g. "query i"
 * @param colAxis      title of the columns, e.g. "key j"
 * @param legendTitle  above the colour bar, e.g. "weight"
 * @param maskedLabel  beside the hatched swatch, e.g. "masked (−∞)"
 * @param rowSumTitle  above the row sums, e.g. "Σ"
 * @param showValues   numbers in the cells where they fit
 * @param showRowSums  the sum of each row right of the map (where the numbers fit)
 * @param showLegend   the colour bar
 * @param showLabels   token labels on the axes
 * @param decimals     decimals of cell values and row sums
 * @param locale       for number formatting
 * @param style        the colours around the data
 */
public record HeatmapOptions(String fontFamily, double fontSize, double maxCell, String title, String caption,
                             String rowAxis, String colAxis, String legendTitle, String maskedLabel,
                             String rowSumTitle, boolean showValues, boolean showRowSums, boolean showLegend,
                             boolean showLabels, int decimals, Locale locale, HeatmapStyle style) {

    public HeatmapOptions {
        if (!(fontSize > 0) || !(maxCell > 0)) {
            throw new IllegalArgumentException("font size and cell size must be positive");
        }
    }

    /** English texts, light colours, 14 px text, cells of at most 48 px. */
    public static HeatmapOptions defaults() {
        return new HeatmapOptions("SansSerif", 14, 48, null, null, "query", "key", "weight", "masked", "Σ",
                true, false, true, true, 2, Locale.ENGLISH, HeatmapStyle.LIGHT);
    }

    public HeatmapOptions withFont(String family, double size) {
        return new HeatmapOptions(family, size, maxCell, title, caption, rowAxis, colAxis, legendTitle,
                maskedLabel, rowSumTitle, showValues, showRowSums, showLegend, showLabels, decimals, locale, style);
    }

    public HeatmapOptions withMaxCell(double v) {
        return new HeatmapOptions(fontFamily, fontSize, v, title, caption, rowAxis, colAxis, legendTitle,
                maskedLabel, rowSumTitle, showValues, showRowSums, showLegend, showLabels, decimals, locale, style);
    }

    public HeatmapOptions withTitle(String v) {
        return new HeatmapOptions(fontFamily, fontSize, maxCell, v, caption, rowAxis, colAxis, legendTitle,
                maskedLabel, rowSumTitle, showValues, showRowSums, showLegend, showLabels, decimals, locale, style);
    }

    public HeatmapOptions withCaption(String v) {
        return new HeatmapOptions(fontFamily, fontSize, maxCell, title, v, rowAxis, colAxis, legendTitle,
                maskedLabel, rowSumTitle, showValues, showRowSums, showLegend, showLabels, decimals, locale, style);
    }

    public HeatmapOptions withAxes(String rows, String cols) {
        return new HeatmapOptions(fontFamily, fontSize, maxCell, title, caption, rows, cols, legendTitle,
                maskedLabel, rowSumTitle, showValues, showRowSums, showLegend, showLabels, decimals, locale, style);
    }

    public HeatmapOptions withLegend(boolean show, String legend, String masked) {
        return new HeatmapOptions(fontFamily, fontSize, maxCell, title, caption, rowAxis, colAxis, legend,
                masked, rowSumTitle, showValues, showRowSums, show, showLabels, decimals, locale, style);
    }

    public HeatmapOptions withRowSums(boolean show, String header) {
        return new HeatmapOptions(fontFamily, fontSize, maxCell, title, caption, rowAxis, colAxis, legendTitle,
                maskedLabel, header, showValues, show, showLegend, showLabels, decimals, locale, style);
    }

    public HeatmapOptions withValues(boolean show, int digits) {
        return new HeatmapOptions(fontFamily, fontSize, maxCell, title, caption, rowAxis, colAxis, legendTitle,
                maskedLabel, rowSumTitle, show, showRowSums, showLegend, showLabels, digits, locale, style);
    }

    public HeatmapOptions withLabels(boolean show) {
        return new HeatmapOptions(fontFamily, fontSize, maxCell, title, caption, rowAxis, colAxis, legendTitle,
                maskedLabel, rowSumTitle, showValues, showRowSums, showLegend, show, decimals, locale, style);
    }

    public HeatmapOptions withLocale(Locale v) {
        return new HeatmapOptions(fontFamily, fontSize, maxCell, title, caption, rowAxis, colAxis, legendTitle,
                maskedLabel, rowSumTitle, showValues, showRowSums, showLegend, showLabels, decimals, v, style);
    }

    public HeatmapOptions withStyle(HeatmapStyle v) {
        return new HeatmapOptions(fontFamily, fontSize, maxCell, title, caption, rowAxis, colAxis, legendTitle,
                maskedLabel, rowSumTitle, showValues, showRowSums, showLegend, showLabels, decimals, locale, v);
    }

    static boolean present(String s) {
        return s != null && !s.isBlank();
    }
}
