package org.attentionexplainer.ui.explorer;

import java.util.Optional;
import javafx.scene.Node;
import org.attentionexplainer.ui.export.ExportActions;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.FileActions;
import org.attentionexplainer.ui.shell.Screen;

/**
 * The heatmap explorer as a screen of the main window; the presenter keys step through the heads.
 * Its settings are restored from the last run and saved as they change ({@link ExplorerPersistence}).
 */
public final class ExplorerScreen implements Screen {
    private final AppContext context;
    private ExplorerViewModel model;
    private ExportActions actions;
    private Node view;

    public ExplorerScreen(AppContext context) {
        this.context = context;
    }

    @Override
    public String id() {
        return "explorer";
    }

    @Override
    public String titleKey() {
        return "explorer.title";
    }

    @Override
    public Node view() {
        if (view == null) {
            model = new ExplorerViewModel(context);
            ExplorerSessions.remember(model, context.settings());
            actions = ExplorerActions.create(context, model);
            view = new ExplorerView(model, context.i18n(), actions).createView();
        }
        return view;
    }

    @Override
    public Optional<FileActions> fileActions() {
        view();
        return Optional.of(actions);
    }

    /** The view-model (created with the view). */
    public ExplorerViewModel model() {
        view();
        return model;
    }

    @Override
    public boolean next() {
        return model != null && model.stepHead(1);
    }

    @Override
    public boolean previous() {
        return model != null && model.stepHead(-1);
    }
}
