package org.attentionexplainer.ui.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.export.AtomicFiles;
import org.attentionexplainer.export.AttentionFigures;
import org.attentionexplainer.export.BatchExporter;
import org.attentionexplainer.export.ExportRequest;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.ui.export.ExportActions;
import org.attentionexplainer.ui.export.ExportDialog;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * What a screen of attention maps exports: the figure shown (as {@link MapsModel#exportFigure}
 * sizes it), or every head into a folder with the view's settings. Runs without dialogs so that
 * tests can call it.
 */
public final class MapsExport {
    private final MapsModel maps;
    private final I18n i18n;

    private MapsExport(MapsModel maps, I18n i18n) {
        this.maps = maps;
        this.i18n = i18n;
    }

    /** The figure shown, as it is exported. */
    public static ExportActions.Figures figures(MapsModel maps) {
        return maps::exportFigure;
    }

    /** Every head of the trace shown. */
    public static ExportActions.Heads heads(MapsModel maps, I18n i18n) {
        MapsExport export = new MapsExport(maps, i18n);
        return new ExportActions.Heads() {
            @Override
            public List<Path> existing(ExportDialog.Choice choice, Path dir) {
                return export.existing(choice, dir);
            }

            @Override
            public BatchExporter.Result write(ExportDialog.Choice choice, Path dir, BatchExporter.Progress progress,
                                              BooleanSupplier cancelled) throws IOException {
                return export.writeAll(choice, dir, progress, cancelled);
            }
        };
    }

    /** The request for every head with the view's settings. */
    ExportRequest request(ExportDialog.Choice c) {
        DisplayModel d = maps.display();
        return new ExportRequest(Set.of(c.format()), d.stageProperty().get(), List.of(), true,
                d.colorMapProperty().get(), d.autoRangeProperty().get(), d.showValuesProperty().get(), c.parts(),
                caption(), c.resolution());
    }

    private String caption() {
        Figure f = maps.figureProperty().get();
        return f == null ? null : f.options().caption();
    }

    private BatchExporter exporter() {
        return new BatchExporter(new AttentionFigures(i18n.texts()));
    }

    /** The files writing every head would make that exist already. */
    List<Path> existing(ExportDialog.Choice c, Path dir) {
        AttentionTrace t = maps.traceProperty().get();
        if (t == null) {
            return List.of();
        }
        return exporter().plan(t, request(c), dir).stream().filter(Files::exists).toList();
    }

    /** Every head into {@code dir}, replacing files there (the caller has asked). */
    BatchExporter.Result writeAll(ExportDialog.Choice c, Path dir, BatchExporter.Progress progress,
                                  BooleanSupplier cancelled) throws IOException {
        AttentionTrace t = maps.traceProperty().get();
        if (t == null) {
            throw new IOException(i18n.get("export.nothing"));
        }
        return exporter().export(t, request(c), dir, AtomicFiles.Existing.REPLACE, progress, cancelled);
    }
}
