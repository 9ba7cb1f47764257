package org.attentionexplainer.ui.realmodel;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import org.attentionexplainer.engine.bert.EncoderTrace;
import org.attentionexplainer.engine.bert.MiniLmModel;
import org.attentionexplainer.engine.bert.ModelLoadException;
import org.attentionexplainer.engine.bert.ModelSource;
import org.attentionexplainer.engine.bert.WhatIf;
import org.attentionexplainer.engine.model.TransformerModel;
import org.attentionexplainer.engine.model.TransformerModel.TokenizerKind;
import org.attentionexplainer.engine.text.Encoding;
import org.attentionexplainer.engine.text.TextTooLongException;
import org.attentionexplainer.engine.text.Token;
import org.attentionexplainer.engine.text.VocabularyFit;
import org.attentionexplainer.export.ViewMode;
import org.attentionexplainer.ui.common.MapsModel;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.Coalescer;
import org.attentionexplainer.ui.shell.Failures;

/**
 * State of the real-model screen: a sentence run through a trained model (all-MiniLM-L6-v2,
 * or one opened from a folder), every head's attention for the layer x head overview, and one
 * focused head handed to the explorer's tools. The built-in model loads once, in the
 * background, on {@link #start()}; {@link #openFolder} replaces it, or keeps the model shown
 * when the folder cannot be opened or its loading is cancelled. Each change of the sentence
 * or of the what-if settings asks for a forward pass through a {@link Coalescer}, so typing
 * computes only the newest text.
 */
public final class RealModelViewModel {
    public static final String DEFAULT_SENTENCE = "The cat sat on the mat because it was tired.";
    /** The built-in model's name, as the figures caption it until another model is opened. */
    public static final String MODEL_NAME = MiniLmModel.NAME;

    /** Where the model stands. */
    public enum Status { NOT_LOADED, UNAVAILABLE, LOADING, READY, FAILED }

    private final AppContext context;
    private final I18n i18n;
    private final ModelProvider provider;
    private final Coalescer<Computed> coalescer;
    private final FocusedLayer focus;

    private final StringProperty sentence = new SimpleStringProperty(this, "sentence", DEFAULT_SENTENCE);
    private final BooleanProperty causal = new SimpleBooleanProperty(this, "causal");
    private final DoubleProperty temperature = new SimpleDoubleProperty(this, "temperature", 1.0);
    private final ReadOnlyObjectWrapper<Status> status = new ReadOnlyObjectWrapper<>(this, "status",
            Status.NOT_LOADED);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress");
    private final ReadOnlyListWrapper<TokenView> tokens = new ReadOnlyListWrapper<>(FXCollections.observableArrayList());
    private final ReadOnlyObjectWrapper<Overview> overview = new ReadOnlyObjectWrapper<>(this, "overview");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyBooleanWrapper error = new ReadOnlyBooleanWrapper(this, "error");
    private final ReadOnlyIntegerWrapper focusedLayer = new ReadOnlyIntegerWrapper(this, "focusedLayer", -1);
    private final ReadOnlyIntegerWrapper focusedHead = new ReadOnlyIntegerWrapper(this, "focusedHead", -1);
    private final ReadOnlyStringWrapper modelName = new ReadOnlyStringWrapper(this, "modelName", MODEL_NAME);
    private final ReadOnlyBooleanWrapper modelCausal = new ReadOnlyBooleanWrapper(this, "modelCausal");
    private final ReadOnlyIntegerWrapper layers = new ReadOnlyIntegerWrapper(this, "layers", 6);
    private final ReadOnlyIntegerWrapper heads = new ReadOnlyIntegerWrapper(this, "heads", 12);
    private final ReadOnlyObjectWrapper<TokenizerKind> tokenizerKind = new ReadOnlyObjectWrapper<>(this,
            "tokenizerKind", TokenizerKind.WORDPIECE);
    private final BooleanBinding asTrained;
    private final StringBinding lengthNotice;
    private final ReadOnlyObjectWrapper<VocabularyFit> fit = new ReadOnlyObjectWrapper<>(this, "fit");
    private final StringBinding languageNotice;

    private TransformerModel model;
    private EncoderTrace trace;
    private final ModelLoads loads;
    /** The status line, worded again when the language changes. */
    private Supplier<String> said = () -> "";
    private double loadSeconds;
    /** Counts the models handed over: a load begun before the last one does not replace it. */
    private int handed;
    /** The model last handed over, which was not loaded (its status line says so). */
    private TransformerModel handedModel;

    /** One forward pass's results, made on the worker. */
    record Computed(List<TokenView> tokens, Overview overview, EncoderTrace trace, VocabularyFit fit) {
    }

    public RealModelViewModel(AppContext context, ModelProvider provider) {
        this.context = context;
        this.i18n = context.i18n();
        this.provider = provider;
        this.coalescer = new Coalescer<>(context.work());
        this.loads = new ModelLoads(context.work());
        this.focus = new FocusedLayer(context, e -> fail(() -> describe(e)));
        this.asTrained = Bindings.createBooleanBinding(
                () -> causal.get() == modelCausal.get() && temperature.get() == 1.0, causal, temperature, modelCausal);
        this.lengthNotice = Bindings.createStringBinding(() -> {
            Overview o = overview.get();
            return o == null || model == null || o.size() <= model.trainedLength() ? ""
                    : i18n.get("real.notice.untrainedLength", o.size(), model.trainedLength(), model.name());
        }, overview, i18n.localeProperty());
        this.languageNotice = Bindings.createStringBinding(() -> {
            VocabularyFit f = fit.get();
            return f == null || !f.looksForeign() ? ""
                    : i18n.get("real.notice.notEnglish", MODEL_NAME, String.join(" · ", f.examples().isEmpty()
                    ? tokens.stream().filter(t -> !t.special()).limit(3).map(TokenView::text).toList()
                    : f.examples()));
        }, fit, i18n.localeProperty());
        i18n.localeProperty().addListener(o -> message.set(said.get()));
        sentence.addListener(o -> recompute());
        causal.addListener(o -> recompute());
        temperature.addListener(o -> recompute());
        focus.maps().display().headProperty().addListener((o, a, b) -> {
            if (focusedLayer.get() >= 0) {
                focusedHead.set(b.intValue());
            }
        });
    }

    /** Loads the model the first time (later calls do nothing), or says it is not installed. */
    public void start() {
        if (status.get() != Status.NOT_LOADED) {
            return;
        }
        if (!provider.available()) {
            status.set(Status.UNAVAILABLE);
            fail(() -> i18n.get("real.unavailable", ModelSource.ARTIFACT));
            return;
        }
        begin(() -> i18n.get("real.loading"), false, (p, c) -> provider.load(p), e -> {
            status.set(Status.FAILED);
            fail(() -> i18n.get("real.error.load", Failures.describe(i18n, e)));
        });
    }

    /**
     * Opens a model folder in the Hugging Face layout in the background, with progress and
     * Cancel; the model shown stays if the folder cannot be opened or the user cancels.
     */
    public void openFolder(Path folder) {
        Status before = status.get();
        String shown = folder.getFileName() == null ? folder.toString() : folder.getFileName().toString();
        begin(() -> i18n.get("real.loading.folder", shown), true, (p, c) -> provider.loadFolder(folder, p, c), e -> {
            status.set(loads.busy() ? Status.LOADING
                    : model != null ? Status.READY : before == Status.LOADING ? Status.FAILED : before);
            Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
            if (cause instanceof CancellationException) {
                TransformerModel kept = model;
                say(() -> kept == null ? i18n.get("real.cancelled.none") : i18n.get("real.cancelled", kept.name()));
                error.set(false);
            } else {
                TransformerModel kept = model;
                fail(() -> i18n.get("real.error.folder", shown, Failures.describe(i18n, cause))
                        + (kept == null ? "" : " " + i18n.get("real.kept", kept.name())));
            }
        });
    }

    /** Stops the folder being loaded (the model shown stays). */
    public void cancelLoad() {
        loads.cancel();
    }

    private void begin(Supplier<String> loadingText, boolean canCancel, ModelLoads.Loader loader,
                       java.util.function.Consumer<Throwable> onError) {
        status.set(Status.LOADING);
        progress.set(0);
        error.set(false);
        say(loadingText);
        int handedBefore = handed;
        loads.run(canCancel, loader, progress::set, m -> {
            if (handed == handedBefore) {
                show(m);
            } else if (!loads.busy()) {
                status.set(Status.READY);
            }
        }, onError);
    }

    /**
     * Shows a model another screen made (the tiny GPT), as trained, running {@code text}; a load
     * still running (the built-in model's) no longer replaces it when it ends.
     */
    public void showModel(TransformerModel m, String text) {
        handed++;
        handedModel = m;
        model = null;
        sentence.set(text);
        show(m);
    }

    /** A loaded model becomes the one shown, as trained. */
    private void show(TransformerModel m) {
        model = m;
        modelName.set(m.name());
        modelCausal.set(m.causal());
        causal.set(m.causal());
        layers.set(m.layers());
        heads.set(m.heads());
        tokenizerKind.set(m.tokenizerKind());
        focusedLayer.set(-1);
        focusedHead.set(-1);
        status.set(loads.busy() ? Status.LOADING : Status.READY);
        progress.set(1);
        loadSeconds = loads.seconds();
        say(this::loadedText);
        recompute();
    }

    /** Asks for a forward pass of the current sentence and what-if settings (the newest wins). */
    public void recompute() {
        if (model == null) {
            return;
        }
        TransformerModel m = model;
        String text = sentence.get();
        WhatIf whatIf = new WhatIf(causal.get(), temperature.get());
        coalescer.request(() -> compute(m, text, whatIf), this::accept, e -> fail(() -> describe(e)));
    }

    /** Runs on the worker: tokens, the forward pass and all the maps. */
    static Computed compute(TransformerModel m, String text, WhatIf whatIf) {
        long t0 = System.nanoTime();
        EncoderTrace t = m.run(List.of(text), whatIf);
        long nanos = System.nanoTime() - t0;
        Encoding encoding = t.inputs().get(0);
        float[][][][] maps = new float[t.layerCount()][t.headCount()][][];
        for (int l = 0; l < maps.length; l++) {
            for (int h = 0; h < maps[l].length; h++) {
                maps[l][h] = t.attention(0, l, h);
            }
        }
        List<TokenView> views = new ArrayList<>();
        Token previous = null;
        for (Token token : encoding.tokens()) {
            String word = token.word() < 0 ? "" : encoding.words().get(token.word()).text();
            // a piece after another of the same word continues it (WordPiece also marks it ##)
            boolean continues = token.isContinuation() || (previous != null && !token.special()
                    && !previous.special() && previous.word() == token.word());
            views.add(new TokenView(token.text(), continues, token.special(), word));
            previous = token;
        }
        return new Computed(views, new Overview(encoding.tokenTexts(), maps, whatIf, nanos), t,
                VocabularyFit.of(encoding, m.unknownToken()));
    }

    private void accept(Computed c) {
        trace = c.trace();
        tokens.setAll(c.tokens());
        fit.set(c.fit());
        overview.set(c.overview());
        error.set(false);
        say(() -> loadedText() + " " + i18n.get("real.forward", c.overview().size(),
                i18n.number(c.overview().forwardNanos() / 1e6, 0), c.overview().layers()));
        if (focusedLayer.get() >= 0) {
            showFocus(focusedLayer.get(), focusedHead.get());
        } else {
            // a slide is never half empty: a new model opens on the head that reads the previous token most,
            // a pattern a class can see at once (the learner clicks any other)
            int[] best = previousTokenHead(c.overview());
            focus(best[0], best[1]);
        }
    }

    /** The layer and head with the highest mean weight on the previous token (the first head where none). */
    static int[] previousTokenHead(Overview o) {
        int[] best = {0, 0};
        double top = -1;
        for (int l = 0; l < o.layers(); l++) {
            for (int h = 0; h < o.heads(); h++) {
                double score = org.attentionexplainer.lesson.heads.HeadDetectors.previousToken(o.maps()[l][h])
                        .orElse(-1);
                if (score > top + 1e-9) {
                    top = score;
                    best = new int[] {l, h};
                }
            }
        }
        return best;
    }

    /** Enlarges one head with the explorer's tools: its layer becomes the explorer's model. */
    public void focus(int layer, int head) {
        Overview o = overview.get();
        if (o == null || layer < 0 || head < 0 || layer >= o.layers() || head >= o.heads()) {
            return;
        }
        boolean sameLayer = layer == focusedLayer.get();
        focusedLayer.set(layer);
        focusedHead.set(head);
        if (sameLayer) {
            focus.maps().display().headProperty().set(head);
            focus.maps().display().modeProperty().set(ViewMode.FOCUS);
        } else {
            showFocus(layer, head);
        }
    }

    private void showFocus(int layer, int head) {
        TransformerModel m = model;
        EncoderTrace t = trace;
        focus.show(() -> m.attentionSpec(t, 0, layer), () -> i18n.get("real.focus.name", m.name(), layer + 1),
                head);
    }

    /** Back to the model as trained: its own mask (causal for a decoder), temperature 1. */
    public void resetWhatIf() {
        causal.set(modelCausal.get());
        temperature.set(1.0);
    }

    /** What the overview says about one cell: layer, head, query, key and the weight. */
    public String describeCell(int layer, int head, int query, int key) {
        Overview o = overview.get();
        if (o == null || query >= o.size() || key >= o.size()) {
            return "";
        }
        return i18n.get("real.cell", layer + 1, head + 1, o.tokens().get(query), o.tokens().get(key),
                i18n.number(o.weight(layer, head, query, key), 3));
    }

    /** A status line that is not an error (an export done). */
    void showInfo(String text) {
        error.set(false);
        say(() -> text);
    }

    private void fail(Supplier<String> text) {
        error.set(true);
        say(text);
    }

    private void say(Supplier<String> text) {
        said = text;
        message.set(text.get());
    }

    private String loadedText() {
        TransformerModel m = model;
        if (m == null) {
            return "";
        }
        if (m == handedModel) {
            return i18n.get("real.handed", m.name());
        }
        return i18n.get("real.loaded", m.name(), i18n.number(loadSeconds, 1))
                + (m.layers() < m.modelLayers() ? " " + i18n.get("real.notice.partial", m.layers(), m.modelLayers())
                : "");
    }

    private String describe(Throwable e) {
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        if (cause instanceof TextTooLongException tooLong) {
            return i18n.get("real.error.tooLong", tooLong.tokenCount(), tooLong.limit());
        }
        return i18n.get("real.error.compute", Failures.describe(i18n, cause));
    }

    /** How long the model took to load, in seconds (0 before it has). */
    public double loadSeconds() {
        return loads.seconds();
    }

    /** The loaded model, or null before it has loaded. */
    TransformerModel model() {
        return model;
    }

    /** The name of the model shown (the built-in model's before any has loaded). */
    public ReadOnlyStringProperty modelNameProperty() {
        return modelName.getReadOnlyProperty();
    }

    /** True while a decoder is shown: its causal mask is its own, not a what-if. */
    public ReadOnlyBooleanProperty modelCausalProperty() {
        return modelCausal.getReadOnlyProperty();
    }

    /** The layers and heads the overview shows (all-MiniLM-L6-v2's 6 and 12 before a model has loaded). */
    public ReadOnlyIntegerProperty layersProperty() {
        return layers.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty headsProperty() {
        return heads.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<TokenizerKind> tokenizerKindProperty() {
        return tokenizerKind.getReadOnlyProperty();
    }

    /** True while a load that Cancel can stop is running. */
    public ReadOnlyBooleanProperty cancellableProperty() {
        return loads.cancellableProperty();
    }

    /** The maps of the focused layer, with the head in focus. */
    public MapsModel focusModel() {
        return focus.maps();
    }

    public StringProperty sentenceProperty() {
        return sentence;
    }

    public BooleanProperty causalProperty() {
        return causal;
    }

    public DoubleProperty temperatureProperty() {
        return temperature;
    }

    public BooleanBinding asTrainedBinding() {
        return asTrained;
    }

    /**
     * Empty, or a notice that the text is longer than any the model was fine-tuned on (more
     * tokens than {@link TransformerModel#trainedLength()}): its maps then show inputs it never saw.
     */
    public StringBinding lengthNoticeBinding() {
        return lengthNotice;
    }

    /**
     * Empty, or a notice that the text does not look English (told from the text and its pieces,
     * not from the app's language): the model's English vocabulary cuts it into pieces it happens
     * to hold, which are not the parts of the language's words.
     */
    public StringBinding languageNoticeBinding() {
        return languageNotice;
    }

    public ReadOnlyObjectProperty<Status> statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyListProperty<TokenView> tokensProperty() {
        return tokens.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Overview> overviewProperty() {
        return overview.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty focusedLayerProperty() {
        return focusedLayer.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty focusedHeadProperty() {
        return focusedHead.getReadOnlyProperty();
    }
}
