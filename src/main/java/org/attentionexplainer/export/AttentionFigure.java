package org.attentionexplainer.export;

import org.attentionexplainer.render.Figure;

/**
 * An attention figure as a screen lays it out (cells up to the figure's largest, as the pane
 * allows) and the cell size it is exported at.
 *
 * @param figure     what the screen draws
 * @param exportCell the cell side of an exported picture, in layout pixels
 */
public record AttentionFigure(Figure figure, double exportCell) {
    /** The text size of an exported picture follows its cells, within readable bounds. */
    static double exportFont(double cell) {
        return Math.max(9, Math.min(14, cell));
    }

    /** The figure as it is exported: cells of {@link #exportCell}, type to match, with the parts asked for. */
    public Figure exported(FigureParts parts) {
        return parts.applyTo(figure.withOptions(figure.options().withFont("SansSerif", exportFont(exportCell))
                .withMaxCell(exportCell)));
    }
}
