package org.attentionexplainer.ui.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.bert.MiniLmModel;
import org.attentionexplainer.engine.bert.ModelLoadException;
import org.attentionexplainer.ui.MemorySettings;
import org.attentionexplainer.ui.common.TrainedModel;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;

/**
 * The explorer opens on trained heads where the trained model is installed, says on its
 * picture when the weights are seeded random numbers, and remembers which of the two it was
 * left on. Screens are made on the FX thread, and their work runs there too, so each result is
 * there when the call returns.
 */
class ExplorerTrainedHeadsTest {
    private static final AttentionEngine ENGINE = new AttentionEngine();
    private static MiniLmModel shared;
    private final FxRobot robot = new FxRobot();

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    /** The view-model of a new explorer screen, made and opened on the FX thread. */
    private ExplorerViewModel open(AppContext context, TrainedModel model) {
        ExplorerViewModel[] vm = new ExplorerViewModel[1];
        robot.interact(() -> vm[0] = new ExplorerScreen(context, model).model());
        return vm[0];
    }

    private void onFx(Runnable action) {
        robot.interact(action);
    }

    private static synchronized MiniLmModel loaded() throws ModelLoadException {
        if (shared == null) {
            shared = MiniLmModel.load(f -> { });
        }
        return shared;
    }

    private static TrainedModel trained() {
        return new TrainedModel(MiniLmModel::isAvailable, p -> loaded());
    }

    private static AppContext context(MemorySettings settings) {
        return new AppContext(new I18n(Locale.ENGLISH), BackgroundWork.sameThread(),
                CompletableFuture.completedFuture(ENGINE), settings);
    }

    private static String caption(ExplorerViewModel vm) {
        return vm.figureProperty().get().options().caption();
    }

    @Test
    void theFirstOpeningShowsTrainedHeadsOfTheTypedSentence() {
        MemorySettings settings = new MemorySettings();
        ExplorerViewModel vm = open(context(settings), trained());
        assertEquals(TrainedHeads.DEFAULT_LAYER, vm.trained().layerProperty().get());
        AttentionTrace t = vm.traceProperty().get();
        assertEquals(12, t.headCount(), "all-MiniLM-L6-v2 has 12 heads per layer");
        assertEquals(32, t.headDim(), "384 / 12");
        assertEquals(List.of("[CLS]", "your", "journey", "starts", "with", "one", "step", "[SEP]"), t.spec().tokens());
        assertFalse(vm.trained().randomBinding().get());
        assertTrue(caption(vm).startsWith("12 heads, d_k = 32, from all-MiniLM-L6-v2, layer 3"), caption(vm));

        onFx(() -> vm.sentenceProperty().set("The animal didn't cross the street because it was too tired"));
        assertEquals(TrainedHeads.DEFAULT_LAYER, vm.trained().layerProperty().get(), "a new sentence stays trained");
        assertTrue(vm.traceProperty().get().spec().tokens().contains("animal"));
        onFx(() -> vm.trained().show(5));
        assertTrue(caption(vm).contains("layer 6"), caption(vm));
    }

    @Test
    void seededWeightsSayTheirPatternsMeanNothingAndTheChoiceIsRemembered() {
        MemorySettings settings = new MemorySettings();
        ExplorerViewModel vm = open(context(settings), trained());
        onFx(vm::useSentence);
        assertEquals(-1, vm.trained().layerProperty().get());
        assertTrue(vm.trained().randomBinding().get());
        assertTrue(caption(vm).startsWith("Random weights: these patterns mean nothing yet · 4 heads, d_k = 3"),
                caption(vm));

        ExplorerViewModel again = open(context(settings), trained());
        assertEquals(-1, again.trained().layerProperty().get(), "left on the seeded model, it opens there");
        assertTrue(again.trained().randomBinding().get());
        onFx(() -> again.trained().show(0));
        ExplorerViewModel third = open(context(settings), trained());
        assertEquals(0, third.trained().layerProperty().get(), "left on layer 1, it opens there");
    }

    @Test
    void withoutTheModelTheExplorerOpensOnSeededWeightsAndSaysSo() {
        ExplorerViewModel vm = open(context(new MemorySettings()), TrainedModel.absent());
        assertFalse(vm.trained().available());
        assertEquals(-1, vm.trained().layerProperty().get());
        assertTrue(vm.trained().randomBinding().get());
        assertEquals(3, vm.traceProperty().get().headDim());
    }

    /** A worker that runs only when told to, on the FX thread: the order of events is the test's to choose. */
    private static final class HeldWorker {
        final java.util.ArrayDeque<Runnable> tasks = new java.util.ArrayDeque<>();
        int ran;

        AppContext context() {
            return new AppContext(new I18n(Locale.ENGLISH), new BackgroundWork(tasks::add, Runnable::run),
                    CompletableFuture.completedFuture(ENGINE), new MemorySettings());
        }

        /** Runs what waits, and what that asks for in turn, until nothing waits. */
        void drain() {
            while (!tasks.isEmpty()) {
                ran++;
                tasks.poll().run();
            }
        }
    }

    private List<String> tokens(ExplorerViewModel vm) {
        return vm.traceProperty().get().spec().tokens();
    }

    @Test
    void aSentenceTypedWhileTheModelStillLoadsIsTheOneShown() {
        HeldWorker worker = new HeldWorker();
        ExplorerViewModel vm = open(worker.context(), trained());
        onFx(() -> {
            for (String typed : new String[] {"the short s", "the short sent", "the short sentence"}) {
                vm.sentenceProperty().set(typed);
            }
            worker.drain();
        });
        assertEquals(TrainedHeads.DEFAULT_LAYER, vm.trained().layerProperty().get());
        assertEquals(List.of("[CLS]", "the", "short", "sentence", "[SEP]"), tokens(vm));
    }

    @Test
    void typingOnTrainedHeadsRunsTheModelOnceAtATimeAndEndsOnTheLastSentence() {
        HeldWorker worker = new HeldWorker();
        ExplorerViewModel vm = open(worker.context(), trained());
        onFx(worker::drain);
        assertEquals(TrainedHeads.DEFAULT_LAYER, vm.trained().layerProperty().get());
        int before = worker.ran;
        onFx(() -> {
            for (String typed : new String[] {"a", "a b", "a bi", "a bir", "a bird"}) {
                vm.sentenceProperty().set(typed);
            }
            worker.drain();
        });
        assertEquals(List.of("[CLS]", "a", "bird", "[SEP]"), tokens(vm));
        // five keystrokes: the model runs on "a", then once more on "a bird" (not once per key), and the
        // seeded picture's coalesced requests run at most twice
        assertTrue(worker.ran - before <= 2 + 2, "the model's runs wait for each other; "
                + (worker.ran - before) + " tasks ran");
        assertTrue(vm.trained().layerProperty().get() >= 0);
    }

    @Test
    void backToTheSentenceWhileTrainedHeadsAreOnTheirWayKeepsTheSentencesModel() {
        HeldWorker worker = new HeldWorker();
        ExplorerViewModel vm = open(worker.context(), trained());
        onFx(worker::drain);
        onFx(() -> {
            vm.sentenceProperty().set("a bird sings");
            vm.useSentence();
            worker.drain();
        });
        assertEquals(-1, vm.trained().layerProperty().get(), "the late trained heads are not shown");
        assertTrue(vm.trained().randomBinding().get());
        assertEquals(List.of("a", "bird", "sings"), tokens(vm));
    }
}
