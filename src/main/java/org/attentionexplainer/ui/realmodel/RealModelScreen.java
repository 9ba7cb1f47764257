package org.attentionexplainer.ui.realmodel;

import java.util.Optional;
import javafx.scene.Node;
import org.attentionexplainer.ui.export.ExportActions;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.FileActions;
import org.attentionexplainer.ui.shell.Screen;

/**
 * Real attention from a trained model: all-MiniLM-L6-v2, which loads the first time the screen
 * is shown, or a model folder given to the window (File > Open model folder, or a folder
 * dropped on it). The presenter keys step through the heads of the focused layer.
 */
public final class RealModelScreen implements Screen {
    private final AppContext context;
    private final ModelProvider provider;
    private RealModelViewModel model;
    private ExportActions actions;
    private Node view;

    public RealModelScreen(AppContext context) {
        this(context, ModelProvider.classPath());
    }

    public RealModelScreen(AppContext context, ModelProvider provider) {
        this.context = context;
        this.provider = provider;
    }

    private final javafx.beans.property.BooleanProperty presenting =
            new javafx.beans.property.SimpleBooleanProperty(this, "presenting");

    @Override
    public String id() {
        return "real";
    }

    @Override
    public String titleKey() {
        return "real.title";
    }

    @Override
    public Node view() {
        if (view == null) {
            model = new RealModelViewModel(context, provider);
            actions = RealModelActions.create(context, model);
            RealModelView made = new RealModelView(model, context.i18n(), actions);
            made.presentingProperty().bind(presenting);
            view = made.createView();
            model.start();
        }
        return view;
    }

    /** A folder opens here as a model folder (a bad one is reported on the screen, the model shown stays). */
    @Override
    public boolean open(java.nio.file.Path file, javafx.stage.Window owner) {
        if (!java.nio.file.Files.isDirectory(file)) {
            return false;
        }
        view();
        model.openFolder(file);
        return true;
    }

    /** A model handed over by another screen (the tiny GPT) is shown here as trained, with its text. */
    @Override
    public boolean openModel(org.attentionexplainer.engine.model.TransformerModel handed, String text) {
        view();
        model.showModel(handed, text);
        return true;
    }

    @Override
    public void setPresenting(boolean on) {
        presenting.set(on);
    }

    @Override
    public Optional<FileActions> fileActions() {
        view();
        return Optional.of(actions);
    }

    /** The view-model (created with the view). */
    public RealModelViewModel model() {
        view();
        return model;
    }

    @Override
    public boolean next() {
        return model != null && model.focusModel().stepHead(1);
    }

    @Override
    public boolean previous() {
        return model != null && model.focusModel().stepHead(-1);
    }
}
