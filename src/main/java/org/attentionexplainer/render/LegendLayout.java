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
        double tickW = 0;
        for (double v : sampleTicks()) {
            tickW = Math.max(tickW, m.width(tickText(v, 8), f, false));
        }
        double w = barW + 0.5 * f + tickW;
        if (titleH > 0) {
            w = Math.max(w, m.width(title, f, true));
        }
        if (masked) {
            w = Math.max(w, 1.5 * f + m.width(maskedText(), f, false));
        }
        width = w;
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
