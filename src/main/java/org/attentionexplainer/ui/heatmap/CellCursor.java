package org.attentionexplainer.ui.heatmap;

import java.util.Locale;
import org.attentionexplainer.render.CellHit;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.HeatmapData;

/**
 * The heatmap's keyboard cursor: moves within a panel, and from a panel's last column on to the
 * next panel's first (and back), never off the figure.
 */
final class CellCursor {
    private CellCursor() {
    }

    /** The cell moved by (dRow, dCol). */
    static CellHit move(CellHit at, int dRow, int dCol, Figure f) {
        HeatmapData d = f.data(at.panel());
        int row = Math.max(0, Math.min(d.rows() - 1, at.row() + dRow));
        int col = at.col() + dCol;
        int panel = at.panel();
        if (col >= d.cols() && panel + 1 < f.panelCount()) {
            panel++;
            col = 0;
        } else if (col < 0 && panel > 0) {
            panel--;
            col = f.data(panel).cols() - 1;
        }
        return clamp(new CellHit(panel, row, col), f);
    }

    /** The nearest cell of the figure (null for no figure or a figure without cells). */
    static CellHit clamp(CellHit at, Figure f) {
        if (at == null || f == null || f.panelCount() == 0) {
            return null;
        }
        int panel = Math.max(0, Math.min(f.panelCount() - 1, at.panel()));
        HeatmapData d = f.data(panel);
        if (d.rows() == 0 || d.cols() == 0) {
            return null;
        }
        return new CellHit(panel, Math.max(0, Math.min(d.rows() - 1, at.row())),
                Math.max(0, Math.min(d.cols() - 1, at.col())));
    }

    /** The panel's title, the row and column labels and the value, for a map whose screen gives no words. */
    static String plainDescription(Figure f, CellHit hit) {
        HeatmapData d = f.data(hit.panel());
        String title = f.title(hit.panel());
        String value = d.isMasked(hit.row(), hit.col()) ? "−∞"
                : String.format(Locale.ROOT, "%.4f", d.value(hit.row(), hit.col()));
        return (title == null || title.isBlank() ? "" : title + ": ") + d.rowLabels().get(hit.row()) + ", "
                + d.colLabels().get(hit.col()) + ", " + value;
    }
}
