package org.attentionexplainer.ui.tinygpt;

import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.function.BiConsumer;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import org.attentionexplainer.engine.model.TransformerModel;
import org.attentionexplainer.ui.common.MapsExport;
import org.attentionexplainer.ui.export.ExportActions;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.FileActions;
import org.attentionexplainer.ui.shell.Screen;

/**
 * "Train a tiny GPT": a causal model trained in the app, its heads watched as they learn. Opens
 * with the shipped model; the presenter keys step through the heads of the layer shown.
 */
public final class TinyGptScreen implements Screen {
    private final AppContext context;
    private final Executor trainingThread;
    private TinyGptViewModel model;
    private ExportActions actions;
    private Node view;
    private BiConsumer<TransformerModel, String> modelOpener;
    private final javafx.beans.property.BooleanProperty presenting =
            new javafx.beans.property.SimpleBooleanProperty(this, "presenting");

    /** With a daemon thread of its own for training. */
    public TinyGptScreen(AppContext context) {
        this(context, Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "tiny-gpt-training");
            t.setDaemon(true);
            return t;
        }));
    }

    public TinyGptScreen(AppContext context, Executor trainingThread) {
        this.context = context;
        this.trainingThread = trainingThread;
    }

    @Override
    public String id() {
        return "tinygpt";
    }

    @Override
    public String titleKey() {
        return "tinygpt.title";
    }

    @Override
    public Node view() {
        if (view == null) {
            model = new TinyGptViewModel(context, trainingThread);
            model.setModelOpener(modelOpener);
            var maps = model.maps();
            var drawn = maps.figureProperty().isNotNull();
            actions = new ExportActions(context.i18n(), context.files(), model::inform)
                    .figures(drawn, context.i18n().text("export.off.model"),
                            () -> String.format(Locale.ROOT, "tiny-gpt-layer-%d", model.layerShownProperty().get() + 1),
                            MapsExport.figures(maps))
                    .heads(Bindings.createBooleanBinding(drawn::get, drawn), context.i18n().text("export.off.model"),
                            MapsExport.heads(maps, context.i18n()));
            TinyGptView made = new TinyGptView(model, context, actions);
            made.presentingProperty().bind(presenting);
            view = made.createView();
            model.start();
        }
        return view;
    }

    @Override
    public void setModelOpener(BiConsumer<TransformerModel, String> open) {
        modelOpener = open;
        if (model != null) {
            model.setModelOpener(open);
        }
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
    public TinyGptViewModel model() {
        view();
        return model;
    }

    @Override
    public boolean next() {
        return model != null && model.maps().stepHead(1);
    }

    @Override
    public boolean previous() {
        return model != null && model.maps().stepHead(-1);
    }
}
