package org.attentionexplainer.ui.explorer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.export.AtomicFiles;
import org.attentionexplainer.export.BatchExporter;
import org.attentionexplainer.export.ExportRequest;
import org.attentionexplainer.export.FigureParts;
import org.attentionexplainer.export.AttentionFigure;
import org.attentionexplainer.export.AttentionFigures;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.ui.export.ExportDialog;

/**
 * What the explorer exports: the figure on screen (on the light style, cells at their
 * largest), or every head into a folder. Runs without dialogs so that tests can call it.
 */
final class ExplorerExport {
    private final ExplorerViewModel vm;

    ExplorerExport(ExplorerViewModel vm) {
        this.vm = vm;
    }

    /** The figure on screen, as it is exported. */
    Figure exportFigure(FigureParts parts) {
        AttentionFigure f = vm.mapProperty().get();
        return f == null ? null : f.exported(parts);
    }

    /** The request for every head with the explorer's settings. */
    ExportRequest request(ExportDialog.Choice c) {
        return new ExportRequest(Set.of(c.format()), vm.display().stageProperty().get(), List.of(), true,
                vm.display().colorMapProperty().get(), vm.display().autoRangeProperty().get(), vm.display().showValuesProperty().get(), c.parts(),
                caption(), c.resolution());
    }

    private String caption() {
        Figure f = vm.figureProperty().get();
        return f == null ? null : f.options().caption();
    }

    private BatchExporter exporter() {
        return new BatchExporter(new AttentionFigures(vm.i18n().texts()));
    }

    /** The files writing every head would make that exist already. */
    List<Path> existing(ExportDialog.Choice c, Path dir) {
        AttentionTrace t = vm.traceProperty().get();
        if (t == null) {
            return List.of();
        }
        return exporter().plan(t, request(c), dir).stream().filter(Files::exists).toList();
    }

    /** Every head into {@code dir}, replacing files there (the caller has asked). */
    BatchExporter.Result writeAll(ExportDialog.Choice c, Path dir, BatchExporter.Progress progress,
                                  BooleanSupplier cancelled) throws IOException {
        AttentionTrace t = vm.traceProperty().get();
        if (t == null) {
            throw new IOException(vm.i18n().get("export.nothing"));
        }
        return exporter().export(t, request(c), dir, AtomicFiles.Existing.REPLACE, progress, cancelled);
    }
}
