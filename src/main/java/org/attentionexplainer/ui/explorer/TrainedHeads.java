package org.attentionexplainer.ui.explorer;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import org.attentionexplainer.engine.bert.EncoderTrace;
import org.attentionexplainer.engine.bert.MiniLmModel;
import org.attentionexplainer.engine.bert.ModelLoadException;
import org.attentionexplainer.lesson.explorer.LoadedData;
import org.attentionexplainer.lesson.explorer.ModelBuilder;
import org.attentionexplainer.ui.common.TrainedModel;

/**
 * The explorer on trained heads: one layer of all-MiniLM-L6-v2 run on the typed sentence,
 * taken as a loaded model (its tokens, weights and settings), and run again when the sentence
 * changes. Seeded random weights draw patterns that mean nothing; these are what a trained
 * model does. Loading a file, a session or going back to the sentence ends it.
 */
public final class TrainedHeads {
    /** The model's name, as the explorer captions it. */
    public static final String MODEL_NAME = "all-MiniLM-L6-v2";
    /** Its layers. */
    public static final int LAYERS = 6;
    /** The layer the explorer opens on (from 0): layer 3, whose heads differ visibly from each other. */
    public static final int DEFAULT_LAYER = 2;

    private final ExplorerViewModel vm;
    private final TrainedModel model;
    private final ReadOnlyIntegerWrapper layer = new ReadOnlyIntegerWrapper(this, "layer", -1);
    private final javafx.beans.property.ReadOnlyBooleanWrapper loading =
            new javafx.beans.property.ReadOnlyBooleanWrapper(this, "loading");
    private final javafx.beans.property.ReadOnlyStringWrapper failure =
            new javafx.beans.property.ReadOnlyStringWrapper(this, "failure", "");
    private final BooleanBinding random;
    private LoadedData ours;
    /** The heads of the sentence's model before trained heads were shown: back to the sentence restores them. */
    private int headsBefore;
    /** The layer the trained heads are wanted of (from 0; -1 when not wanted): the shown one, or one on its way. */
    private int wanted = -1;
    /** True while a run of the model is on the worker; a newer wish waits for it and follows it. */
    private boolean running;
    /** True while this class's own result is being adopted (its change of the loaded model is no one else's). */
    private boolean adopting;

    TrainedHeads(ExplorerViewModel vm, TrainedModel model) {
        this.vm = vm;
        this.model = model;
        vm.loadedProperty().addListener((o, a, b) -> {
            if (b != ours && !adopting) {
                boolean wasOn = layer.get() >= 0;
                wanted = -1;
                layer.set(-1);
                if (wasOn && b.isEmpty()) {
                    vm.headsProperty().set(headsBefore);
                }
            }
        });
        // a new sentence runs the model again, also while the first run is still on its way; a new language
        // names the layer in it
        for (javafx.beans.Observable change : new javafx.beans.Observable[] {vm.sentenceProperty(),
            vm.i18n().localeProperty()}) {
            change.addListener(o -> {
                if (wanted >= 0) {
                    show(wanted);
                }
            });
        }
        random = Bindings.createBooleanBinding(() -> vm.figureProperty().get() != null
                && ModelBuilder.randomWeights(vm.settings(), vm.loadedProperty().get()), vm.figureProperty(),
                vm.loadedProperty());
    }

    /** True if the trained model is installed. */
    public boolean available() {
        return model.available();
    }

    /**
     * Runs the model on the sentence (loading it the first time) and shows the heads of {@code layer} (from 0).
     * While a run is on its way, the newest wish follows it: one run at a time, and the last sentence typed
     * is the one shown in the end.
     */
    public void show(int layer) {
        if (!available() || layer < 0 || layer >= LAYERS) {
            return;
        }
        if (this.layer.get() < 0 && wanted < 0) {
            headsBefore = vm.headsProperty().get();
        }
        wanted = layer;
        if (!running) {
            run(layer);
        }
    }

    /** Trained heads are no longer wanted (back to the sentence): one on its way is not shown. */
    void stop() {
        wanted = -1;
    }

    private void run(int layer) {
        String sentence = vm.sentenceProperty().get();
        String name = vm.i18n().get("explorer.trained.name", MODEL_NAME, layer + 1);
        // from seeded weights to trained heads the picture waits for them; on trained heads already (a new
        // sentence, another layer) the last ones stay until the next arrive, as typing must not flicker
        loading.set(this.layer.get() < 0);
        failure.set("");
        running = true;
        vm.loadTrained(name, () -> {
            try {
                MiniLmModel m = model.get(f -> { });
                EncoderTrace t = m.run(sentence);
                return m.attentionSpec(t, 0, layer);
            } catch (ModelLoadException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }, () -> {
            running = false;
            if (wanted < 0) {
                loading.set(false);
                return false;
            }
            adopting = true;
            return true;
        }, () -> {
            adopting = false;
            ours = vm.loadedProperty().get();
            this.layer.set(layer);
            loading.set(false);
            boolean stale = wanted != layer || !sentence.equals(vm.sentenceProperty().get())
                    || !name.equals(vm.i18n().get("explorer.trained.name", MODEL_NAME, wanted + 1));
            if (wanted >= 0 && stale) {
                run(wanted);
            }
        }, why -> {
            running = false;
            wanted = this.layer.get();
            failure.set(why);
            loading.set(false);
        });
    }

    /** Why the trained heads last asked for did not come (one line), or empty. */
    public javafx.beans.property.ReadOnlyStringProperty failureProperty() {
        return failure.getReadOnlyProperty();
    }

    /**
     * True while the trained heads are on their way (the model loads the first time): the picture
     * of the moment is not theirs, and is not to be shown as if it were.
     */
    public javafx.beans.property.ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    /** The layer shown (from 0), or -1 when the explorer is not on trained heads. */
    public ReadOnlyIntegerProperty layerProperty() {
        return layer.getReadOnlyProperty();
    }

    /** True while the picture comes from seeded random numbers (see {@link ModelBuilder#randomWeights}). */
    public BooleanBinding randomBinding() {
        return random;
    }
}
