package org.attentionexplainer.ui.chapters;

import java.util.function.Function;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.lesson.chapters.CausalChapter;
import org.attentionexplainer.lesson.chapters.CostChapter;
import org.attentionexplainer.lesson.chapters.CostInputs;
import org.attentionexplainer.lesson.chapters.CrossChapter;
import org.attentionexplainer.lesson.chapters.EdgeCasesChapter;
import org.attentionexplainer.lesson.chapters.EncoderChapter;
import org.attentionexplainer.lesson.chapters.HardSoftChapter;
import org.attentionexplainer.lesson.chapters.MasksChapter;
import org.attentionexplainer.lesson.chapters.ModelPreset;
import org.attentionexplainer.lesson.chapters.MultiHeadChapter;
import org.attentionexplainer.lesson.chapters.Precision;
import org.attentionexplainer.lesson.chapters.StabilityChapter;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.Coalescer;
import org.attentionexplainer.ui.shell.Failures;

/**
 * The chapters' numbers and their inputs. Inputs (dropout p and seed, the masks, beta, the cost
 * calculator) are writable properties; each change recomputes its chapter in the background,
 * coalesced so that a slider drag never queues stale work. Results are null until computed.
 */
public final class ChapterModels {
    private final AppContext context;

    private final DoubleProperty dropoutP = new SimpleDoubleProperty(CausalChapter.DEFAULT_P);
    private final IntegerProperty dropoutSeed = new SimpleIntegerProperty((int) CausalChapter.DEFAULT_DROPOUT_SEED);
    private final BooleanProperty causalMask = new SimpleBooleanProperty(true);
    private final BooleanProperty windowMask = new SimpleBooleanProperty(true);
    private final BooleanProperty paddingMask = new SimpleBooleanProperty(true);
    private final IntegerProperty windowSize = new SimpleIntegerProperty(MasksChapter.DEFAULT_WINDOW);
    private final DoubleProperty beta = new SimpleDoubleProperty(HardSoftChapter.DEFAULT_BETA);
    private final ObjectProperty<CostInputs> costInputs =
            new SimpleObjectProperty<>(ModelPreset.LLAMA3_8B.inputs(Precision.FP16));
    private final StringProperty error = new SimpleStringProperty("");

    private final ObjectProperty<CausalChapter> causal = new SimpleObjectProperty<>();
    private final ObjectProperty<MultiHeadChapter> multiHead = new SimpleObjectProperty<>();
    private final ObjectProperty<MasksChapter> masks = new SimpleObjectProperty<>();
    private final ObjectProperty<HardSoftChapter> hardSoft = new SimpleObjectProperty<>();
    private final ObjectProperty<CrossChapter> cross = new SimpleObjectProperty<>();
    private final ObjectProperty<EncoderChapter> encoder = new SimpleObjectProperty<>();
    private final ObjectProperty<StabilityChapter> stability = new SimpleObjectProperty<>();
    private final ObjectProperty<CostChapter> cost = new SimpleObjectProperty<>();
    private final ObjectProperty<EdgeCasesChapter.Single> single = new SimpleObjectProperty<>();
    private final ObjectProperty<EdgeCasesChapter.Empty> empty = new SimpleObjectProperty<>();
    private final ObjectProperty<EdgeCasesChapter.LongInput> longInput = new SimpleObjectProperty<>();

    private boolean longInputRequested;
    private final Coalescer<CausalChapter> causalWork;
    private final Coalescer<MasksChapter> masksWork;
    private final Coalescer<HardSoftChapter> hardSoftWork;

    public ChapterModels(AppContext context) {
        this.context = context;
        causalWork = new Coalescer<>(context.work());
        masksWork = new Coalescer<>(context.work());
        hardSoftWork = new Coalescer<>(context.work());
        once(MultiHeadChapter::compute, multiHead);
        once(CrossChapter::compute, cross);
        once(EncoderChapter::compute, encoder);
        once(StabilityChapter::compute, stability);
        once(EdgeCasesChapter::single, single);
        once(EdgeCasesChapter::empty, empty);
        recomputeCausal();
        recomputeMasks();
        recomputeHardSoft();
        recomputeCost();
        dropoutP.addListener((o, a, b) -> recomputeCausal());
        dropoutSeed.addListener((o, a, b) -> recomputeCausal());
        causalMask.addListener((o, a, b) -> recomputeMasks());
        windowMask.addListener((o, a, b) -> recomputeMasks());
        paddingMask.addListener((o, a, b) -> recomputeMasks());
        windowSize.addListener((o, a, b) -> recomputeMasks());
        beta.addListener((o, a, b) -> recomputeHardSoft());
        costInputs.addListener((o, a, b) -> recomputeCost());
    }

    private <T> void once(Function<AttentionEngine, T> task, ObjectProperty<T> target) {
        context.work().submit(() -> task.apply(context.engine().join()), target::set, this::failed);
    }

    /** Computes the long input of the edge cases (seconds of work), once, when first asked for. */
    public void requestLongInput() {
        if (!longInputRequested) {
            longInputRequested = true;
            once(EdgeCasesChapter::longInput, longInput);
        }
    }

    private void failed(Throwable t) {
        error.set(context.i18n().get("chapter.ui.failed", Failures.describe(context.i18n(), t)));
    }

    private void recomputeCausal() {
        double p = dropoutP.get();
        long seed = dropoutSeed.get();
        causalWork.request(() -> CausalChapter.compute(context.engine().join(), p, seed), causal::set, this::failed);
    }

    private void recomputeMasks() {
        boolean c = causalMask.get();
        boolean w = windowMask.get();
        boolean p = paddingMask.get();
        int size = windowSize.get();
        masksWork.request(() -> MasksChapter.compute(context.engine().join(), c, w, size, p), masks::set,
                this::failed);
    }

    private void recomputeHardSoft() {
        double b = beta.get();
        hardSoftWork.request(() -> HardSoftChapter.compute(context.engine().join(), HardSoftChapter.DEFAULT_QUERY, b),
                hardSoft::set, this::failed);
    }

    /** Plain arithmetic: computed at once on the calling thread. */
    private void recomputeCost() {
        cost.set(CostChapter.compute(costInputs.get()));
    }

    public DoubleProperty dropoutPProperty() {
        return dropoutP;
    }

    public IntegerProperty dropoutSeedProperty() {
        return dropoutSeed;
    }

    public BooleanProperty causalMaskProperty() {
        return causalMask;
    }

    public BooleanProperty windowMaskProperty() {
        return windowMask;
    }

    public BooleanProperty paddingMaskProperty() {
        return paddingMask;
    }

    public IntegerProperty windowSizeProperty() {
        return windowSize;
    }

    public DoubleProperty betaProperty() {
        return beta;
    }

    public ObjectProperty<CostInputs> costInputsProperty() {
        return costInputs;
    }

    /** The last failure, in the current language, or empty. */
    public StringProperty errorProperty() {
        return error;
    }

    public ObjectProperty<CausalChapter> causal() {
        return causal;
    }

    public ObjectProperty<MultiHeadChapter> multiHead() {
        return multiHead;
    }

    public ObjectProperty<MasksChapter> masks() {
        return masks;
    }

    public ObjectProperty<HardSoftChapter> hardSoft() {
        return hardSoft;
    }

    public ObjectProperty<CrossChapter> cross() {
        return cross;
    }

    public ObjectProperty<EncoderChapter> encoder() {
        return encoder;
    }

    public ObjectProperty<StabilityChapter> stability() {
        return stability;
    }

    public ObjectProperty<CostChapter> cost() {
        return cost;
    }

    public ObjectProperty<EdgeCasesChapter.Single> single() {
        return single;
    }

    public ObjectProperty<EdgeCasesChapter.Empty> empty() {
        return empty;
    }

    public ObjectProperty<EdgeCasesChapter.LongInput> longInput() {
        return longInput;
    }
}
