package org.attentionexplainer.ui.walkthrough;

import java.util.function.IntConsumer;
import org.attentionexplainer.export.AttentionFigures;
import org.attentionexplainer.export.FigureParts;
import org.attentionexplainer.lesson.StepTables;
import org.attentionexplainer.render.CellHit;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * A walkthrough step's matrices on screen: the picture the figure builder makes of the step
 * ({@link AttentionFigures#steps}, the one File › Export writes), scores and weights as heatmaps
 * on the step's one range, the other matrices as tables of numbers, filling the page's width
 * (wrapped onto more rows where that makes the cells larger).
 * The page above already names the step and its example, so the picture leaves out its title
 * and caption.
 */
final class StepFigure {
    private static final FigureParts ON_SCREEN = new FigureParts(false, true, true, false);

    private final HeatmapControl control = new HeatmapControl();
    private final I18n i18n;

    /**
     * @param id          the control's node id
     * @param onRowChosen called with the row of a clicked cell (or of the keyboard's cell and Enter):
     *                    the token whose arithmetic the page then works out
     */
    StepFigure(I18n i18n, String id, IntConsumer onRowChosen) {
        this.i18n = i18n;
        control.setId(id);
        control.setFillWidth(true);
        control.setMaxWidth(Double.MAX_VALUE);
        control.getStyleClass().add("walk-figure");
        control.onCellClickedProperty().set(hit -> {
            if (hit.onCell()) {
                control.selectedProperty().set(hit);
                onRowChosen.accept(hit.row());
            }
        });
    }

    /**
     * Shows {@code tables}; the cell clicked last stays outlined while its row is still the one
     * worked out ({@code row}), and goes when another row is chosen.
     */
    HeatmapControl show(StepTables tables, int row) {
        control.setFigure(new AttentionFigures(i18n.texts()).steps(tables, ON_SCREEN).reflowed());
        CellHit chosen = control.selectedProperty().get();
        if (chosen != null && (chosen.row() != row || chosen.panel() >= control.getFigure().panelCount()
                || chosen.row() >= control.getFigure().data(chosen.panel()).rows()
                || chosen.col() >= control.getFigure().data(chosen.panel()).cols())) {
            control.selectedProperty().set(null);
        }
        return control;
    }
}
