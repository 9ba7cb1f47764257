package org.attentionexplainer.ui.realmodel;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.BooleanBinding;
import org.attentionexplainer.export.AttentionFigures;
import org.attentionexplainer.export.FigureParts;
import org.attentionexplainer.render.Figure;
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
        List<String> changes = new ArrayList<>();
        if (vm.causalProperty().get()) {
            changes.add(i18n.get("explorer.describe.causal"));
        }
        changes.add("T = " + i18n.number(vm.temperatureProperty().get(), 2));
        String state = vm.asTrainedBinding().get() ? i18n.get("real.whatif.trained")
                : i18n.get("real.export.whatIf", String.join(" · ", changes));
        return new AttentionFigures(i18n.texts()).layers(o.tokens(), o.maps(),
                vm.focusModel().display().colorMapProperty().get(),
                i18n.get("real.export.title", vm.modelNameProperty().get()),
                i18n.get("real.export.caption", vm.sentenceProperty().get(), state), parts);
    }
}
