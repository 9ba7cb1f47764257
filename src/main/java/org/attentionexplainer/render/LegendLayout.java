package org.attentionexplainer.render;

import java.util.List;
import org.attentionexplainer.i18n.NumberText;

/**
 * A colour bar: title, the gradient with the largest value on top, tick marks with their
 * values, and (when the maps have masked cells) a hatched swatch saying what it means.
 */
final class LegendLayout {
    final ColorScale scale;
    final String title;
    final boolean masked;
    final HeatmapOptions opt;
    final double f;
    final double barW;
    final double titleH;
    final double swatchH;
    final double width;
    /** Laid in a row below the maps: the title's width with its gap, and the masked swatch's with its text. */
    private final double rowTitleW;
    private final double rowSwatchW;
    private final double tickW;
    private final TextMeasurer m;

    /** What a legend shows: the scale, its title and whether to explain the hatching. */
    record Spec(ColorScale scale, String title, boolean masked) {
    }

    LegendLayout(Spec spec, HeatmapOptions opt, TextMeasurer m) {
        this.scale = spec.scale();
        this.title = spec.title();
        this.masked = spec.masked();
        this.opt = opt;
        this.m = m;
        this.f = opt.fontSize();
        barW = 1.1 * f;
        titleH = HeatmapOptions.present(title) ? 1.6 * f : 0;
        swatchH = masked ? 2.2 * f : 0;
        double widest = 0;
        for (double v : sampleTicks()) {
            widest = Math.max(widest, m.width(tickText(v, 8), f, false));
        }
        tickW = widest;
        double w = barW + 0.5 * f + tickW;
        if (titleH > 0) {
            w = Math.max(w, m.width(title, f, true));
        }
        if (masked) {
            w = Math.max(w, 1.5 * f + m.width(maskedText(), f, false));
        }
        width = w;
        rowTitleW = titleH > 0 ? m.width(title, f, true) + 0.8 * f : 0;
        rowSwatchW = masked ? 1.5 * f + 1.5 * f + m.width(maskedText(), f, false) : 0;
    }

    /** Height of the legend laid in a row below the maps: the bar, its tick marks and their values. */
    double rowHeight() {
        return 1.1 * f + 0.3 * f + 1.3 * f;
    }

    /** Width of the legend laid in a row with a bar {@code barL} long (half a tick value may hang past its end). */
    double rowWidth(double barL) {
        return rowTitleW + barL + Math.max(0.5 * tickW, rowSwatchW);
    }

    /** The bar's length in a row {@code room} wide: long enough for its ticks, never longer than needed. */
    double rowBar(double room) {
        return Math.max(3 * (tickW + f), Math.min(18 * f, room - rowTitleW - Math.max(0.5 * tickW, rowSwatchW)));
    }

    /** The tallest tick set, to reserve room for the widest label. */
    private List<Double> sampleTicks() {
        List<Double> t = scale.ticks(8);
        t.add(scale.min());
        t.add(scale.max());
        return t;
    }

    private String tickText(double v, int count) {
        return NumberText.format(v, scale.tickDecimals(count), opt.locale());
    }

    private String maskedText() {
        return HeatmapOptions.present(opt.maskedLabel()) ? opt.maskedLabel() : "";
    }

    /** The smallest sensible bar. */
    double minBarHeight() {
        return 6 * f;
    }

    /** Height of the whole legend for a bar of {@code barH}. */
    double height(double barH) {
        return titleH + barH + swatchH;
    }

    /** How many ticks fit on a bar of this height. */
    int tickCount(double barH) {
        return (int) Math.max(2, Math.min(8, Math.floor(barH / (2.2 * f)) + 1));
    }

    /**
     * Paints the legend in a row with its top left at the builder's origin: the title, the bar from
     * the low to the high end with its values under it, then the masked swatch.
     */
    void drawRow(Drawing.Builder b, double barL) {
        HeatmapStyle st = opt.style();
        double barH = 1.1 * f;
        if (titleH > 0) {
            b.text(title, 0, barH / 2, f, true, Mark.Anchor.START, false, st.text());
        }
        double x0 = rowTitleW;
        b.raster(x0, 0, barL, barH, ColorMap.SIZE, 1, scale.map().leftToRight());
        b.outline(x0, 0, barL, barH, st.muted(), 1);
        int count = (int) Math.max(2, Math.min(8, Math.floor(barL / (tickW + f)) + 1));
        for (double v : scale.ticks(count)) {
            double x = x0 + barL * scale.position(v);
            b.line(x, barH, x, barH + 0.3 * f, st.muted(), 1);
            b.text(tickText(v, count), x, barH + 0.3 * f + 0.65 * f, f, false, Mark.Anchor.MIDDLE, false, st.text());
        }
        if (masked) {
            double x = x0 + barL + 1.5 * f;
            b.rect(x, 0, barH, barH, st.maskFill());
            b.hatch(new double[] {x, 0, barH, barH}, st.hatch(), Math.max(4, 0.4 * f), Math.max(1, f / 14));
            b.outline(x, 0, barH, barH, st.muted(), 1);
            b.text(maskedText(), x + 1.5 * f, barH / 2, f, false, Mark.Anchor.START, false, st.text());
        }
    }

    /** Paints the legend with its top left at the builder's origin. */
    void draw(Drawing.Builder b, double barH) {
        HeatmapStyle st = opt.style();
        if (titleH > 0) {
            b.text(title, 0, 0.75 * f, f, true, Mark.Anchor.START, false, st.text());
        }
        double y0 = titleH;
        b.raster(0, y0, barW, barH, 1, ColorMap.SIZE, scale.map().topDown());
        b.outline(0, y0, barW, barH, st.muted(), 1);
        int count = tickCount(barH);
        for (double v : scale.ticks(count)) {
            double y = y0 + barH * (1 - scale.position(v));
            b.line(barW, y, barW + 0.3 * f, y, st.muted(), 1);
            b.text(tickText(v, count), barW + 0.5 * f, y, f, false, Mark.Anchor.START, false, st.text());
        }
        if (masked) {
            double y = y0 + barH + 0.8 * f;
            double s = 1.1 * f;
            b.rect(0, y, s, s, st.maskFill());
            b.hatch(new double[] {0, y, s, s}, st.hatch(), Math.max(4, 0.4 * f), Math.max(1, f / 14));
            b.outline(0, y, s, s, st.muted(), 1);
            b.text(maskedText(), 1.5 * f, y + s / 2, f, false, Mark.Anchor.START, false, st.text());
        }
    }
}
