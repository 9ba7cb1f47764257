package org.attentionexplainer.ui.realmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Locale;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.model.TransformerModel;
import org.attentionexplainer.engine.tinygpt.ShippedModel;
import org.attentionexplainer.engine.tinygpt.TinyGpt;
import org.attentionexplainer.export.FigureParts;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.ui.MemorySettings;
import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.ui.export.ExportActions;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.FileAction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The tiny GPT handed to the real-model screen (from its Train screen): shown as trained, a
 * decoder whose causal mask is its own, its letters as tokens, its 2 × 4 heads; a built-in model
 * still loading does not replace it when its load ends.
 */
class HandedModelTest {
    private static TransformerModel tiny;

    @BeforeAll
    static void load() throws IOException {
        AttentionEngine engine = new AttentionEngine();
        tiny = TinyGpt.asModel(ShippedModel.load().weights(), () -> engine, "tiny GPT");
    }

    @Test
    void theTinyGptIsShownAsADecoderWithItsLettersAndHeads() {
        RealModelViewModel vm = new RealModelViewModel(TestContexts.english(), TestModels.absent());
        vm.start();
        vm.showModel(tiny, "KDXMQBTRAP KDXMQ");
        assertEquals(RealModelViewModel.Status.READY, vm.statusProperty().get());
        assertFalse(vm.errorProperty().get(), vm.messageProperty().get());
        assertEquals("tiny GPT", vm.modelNameProperty().get());
        assertTrue(vm.modelCausalProperty().get());
        assertTrue(vm.causalProperty().get(), "the switch shows the model's own mask");
        assertTrue(vm.asTrainedBinding().get());
        assertEquals(2, vm.layersProperty().get());
        assertEquals(4, vm.headsProperty().get());
        assertEquals("KDXMQBTRAPKDXMQ", String.join("", vm.tokensProperty().stream().map(TokenView::text).toList()));
        assertTrue(vm.tokensProperty().stream().noneMatch(t -> t.continuation() || t.special()));
        assertTrue(vm.messageProperty().get().startsWith(
                "Showing tiny GPT, handed over from its screen: a decoder, so its causal mask is its own."),
                vm.messageProperty().get());
        Overview o = vm.overviewProperty().get();
        assertEquals(15, o.size());
        for (int l = 0; l < 2; l++) {
            for (int h = 0; h < 4; h++) {
                for (int i = 0; i < 15; i++) {
                    double sum = 0;
                    for (int j = 0; j < 15; j++) {
                        sum += o.weight(l, h, i, j);
                        if (j > i) {
                            assertEquals(0.0, o.weight(l, h, i, j), "no later key");
                        }
                    }
                    assertEquals(1.0, sum, 1e-5);
                }
            }
        }
        vm.focus(1, 2);
        assertEquals(1, vm.focusedLayerProperty().get());
        assertEquals(15, vm.focusModel().traceProperty().get().queryLength());
    }

    @Test
    void itsEveryHeadExportsAndAFocusedLayerExportsItsHeads() {
        AppContext context = TestContexts.english();
        RealModelViewModel vm = new RealModelViewModel(context, TestModels.absent());
        ExportActions actions = RealModelActions.create(context, vm);
        vm.showModel(tiny, "HELPSHELPS");
        assertTrue(actions.available(FileAction.PICTURE).get());
        Figure overview = RealModelActions.overview(vm, context.i18n(), FigureParts.ALL);
        assertEquals(8, overview.panelCount());
        assertEquals("L2 H4", overview.title(7));
        vm.focus(0, 3);
        assertTrue(actions.available(FileAction.ALL_HEADS).get());
        assertEquals(4, vm.focusModel().traceProperty().get().headCount());
    }

    @Test
    void aTextItCannotReadSaysWhyAndKeepsTheMaps() {
        RealModelViewModel vm = new RealModelViewModel(TestContexts.english(), TestModels.absent());
        vm.showModel(tiny, "HELPSHELPS");
        Overview before = vm.overviewProperty().get();
        vm.sentenceProperty().set("HELP!");
        assertTrue(vm.errorProperty().get());
        assertTrue(vm.messageProperty().get().contains(
                "“!” is not one of the tiny GPT’s symbols: it reads only the letters A to Z"), vm.messageProperty().get());
        assertSame(before, vm.overviewProperty().get());
    }

    @Test
    void aLoadStillRunningDoesNotReplaceTheModelHanded() {
        Queue<Runnable> worker = new ArrayDeque<>();
        AppContext context = new AppContext(new I18n(Locale.ENGLISH), new BackgroundWork(worker::add, Runnable::run),
                CompletableFuture.completedFuture(new AttentionEngine()), new MemorySettings());
        RealModelViewModel vm = new RealModelViewModel(context, TestModels.loaded());
        vm.start();
        assertEquals(RealModelViewModel.Status.LOADING, vm.statusProperty().get());
        vm.showModel(tiny, "HELPSHELPS");
        while (!worker.isEmpty()) {
            worker.poll().run();
        }
        assertEquals("tiny GPT", vm.modelNameProperty().get());
        assertEquals(RealModelViewModel.Status.READY, vm.statusProperty().get());
        assertEquals(List.of(2, 4), List.of(vm.overviewProperty().get().layers(), vm.overviewProperty().get().heads()));
    }
}
