package org.attentionexplainer.ui.explorer;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.export.AtomicFiles;
import org.attentionexplainer.export.BatchExporter;
import org.attentionexplainer.export.ExportFormat;
import org.attentionexplainer.export.ExportRequest;
import org.attentionexplainer.export.ExportTexts;
import org.attentionexplainer.export.FigureFiles;
import org.attentionexplainer.export.FigureParts;
import org.attentionexplainer.export.MapFigures;
import org.attentionexplainer.export.PngWriter;
import org.attentionexplainer.export.Resolution;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.HeatmapOptions;
import org.attentionexplainer.render.HeatmapStyle;

/**
 * What the explorer exports: the figure on screen (on the light style, cells at their
 * largest), or every head into a folder. Runs without dialogs so that tests can call it.
 */
final class ExplorerExport {
    /** What the user chose in the export dialog. */
    record Choice(ExportFormat format, Resolution resolution, FigureParts parts, boolean allHeads) {
    }

    private final ExplorerViewModel vm;

    ExplorerExport(ExplorerViewModel vm) {
        this.vm = vm;
    }

    /** The figure on screen, as it is exported. */
    Figure exportFigure(FigureParts parts) {
        Figure f = vm.figureProperty().get();
        if (f == null) {
            return null;
        }
        int n = Math.max(f.data(0).rows(), f.data(0).cols());
        double side = f.panelCount() > 3 ? 320 : 768;
        double cell = Math.min(f.options().maxCell(), Math.max(f.panelCount() > 3 ? 2 : 7, Math.floor(side / n)));
        HeatmapOptions o = f.options().withStyle(HeatmapStyle.LIGHT).withFont("SansSerif", Math.max(9, Math.min(14, cell)))
                .withMaxCell(cell).withLabels(parts.labels());
        if (!parts.title()) {
            o = o.withTitle(null);
        }
        if (!parts.caption()) {
            o = o.withCaption(null);
        }
        o = o.withLegend(parts.legend(), o.legendTitle(), o.maskedLabel());
        return f.withOptions(o);
    }

    /** Writes the current view to {@code file}. */
    void writeView(Choice c, Path file, AtomicFiles.Existing existing) throws IOException {
        Figure f = exportFigure(c.parts());
        if (f == null) {
            throw new IOException("nothing to export yet");
        }
        FigureFiles.write(f, c.format(), c.resolution(), file, existing);
    }

    /** The request for every head with the explorer's settings. */
    ExportRequest request(Choice c) {
        return new ExportRequest(Set.of(c.format()), vm.display().stageProperty().get(), List.of(), true,
                vm.display().colorMapProperty().get(), vm.display().autoRangeProperty().get(), vm.display().showValuesProperty().get(), c.parts(),
                caption(), c.resolution());
    }

    private String caption() {
        Figure f = vm.figureProperty().get();
        return f == null ? null : f.options().caption();
    }

    private BatchExporter exporter() {
        return new BatchExporter(new MapFigures(new ExportTexts(vm.i18n().locale())));
    }

    /** The files writing every head would make that exist already. */
    List<Path> existing(Choice c, Path dir) {
        AttentionTrace t = vm.traceProperty().get();
        if (t == null) {
            return List.of();
        }
        return exporter().plan(t, request(c), dir).stream().filter(Files::exists).toList();
    }

    BatchExporter.Result writeAll(Choice c, Path dir, AtomicFiles.Existing existing, BatchExporter.Progress progress,
                                  BooleanSupplier cancelled) throws IOException {
        AttentionTrace t = vm.traceProperty().get();
        if (t == null) {
            throw new IOException("nothing to export yet");
        }
        return exporter().export(t, request(c), dir, existing, progress, cancelled);
    }

    /** The current view as an image at twice the layout size, for the clipboard. */
    BufferedImage image() {
        Figure f = exportFigure(FigureParts.ALL);
        return f == null ? null : PngWriter.image(MapFigures.draw(f), Resolution.times(2));
    }
}
