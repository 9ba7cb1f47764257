package org.attentionexplainer.ui.explorer;

import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.beans.binding.BooleanBinding;
import org.attentionexplainer.export.AtomicFiles;
import org.attentionexplainer.export.BatchExporter;
import org.attentionexplainer.export.SessionFiles;
import org.attentionexplainer.ui.export.ExportActions;
import org.attentionexplainer.ui.export.ExportDialog;
import org.attentionexplainer.ui.shell.AppContext;

/**
 * The explorer's export and session actions (the File menu and the explorer's Export menu
 * share them): the view on screen (a head, the grid or the comparison), every head, the
 * numbers, and sessions that carry the tensors a learner loaded.
 */
public final class ExplorerActions {
    private ExplorerActions() {
    }

    /** Every action of the explorer on {@code vm}; success lines go to the explorer's message. */
    public static ExportActions create(AppContext context, ExplorerViewModel vm) {
        BooleanBinding traced = vm.traceProperty().isNotNull();
        return new ExportActions(context.i18n(), context.files(), vm::showInfo)
                .withRecent(new org.attentionexplainer.ui.shell.RecentFiles(context.settings()))
                .figures(vm.figureProperty().isNotNull(), context.i18n().text("export.off.computing"),
                        () -> "attention", figures(vm))
                .heads(traced, context.i18n().text("export.off.computing"), heads(vm))
                .sessions(new ExportActions.Sessions() {
                    @Override
                    public void save(Path file) throws java.io.IOException {
                        SessionFiles.write(file, ExplorerSessions.snapshot(vm), AtomicFiles.Existing.REPLACE);
                    }

                    @Override
                    public void open(Path file) throws Exception {
                        ExplorerSessions.restore(vm, context, SessionFiles.read(file));
                    }
                });
    }

    /** The figure on screen as it is exported. */
    public static ExportActions.Figures figures(ExplorerViewModel vm) {
        return new ExplorerExport(vm)::exportFigure;
    }

    /** Every head of the explorer's trace. */
    public static ExportActions.Heads heads(ExplorerViewModel vm) {
        ExplorerExport export = new ExplorerExport(vm);
        return new ExportActions.Heads() {
            @Override
            public List<Path> existing(ExportDialog.Choice choice, Path dir) {
                return export.existing(choice, dir);
            }

            @Override
            public BatchExporter.Result write(ExportDialog.Choice choice, Path dir, BatchExporter.Progress progress,
                                              BooleanSupplier cancelled) throws java.io.IOException {
                return export.writeAll(choice, dir, progress, cancelled);
            }
        };
    }
}
