package org.attentionexplainer.ui.explorer;

import javafx.scene.Node;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.Screen;

/**
 * The heatmap explorer as a screen of the main window; the presenter keys step through the heads.
 * Its settings are restored from the last run and saved as they change ({@link ExplorerPersistence}).
 */
public final class ExplorerScreen implements Screen {
    private final AppContext context;
    private ExplorerViewModel model;
    private ExplorerView explorer;
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
            new ExplorerPersistence(context.settings()).attach(model);
            explorer = new ExplorerView(model, context.i18n());
            view = explorer.createView();
        }
        return view;
    }

    /** Where the export menu asks for files; for tests. */
    void usePathChooser(PathChooser c) {
        view();
        explorer.setPathChooser(c);
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
