package org.attentionexplainer.ui.explorer;

import java.util.Optional;
import javafx.scene.Node;
import org.attentionexplainer.ui.common.TrainedModel;
import org.attentionexplainer.ui.export.ExportActions;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.FileActions;
import org.attentionexplainer.ui.shell.Screen;

/**
 * The heatmap explorer as a screen of the main window; the presenter keys step through the heads.
 * Its settings are restored from the last run and saved as they change ({@link ExplorerPersistence}).
 * Where the trained model is installed, it opens on trained heads ({@link TrainedHeads}) the
 * first time and whenever it was left on them; otherwise on seeded weights, and says so.
 */
public final class ExplorerScreen implements Screen {
    /** The trained layer the explorer was left on (from 0), or -1 for the sentence's seeded model. */
    static final String TRAINED_LAYER = LegacyExplorerSettings.PREFIX + "trainedLayer";
    /** Whether the learner left the settings column shown (true) or put aside (false); absent until they choose. */
    static final String SETTINGS_SHOWN = LegacyExplorerSettings.PREFIX + "settingsShown";

    private final AppContext context;
    private final TrainedModel trainedModel;
    private ExplorerViewModel model;
    private ExportActions actions;
    private Node view;
    private ExplorerView explorerView;
    private boolean presenting;

    /** An explorer without the trained model. */
    public ExplorerScreen(AppContext context) {
        this(context, TrainedModel.absent());
    }

    public ExplorerScreen(AppContext context, TrainedModel trainedModel) {
        this.context = context;
        this.trainedModel = trainedModel;
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
            model = new ExplorerViewModel(context, trainedModel);
            boolean firstRun = context.settings().get(ExplorerPersistence.KEY, null) == null;
            model.sessions().remember(context.settings());
            openOnTrainedHeads(firstRun);
            actions = ExplorerActions.create(context, model.maps(), model.sessions(), model::showInfo);
            explorerView = new ExplorerView(model, context.i18n(), actions);
            explorerView.presentingProperty().set(presenting);
            String shown = context.settings().get(SETTINGS_SHOWN, null);
            explorerView.settingsChoiceProperty().set(shown == null ? null : Boolean.valueOf(shown));
            explorerView.settingsChoiceProperty().addListener((o, a, b) -> {
                if (b != null) {
                    context.settings().put(SETTINGS_SHOWN, b.toString());
                }
            });
            view = explorerView.createView();
        }
        return view;
    }

    @Override
    public void setPresenting(boolean on) {
        presenting = on;
        if (explorerView != null) {
            explorerView.presentingProperty().set(on);
        }
    }

    /** Twelve heads of a sentence in a row of six, each cell 16 px, need the navigation's room at 1280 x 800. */
    @Override
    public boolean wide() {
        return true;
    }

    @Override
    public Optional<FileActions> fileActions() {
        view();
        return Optional.of(actions);
    }

    private void openOnTrainedHeads(boolean firstRun) {
        TrainedHeads trained = model.trained();
        int layer = context.settings().getInt(TRAINED_LAYER, firstRun ? TrainedHeads.DEFAULT_LAYER : -1);
        if (layer >= 0 && trained.available()) {
            trained.show(layer);
        }
        trained.layerProperty().addListener((o, a, b) -> context.settings().put(TRAINED_LAYER, b.toString()));
    }

    /**
     * A session opens as such, another .json as a compute spec, a .npy after asking whether it
     * holds token vectors or weights (as the Load buttons do).
     */
    @Override
    public boolean open(java.nio.file.Path file, javafx.stage.Window owner) {
        String name = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        if (!name.endsWith(".json") && !name.endsWith(".npy")) {
            return false;
        }
        view();
        if (name.endsWith(".npy")) {
            javafx.scene.control.ButtonType vectors = new javafx.scene.control.ButtonType(
                    context.i18n().get("explorer.load.input"));
            javafx.scene.control.ButtonType weights = new javafx.scene.control.ButtonType(
                    context.i18n().get("explorer.load.weights"));
            javafx.scene.control.Alert ask = new javafx.scene.control.Alert(
                    javafx.scene.control.Alert.AlertType.CONFIRMATION, context.i18n().get("explorer.drop.npy",
                    file.getFileName()), vectors, weights, javafx.scene.control.ButtonType.CANCEL);
            ask.initOwner(owner);
            ask.setHeaderText(null);
            java.util.Optional<javafx.scene.control.ButtonType> answer = ask.showAndWait();
            if (answer.isEmpty() || answer.get() == javafx.scene.control.ButtonType.CANCEL) {
                return true;
            }
            if (answer.get() == vectors) {
                model.loadInput(file);
            } else {
                model.loadWeights(java.util.List.of(file));
            }
        } else if (org.attentionexplainer.export.SessionFiles.looksLikeSession(file)) {
            actions.openSession(owner, file);
        } else {
            model.loadSpec(file);
        }
        return true;
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
