package org.attentionexplainer.ui.tinygpt;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import org.attentionexplainer.engine.InvalidSpecException;
import org.attentionexplainer.engine.model.TransformerModel;
import org.attentionexplainer.engine.tinygpt.GptConfig;
import org.attentionexplainer.engine.tinygpt.GptModelFile;
import org.attentionexplainer.engine.tinygpt.GptTrainer;
import org.attentionexplainer.engine.tinygpt.GptWeights;
import org.attentionexplainer.engine.tinygpt.ShippedModel;
import org.attentionexplainer.engine.tinygpt.TinyGpt;
import org.attentionexplainer.engine.tinygpt.TrainingCancelledException;
import org.attentionexplainer.engine.tinygpt.TrainingControl;
import org.attentionexplainer.engine.tinygpt.TrainingListener;
import org.attentionexplainer.engine.tinygpt.TrainingOptions;
import org.attentionexplainer.engine.tinygpt.TrainingProgress;
import org.attentionexplainer.engine.tinygpt.TrainingResult;
import org.attentionexplainer.export.AtomicFiles;
import org.attentionexplainer.export.MapView;
import org.attentionexplainer.lesson.tinygpt.TinyGptScores;
import org.attentionexplainer.ui.common.MapsModel;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.Coalescer;
import org.attentionexplainer.ui.shell.Failures;

/**
 * State of the "Train a tiny GPT" screen: the model shown (the shipped one at first), a training
 * run with its loss curves, progress, pause and cancel, the prompt with its next-symbol
 * predictions, the maps of one layer and every head's detector scores. Training runs on its own
 * thread (it takes tens of seconds) and shows its weights every few steps; a run that fails or is
 * cancelled, bad settings and a bad file leave the model shown as it was.
 */
public final class TinyGptViewModel {
    /** A repeated sequence cut in its second half: an induction head should answer B. */
    public static final String DEFAULT_PROMPT = "KDXMQBTRAP KDXMQ";

    /** Where the screen stands. */
    public enum Status { LOADING, READY, TRAINING, PAUSED, FAILED }

    private final AppContext context;
    private final I18n i18n;
    private final BackgroundWork training;
    private final Coalescer<Picture> pictures;
    private final MapsModel maps;

    private final StringProperty seed = new SimpleStringProperty(this, "seed",
            Long.toString(TrainingOptions.DEFAULT.seed()));
    private final StringProperty layers = new SimpleStringProperty(this, "layers", "2");
    private final StringProperty heads = new SimpleStringProperty(this, "heads", "4");
    private final StringProperty steps = new SimpleStringProperty(this, "steps",
            Integer.toString(TrainingOptions.DEFAULT.steps()));
    private final StringProperty prompt = new SimpleStringProperty(this, "prompt", DEFAULT_PROMPT);
    private final IntegerProperty layerShown = new SimpleIntegerProperty(this, "layerShown", 0);
    private final ReadOnlyObjectWrapper<Status> status = new ReadOnlyObjectWrapper<>(this, "status", Status.LOADING);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyBooleanWrapper error = new ReadOnlyBooleanWrapper(this, "error");
    private final ReadOnlyListWrapper<TrainingProgress> losses =
            new ReadOnlyListWrapper<>(FXCollections.observableArrayList());
    private final ReadOnlyObjectWrapper<GptWeights> model = new ReadOnlyObjectWrapper<>(this, "model");
    private final ReadOnlyObjectWrapper<TinyGptScores> scores = new ReadOnlyObjectWrapper<>(this, "scores");
    private final ReadOnlyListWrapper<Prediction> predictions =
            new ReadOnlyListWrapper<>(FXCollections.observableArrayList());
    private final ReadOnlyStringWrapper promptProblem = new ReadOnlyStringWrapper(this, "promptProblem", "");

    private TrainingOptions trainedWith;
    private TrainingControl control;
    /** The weights the maps show: the model's, or a snapshot while training. */
    private GptWeights shown;
    /** Hands a model to the screen that shows trained models; none until the app gives one. */
    private BiConsumer<TransformerModel, String> modelOpener;

    /** @param trainingThread runs training (a thread of its own in the app; the calling thread in tests) */
    public TinyGptViewModel(AppContext context, Executor trainingThread) {
        this.context = context;
        this.i18n = context.i18n();
        this.training = new BackgroundWork(trainingThread, r -> context.work().onFx(r));
        this.pictures = new Coalescer<>(context.work());
        this.maps = new MapsModel(i18n);
        maps.onViewChange(() -> redraw(false));
        maps.display().modeProperty().addListener(o -> redraw(false));
        i18n.localeProperty().addListener(o -> redraw(false));
        prompt.addListener(o -> redraw(false));
        layerShown.addListener(o -> redraw(false));
    }

    /** Opens the shipped model (once; later calls do nothing). */
    public void start() {
        if (model.get() != null || status.get() != Status.LOADING) {
            return;
        }
        context.work().submit(() -> {
            try {
                return ShippedModel.load();
            } catch (IOException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }, saved -> {
            use(saved.weights(), saved.training());
            inform(i18n.get("tinygpt.shipped", describe(saved.training())));
        }, e -> {
            status.set(Status.FAILED);
            fail(i18n.get("tinygpt.error.load", Failures.describe(i18n, e)));
        });
    }

    /** Trains a new model with the settings typed; bad settings get a message and change nothing. */
    public void train() {
        if (status.get() == Status.TRAINING || status.get() == Status.PAUSED) {
            return;
        }
        GptConfig config;
        TrainingOptions options;
        try {
            GptConfig d = GptConfig.DEFAULT;
            config = new GptConfig(d.vocab(), d.positions(), d.dModel(), whole(layers.get(), "tinygpt.field.layers"),
                    whole(heads.get(), "tinygpt.field.heads"));
            options = TrainingOptions.DEFAULT.withSeed(seedValue())
                    .withSteps(whole(steps.get(), "tinygpt.field.steps"));
        } catch (BadField e) {
            fail(e.getMessage());
            return;
        } catch (InvalidSpecException e) {
            fail(i18n.get("tinygpt.error.settings", fieldName(e.field()), i18n.get(e.messageKey(),
                    e.messageArgs().toArray())));
            return;
        }
        TrainingControl c = new TrainingControl();
        control = c;
        losses.clear();
        progress.set(0);
        status.set(Status.TRAINING);
        inform(i18n.get("tinygpt.training", options.steps(), options.seed()));
        training.submit(() -> {
            TrainingResult r = new GptTrainer(config, options).train(listener(), c);
            return new Trained(r, TinyGptScores.heldOut(new TinyGpt(r.weights(), context.engine().join())));
        }, this::trained, e -> {
            status.set(Status.READY);
            control = null;
            show(model.get());
            if (e instanceof TrainingCancelledException) {
                inform(i18n.get("tinygpt.cancelled"));
            } else {
                fail(i18n.get("tinygpt.error.train", Failures.describe(i18n, e)));
            }
        });
    }

    private TrainingListener listener() {
        return new TrainingListener() {
            @Override
            public void progress(TrainingProgress p) {
                context.work().onFx(() -> {
                    losses.add(p);
                    progress.set(p.fraction());
                });
            }

            @Override
            public void snapshot(int step, GptWeights weights) {
                context.work().onFx(() -> {
                    if (status.get() == Status.TRAINING || status.get() == Status.PAUSED) {
                        show(weights);
                    }
                });
            }
        };
    }

    /** A finished run and its scores on the held-out sequences, both made on the training thread. */
    private record Trained(TrainingResult result, TinyGptScores heldOut) {
    }

    private void trained(Trained t) {
        control = null;
        TrainingResult r = t.result();
        TinyGptScores held = t.heldOut();
        use(r.weights(), r.options());
        inform(i18n.get("tinygpt.trained", i18n.number(r.millis() / 1000.0, 1),
                i18n.number(held.bestInduction().score(), 2), i18n.number(held.bestPreviousToken().score(), 2),
                i18n.number(100 * held.accuracy(), 1)));
    }

    public void pause() {
        if (control != null && status.get() == Status.TRAINING) {
            control.pause();
            status.set(Status.PAUSED);
        }
    }

    public void resume() {
        if (control != null && status.get() == Status.PAUSED) {
            control.resume();
            status.set(Status.TRAINING);
        }
    }

    public void cancel() {
        if (control != null) {
            control.cancel();
        }
    }

    /** Opens a model file in the background; a damaged one gets its one line and the model stays. */
    public void open(Path file) {
        context.work().submit(() -> {
            try {
                return GptModelFile.read(file);
            } catch (IOException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }, saved -> {
            use(saved.weights(), saved.training());
            inform(i18n.get("tinygpt.opened", file.getFileName(), describe(saved.training())));
        }, e -> fail(i18n.get("tinygpt.error.open", Failures.describe(i18n, e))));
    }

    /** Writes the model shown to {@code file} (whole or not at all). */
    public void save(Path file) {
        GptWeights w = model.get();
        if (w == null) {
            return;
        }
        TrainingOptions t = trainedWith;
        try {
            AtomicFiles.write(file, AtomicFiles.Existing.REPLACE, out -> GptModelFile.write(w, t, out));
            inform(i18n.get("tinygpt.saved", file.getFileName()));
        } catch (IOException e) {
            fail(i18n.get("tinygpt.error.save", file, Failures.describe(i18n, e)));
        }
    }

    /** Given by the app: where {@link #showInRealModel()} hands the model. */
    public void setModelOpener(BiConsumer<TransformerModel, String> opener) {
        this.modelOpener = opener;
    }

    /**
     * Shows the model of this screen (the shipped one, or the one just trained or opened) in the
     * real-model view, with the prompt (the default one while the prompt typed is not readable).
     * Nothing while training or before a model is there.
     */
    public void showInRealModel() {
        GptWeights w = model.get();
        if (w == null || modelOpener == null || status.get() == Status.TRAINING || status.get() == Status.PAUSED) {
            return;
        }
        Object parsed = Prompt.parse(prompt.get(), w.config().positions());
        String text = parsed instanceof Prompt ? prompt.get().strip() : DEFAULT_PROMPT;
        modelOpener.accept(TinyGpt.asModel(w, () -> context.engine().join(), i18n.get("tinygpt.model.name")), text);
    }

    private void use(GptWeights weights, TrainingOptions options) {
        model.set(weights);
        trainedWith = options;
        status.set(Status.READY);
        if (layerShown.get() >= weights.config().layers()) {
            layerShown.set(weights.config().layers() - 1);
        }
        show(weights);
    }

    private void show(GptWeights weights) {
        shown = weights;
        redraw(true);
    }

    /** Draws the maps, predictions (and, when the weights changed, the scores) of the weights shown. */
    private void redraw(boolean newWeights) {
        GptWeights w = shown;
        if (w == null) {
            return;
        }
        Object parsed = Prompt.parse(prompt.get(), w.config().positions());
        if (parsed instanceof Prompt.Problem p) {
            promptProblem.set(i18n.get(p.key(), p.argument()));
            return;
        }
        promptProblem.set("");
        Prompt p = (Prompt) parsed;
        int layer = layerShown.get();
        MapView view = maps.display().snapshot();
        pictures.request(() -> Picture.make(context.engine().join(), w, p, layer, view, newWeights, i18n),
                this::accept, e -> fail(i18n.get("tinygpt.error.compute", Failures.describe(i18n, e))));
    }

    private void accept(Picture picture) {
        maps.show(picture.layerTrace(), null, picture.figure(), picture.view());
        predictions.setAll(picture.predictions());
        if (picture.scores() != null) {
            scores.set(picture.scores());
        }
    }

    private String describe(TrainingOptions t) {
        return t == null ? i18n.get("tinygpt.training.unknown")
                : i18n.get("tinygpt.training.what", t.seed(), t.steps());
    }

    /** A message that is not an error. */
    void inform(String text) {
        error.set(false);
        message.set(text);
    }

    private void fail(String text) {
        error.set(true);
        message.set(text);
    }

    private static final class BadField extends Exception {
        BadField(String message) {
            super(message);
        }
    }

    private int whole(String text, String fieldKey) throws BadField {
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw new BadField(i18n.get("tinygpt.error.whole", i18n.get(fieldKey), text));
        }
    }

    private long seedValue() throws BadField {
        try {
            return Long.parseLong(seed.get().strip());
        } catch (NumberFormatException e) {
            throw new BadField(i18n.get("tinygpt.error.whole", i18n.get("tinygpt.field.seed"), seed.get()));
        }
    }

    /** The field's name as the screen labels it ("layers" is "tinygpt.field.layers"). */
    private String fieldName(String field) {
        return java.util.Set.of("layers", "heads", "steps").contains(field) ? i18n.get("tinygpt.field." + field)
                : field;
    }

    public MapsModel maps() {
        return maps;
    }

    public StringProperty seedProperty() {
        return seed;
    }

    public StringProperty layersProperty() {
        return layers;
    }

    public StringProperty headsProperty() {
        return heads;
    }

    public StringProperty stepsProperty() {
        return steps;
    }

    public StringProperty promptProperty() {
        return prompt;
    }

    public IntegerProperty layerShownProperty() {
        return layerShown;
    }

    public ReadOnlyObjectProperty<Status> statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** The losses of the run shown, one per step. */
    public ReadOnlyListProperty<TrainingProgress> lossesProperty() {
        return losses.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<GptWeights> modelProperty() {
        return model.getReadOnlyProperty();
    }

    /** Every head's detector scores for the weights shown. */
    public ReadOnlyObjectProperty<TinyGptScores> scoresProperty() {
        return scores.getReadOnlyProperty();
    }

    public ReadOnlyListProperty<Prediction> predictionsProperty() {
        return predictions.getReadOnlyProperty();
    }

    /** Empty, or what is wrong with the prompt (the maps keep the last good one). */
    public ReadOnlyStringProperty promptProblemProperty() {
        return promptProblem.getReadOnlyProperty();
    }

    /** The layers of the model shown (0 before one is). */
    public int layerCount() {
        return model.get() == null ? 0 : model.get().config().layers();
    }
}
