package org.attentionexplainer.ui.realmodel;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.BooleanBinding;
import org.attentionexplainer.export.FigureParts;
import org.attentionexplainer.render.ColorScale;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.render.HeatmapOptions;
import org.attentionexplainer.ui.common.MapsExport;
import org.attentionexplainer.ui.common.MapsModel;
import org.attentionexplainer.ui.export.ExportActions;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;

/**
 * What the real-model screen exports: the focused head as the explorer beside the overview
 * shows it (and every head of its layer), or, before a head is focused, the overview of
 * every layer and head on one scale.
 */
final class RealModelActions {
    /** Cells of the overview's maps aim at this side, in layout pixels. */
    static final double OVERVIEW_SIDE = 96;

    private RealModelActions() {
    }

    static ExportActions create(AppContext context, RealModelViewModel vm) {
        I18n i18n = context.i18n();
        MapsModel focus = vm.focusModel();
        BooleanBinding focused = vm.focusedLayerProperty().greaterThanOrEqualTo(0)
                .and(focus.figureProperty().isNotNull());
        BooleanBinding any = focused.or(vm.overviewProperty().isNotNull());
        ExportActions.Figures head = MapsExport.figures(focus);
        return new ExportActions(i18n, context.files(), vm::showInfo)
                .figures(any, i18n.text("export.off.model"),
                        () -> focused.get() ? String.format(java.util.Locale.ROOT, "layer-%d-head-%02d",
                                vm.focusedLayerProperty().get() + 1, vm.focusedHeadProperty().get() + 1)
                                : "overview",
                        parts -> focused.get() ? head.figure(parts) : overview(vm, i18n, parts))
                .heads(focused, i18n.text("export.off.focus"), MapsExport.heads(focus, i18n));
    }

    /** Every layer (rows) and head (columns) of the overview on one scale from 0 to 1; null before it is computed. */
    static Figure overview(RealModelViewModel vm, I18n i18n, FigureParts parts) {
        Overview o = vm.overviewProperty().get();
        if (o == null) {
            return null;
        }
        List<HeatmapData> maps = new ArrayList<>();
        List<String> titles = new ArrayList<>();
        int n = o.size();
        for (int l = 0; l < o.layers(); l++) {
            for (int h = 0; h < o.heads(); h++) {
                float[] values = new float[n * n];
                for (int i = 0; i < n; i++) {
                    System.arraycopy(o.maps()[l][h][i], 0, values, i * n, n);
                }
                maps.add(new HeatmapData(o.tokens(), o.tokens(), values, null));
                titles.add(i18n.get("real.overview.layer", l + 1) + " " + i18n.get("real.overview.head", h + 1));
            }
        }
        List<String> changes = new ArrayList<>();
        if (vm.causalProperty().get()) {
            changes.add(i18n.get("explorer.describe.causal"));
        }
        changes.add("T = " + i18n.number(vm.temperatureProperty().get(), 2));
        String state = vm.asTrainedBinding().get() ? i18n.get("real.whatif.trained")
                : i18n.get("real.export.whatIf", String.join(" · ", changes));
        double cell = Math.max(2, Math.min(24, Math.floor(OVERVIEW_SIDE / n)));
        HeatmapOptions options = HeatmapOptions.defaults()
                .withFont("SansSerif", 14)
                .withMaxCell(cell)
                .withTitle(i18n.get("real.export.title", RealModelViewModel.MODEL_NAME))
                .withCaption(i18n.get("real.export.caption", vm.sentenceProperty().get(), state))
                .withAxes(null, null)
                .withLegend(true, i18n.get("explorer.stage.weights"), "")
                .withValues(false, 2)
                .withLocale(i18n.locale());
        ColorScale scale = ColorScale.unit(vm.focusModel().display().colorMapProperty().get());
        return parts.applyTo(Figure.grid(maps, titles, scale, options, o.heads()));
    }
}
