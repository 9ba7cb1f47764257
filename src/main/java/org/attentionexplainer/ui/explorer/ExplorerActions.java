package org.attentionexplainer.ui.explorer;

import java.nio.file.Path;
import java.util.function.Consumer;
import javafx.beans.binding.BooleanBinding;
import org.attentionexplainer.export.AtomicFiles;
import org.attentionexplainer.export.SessionFiles;
import org.attentionexplainer.ui.common.MapsExport;
import org.attentionexplainer.ui.common.MapsModel;
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

    /**
     * Every action of the explorer on its maps and sessions; success lines go to {@code info}
     * (the explorer's message).
     */
    static ExportActions create(AppContext context, MapsModel maps, ExplorerSessions sessions,
                                Consumer<String> info) {
        BooleanBinding traced = maps.traceProperty().isNotNull();
        return new ExportActions(context.i18n(), context.files(), info)
                .withRecent(new org.attentionexplainer.ui.shell.RecentFiles(context.settings()))
                .figures(maps.figureProperty().isNotNull(), context.i18n().text("export.off.computing"),
                        () -> "attention", MapsExport.figures(maps))
                .heads(traced, context.i18n().text("export.off.computing"), MapsExport.heads(maps, context.i18n()))
                .sessions(new ExportActions.Sessions() {
                    @Override
                    public void save(Path file) throws java.io.IOException {
                        SessionFiles.write(file, sessions.snapshot(), AtomicFiles.Existing.REPLACE);
                    }

                    @Override
                    public void open(Path file) throws Exception {
                        sessions.restore(SessionFiles.read(file));
                    }
                });
    }
}
