package org.attentionexplainer.ui.explorer;

import org.attentionexplainer.lesson.explorer.Tokenizer;
import org.attentionexplainer.lesson.explorer.ModelBuilder;
import org.attentionexplainer.lesson.explorer.ModelSettings;
import org.attentionexplainer.lesson.explorer.ProjectionKind;
import org.attentionexplainer.lesson.explorer.AttentionControls;
import org.attentionexplainer.lesson.explorer.LoadedData;

import java.nio.file.Path;
import java.util.List;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.render.CellHit;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.Coalescer;
import org.attentionexplainer.export.MapView;
import org.attentionexplainer.export.ViewMode;
import org.attentionexplainer.ui.common.MapsModel;
import org.attentionexplainer.ui.common.DisplayModel;
import org.attentionexplainer.ui.shell.Failures;

/**
 * State of the heatmap explorer. Inputs (sentence, model, attention controls, view) are
 * writable properties; the traces, the figure, the message and the cell details are
 * read-only results. Every input change asks for a computation through a {@link Coalescer},
 * so a slider drag computes only the newest setting; the figure follows on the FX thread.
 * On an error the message says what is wrong and the last good result stays.
 */
public final class ExplorerViewModel {
    public static final int MIN_D_MODEL = 1;
    public static final int MAX_D_MODEL = ModelSettings.MAX_D_MODEL;
    public static final String DEFAULT_SENTENCE = "Your journey starts with one step";

    private final AppContext context;
    private final I18n i18n;
    private final Coalescer<ExplorerResult> coalescer;
    private final ExplorerComputation computation;
    private final ExplorerLoader loader;
    private final ExplorerSessions sessions;
    private final TrainedHeads trained;

    private final StringProperty sentence = new SimpleStringProperty(this, "sentence", DEFAULT_SENTENCE);
    private final ReadOnlyListWrapper<String> tokens = new ReadOnlyListWrapper<>(FXCollections.observableArrayList());
    private final IntegerProperty dModel = new SimpleIntegerProperty(this, "dModel", 12);
    private final IntegerProperty heads = new SimpleIntegerProperty(this, "heads", 4);
    private final ReadOnlyListWrapper<Integer> headsOffered =
            new ReadOnlyListWrapper<>(FXCollections.observableArrayList());
    private final ObjectProperty<ProjectionKind> projection = new SimpleObjectProperty<>(this, "projection",
            ProjectionKind.SEPARATE);
    private final LongProperty weightSeed = new SimpleLongProperty(this, "weightSeed", 123);
    private final LongProperty embeddingSeed = new SimpleLongProperty(this, "embeddingSeed", 0);
    private final BooleanProperty positional = new SimpleBooleanProperty(this, "positional");
    private final ControlsModel controls = new ControlsModel();

    private final MapsModel maps;
    private final DisplayModel display;
    private final ObjectProperty<ViewMode> mode;
    private final ObjectProperty<AttentionControls> pinned = new SimpleObjectProperty<>(this, "pinned");

    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyBooleanWrapper error = new ReadOnlyBooleanWrapper(this, "error");
    private final ObjectProperty<LoadedData> loaded = new SimpleObjectProperty<>(this, "loaded", LoadedData.NONE);

    private int updating;

    /** An explorer without the trained model: seeded weights and files only. */
    public ExplorerViewModel(AppContext context) {
        this(context, org.attentionexplainer.ui.common.TrainedModel.absent());
    }

    /** @param trainedModel the trained model whose heads {@link #trained()} shows */
    public ExplorerViewModel(AppContext context, org.attentionexplainer.ui.common.TrainedModel trainedModel) {
        this.context = context;
        this.i18n = context.i18n();
        this.coalescer = new Coalescer<>(context.work());
        this.computation = new ExplorerComputation(context);
        this.maps = new MapsModel(i18n);
        this.display = maps.display();
        this.mode = display.modeProperty();
        this.loader = new ExplorerLoader(new ExplorerLoader.Explorer() {
            @Override
            public ExplorerRequest now() {
                return new ExplorerRequest(settings(), loaded.get(), controls.snapshot(), null, view());
            }

            @Override
            public ExplorerResult compute(ExplorerRequest request) {
                return computation.compute(request);
            }

            @Override
            public void adopt(ExplorerLoader.Prepared prepared, String name) {
                ExplorerViewModel.this.adopt(prepared, name);
            }

            @Override
            public void fail(String message) {
                ExplorerViewModel.this.fail(message);
            }
        }, context.work(), i18n);
        this.sessions = new ExplorerSessions(new ExplorerSessions.Inputs(sentence, dModel, heads, projection,
                weightSeed, embeddingSeed, positional, controls, pinned, display, loaded), this::settings, loader,
                this::recompute);
        sentence.addListener(o -> retokenize());
        for (Observable o : new Observable[] {dModel, projection, loaded}) {
            o.addListener(x -> updateHeadsOffered());
        }
        for (Observable o : new Observable[] {tokens, dModel, heads, projection, weightSeed, embeddingSeed,
            positional, pinned, i18n.localeProperty()}) {
            o.addListener(x -> recompute());
        }
        maps.onViewChange(this::recompute);
        for (Observable o : controls.all()) {
            o.addListener(x -> recompute());
        }
        mode.addListener((o, a, b) -> {
            if (b == ViewMode.COMPARE && pinned.get() == null) {
                pinned.set(controls.snapshot());
            } else {
                recompute();
            }
        });
        retokenize();
        updateHeadsOffered();
        recompute();
        this.trained = new TrainedHeads(this, trainedModel);
    }

    private void retokenize() {
        Tokenizer.Result r = Tokenizer.tokenize(sentence.get(), Tokenizer.MAX_TOKENS);
        if (r.overLimit()) {
            fail(i18n.get("explorer.error.tooManyTokens", r.count(), Tokenizer.MAX_TOKENS));
            return;
        }
        if (!r.tokens().equals(tokens.get())) {
            tokens.setAll(r.tokens());
        } else {
            recompute();
        }
    }

    /** Heads that divide the projected width; the heads setting moves to the nearest one below. */
    private void updateHeadsOffered() {
        int width = ModelBuilder.projectedWidth(loaded.get(), dModel.get());
        List<Integer> offered = ModelBuilder.divisors(width);
        if (!offered.equals(headsOffered.get())) {
            updating++;
            headsOffered.setAll(offered);
            updating--;
        }
        if (!offered.contains(heads.get())) {
            heads.set(ModelBuilder.nearestDivisor(width, heads.get()));
        }
    }

    /** A status line that is not an error (an export done, a session saved). */
    void showInfo(String text) {
        error.set(false);
        message.set(text);
    }

    I18n i18n() {
        return i18n;
    }

    ModelSettings settings() {
        return new ModelSettings(tokens.get(), dModel.get(), heads.get(), projection.get(), weightSeed.get(),
                embeddingSeed.get(), positional.get());
    }

    MapView view() {
        return display.snapshot();
    }

    /**
     * Asks for the picture of the current settings; the worker computes attention only when
     * the model or the controls changed, and builds the figure. The newest request wins.
     */
    public void recompute() {
        if (updating > 0) {
            return;
        }
        LoadedData l = loaded.get();
        if (l.spec() == null && l.input() == null) {
            if (Tokenizer.tokenize(sentence.get(), Tokenizer.MAX_TOKENS).overLimit()) {
                return;
            }
            if (tokens.isEmpty()) {
                fail(i18n.get("explorer.error.empty"));
                return;
            }
        }
        ExplorerRequest request = new ExplorerRequest(settings(), l, controls.snapshot(),
                mode.get() == ViewMode.COMPARE ? pinned.get() : null, view());
        if (answerAtOnce(request)) {
            AT_ONCE.submit(() -> compute(request), this::accept, this::failCompute);
        } else {
            coalescer.request(() -> compute(request), this::accept, this::failCompute);
        }
    }

    /** Runs a task and hands its result or failure on in the calling (FX) thread. */
    private static final BackgroundWork AT_ONCE = BackgroundWork.sameThread();

    private void failCompute(Throwable e) {
        fail(i18n.get("explorer.error.compute", Failures.describe(i18n, e)));
    }

    /**
     * A small slider step (see {@link ExplorerComputation#smallStep}) runs right here on the FX
     * thread, so that the new picture is in the very next frame, rather than a thread hop away
     * and a frame later. Only while no background work runs, so the engine is free and results
     * stay in order.
     */
    private boolean answerAtOnce(ExplorerRequest request) {
        return coalescer.idle() && context.work().runningProperty().get() == 0 && computation.smallStep(request);
    }

    /** Runs on the worker (or at once): see {@link ExplorerComputation#compute}. */
    ExplorerResult compute(ExplorerRequest r) {
        return computation.compute(r);
    }

    void accept(ExplorerResult r) {
        if (r.request().loaded() != loaded.get()) {
            return;     // asked for before a loaded model replaced it: that model's picture stays
        }
        error.set(false);
        message.set("");
        maps.show(r.trace(), r.traceA(), r.figure(), r.request().view());
    }

    void fail(String text) {
        error.set(true);
        message.set(text);
    }

    /** Pins the live settings as A of the comparison. */
    public void pinAsA() {
        pinned.set(controls.snapshot());
    }

    /** Shows the next (+1) or previous (-1) head in focus; false at either end. */
    public boolean stepHead(int delta) {
        return maps.stepHead(delta);
    }

    /** Takes a loaded model that the loader has already computed once. */
    void adopt(ExplorerLoader.Prepared p, String name) {
        updating++;
        try {
            loaded.set(p.loaded());
            if (p.loaded().input() != null) {
                dModel.set(p.loaded().input().dim(-1));
            }
            controls.load(p.controls());
            heads.set(p.heads());
        } finally {
            updating--;
        }
        accept(p.result());
        message.set(i18n.get("explorer.loaded", name));
    }

    /** The folder the explorer's file choosers open in. */
    public org.attentionexplainer.ui.shell.LastFolder lastFolder() {
        return new org.attentionexplainer.ui.shell.LastFolder(context.settings());
    }

    /** The explorer's settings as a session, and back. */
    ExplorerSessions sessions() {
        return sessions;
    }

    /** A trained model's layer as a loaded spec, made on the worker; {@code then} follows its adoption. */
    void loadTrained(String name, java.util.function.Supplier<org.attentionexplainer.engine.AttentionSpec> spec,
                     java.util.function.BooleanSupplier take, Runnable then,
                     java.util.function.Consumer<String> failed) {
        loader.loadTrained(name, spec, take, then, failed);
    }

    /** The trained heads the explorer can show instead of seeded weights. */
    public TrainedHeads trained() {
        return trained;
    }

    public void loadSpec(Path file) {
        loader.loadSpec(file);
    }

    public void loadInput(Path file) {
        loader.loadInput(file);
    }

    public void loadWeights(List<Path> files) {
        loader.loadWeights(files);
    }

    /** Back to the typed sentence and seeded weights. */
    public void useSentence() {
        trained.stop();
        loaded.set(LoadedData.NONE);
        recompute();
    }

    public StringProperty sentenceProperty() {
        return sentence;
    }

    public ReadOnlyListProperty<String> tokensProperty() {
        return tokens.getReadOnlyProperty();
    }

    public IntegerProperty dModelProperty() {
        return dModel;
    }

    public IntegerProperty headsProperty() {
        return heads;
    }

    public ReadOnlyListProperty<Integer> headsOfferedProperty() {
        return headsOffered.getReadOnlyProperty();
    }

    public ObjectProperty<ProjectionKind> projectionProperty() {
        return projection;
    }

    public LongProperty weightSeedProperty() {
        return weightSeed;
    }

    public LongProperty embeddingSeedProperty() {
        return embeddingSeed;
    }

    public BooleanProperty positionalProperty() {
        return positional;
    }

    public ControlsModel controls() {
        return controls;
    }

    public DisplayModel display() {
        return display;
    }

    /** The maps shown: the traces, the figure, the clicked cell. */
    public MapsModel maps() {
        return maps;
    }

    public ReadOnlyObjectProperty<AttentionTrace> traceProperty() {
        return maps.traceProperty();
    }

    public ReadOnlyObjectProperty<Figure> figureProperty() {
        return maps.figureProperty();
    }

    public ObjectProperty<AttentionControls> pinnedProperty() {
        return pinned;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    public ObjectProperty<LoadedData> loadedProperty() {
        return loaded;
    }

}
