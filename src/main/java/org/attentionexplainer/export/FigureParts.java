package org.attentionexplainer.export;

import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.HeatmapOptions;
import org.attentionexplainer.render.HeatmapStyle;

/** Which parts around the map a picture has; each can be switched off. */
public record FigureParts(boolean title, boolean labels, boolean legend, boolean caption) {
    public static final FigureParts ALL = new FigureParts(true, true, true, true);

    /** {@code figure} as it is exported: on the light style of print, without the parts switched off. */
    public Figure applyTo(Figure figure) {
        HeatmapOptions o = figure.options().withStyle(HeatmapStyle.LIGHT).withLabels(labels);
        if (!title) {
            o = o.withTitle(null);
        }
        if (!caption) {
            o = o.withCaption(null);
        }
        return figure.withOptions(o.withLegend(legend, o.legendTitle(), o.maskedLabel()));
    }
}
