package org.attentionexplainer.ui.explorer;

import java.nio.file.Path;
import javafx.beans.binding.BooleanBinding;
import org.attentionexplainer.export.AtomicFiles;
import org.attentionexplainer.export.SessionFiles;
import org.attentionexplainer.ui.common.MapsExport;
import org.attentionexplainer.ui.export.ExportActions;
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
                        () -> "attention", MapsExport.figures(vm.maps()))
                .heads(traced, context.i18n().text("export.off.computing"), MapsExport.heads(vm.maps(), context.i18n()))
                .sessions(new ExportActions.Sessions() {
                    @Override
                    public void save(Path file) throws java.io.IOException {
                        SessionFiles.write(file, ExplorerSessions.snapshot(vm), AtomicFiles.Existing.REPLACE);
                    }

                    @Override
                    public void open(Path file) throws Exception {
                        ExplorerSessions.restore(vm, SessionFiles.read(file));
                    }
                });
    }
}
