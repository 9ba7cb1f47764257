package org.attentionexplainer.ui.realmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleConsumer;
import org.attentionexplainer.engine.bert.ModelLoadException;
import org.attentionexplainer.engine.model.TinyModels;
import org.attentionexplainer.engine.model.TransformerModel;
import org.attentionexplainer.engine.model.TransformerModel.TokenizerKind;
import org.attentionexplainer.ui.TestContexts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real-model screen's state with models opened from folders (synchronous): a decoder's
 * causal mask is fixed on, the overview takes the model's layers and heads, a bad folder or a
 * cancelled load leaves the model shown as it was.
 */
class RealModelFolderTest {
    @TempDir
    Path dir;

    private static RealModelViewModel withoutBuiltInModel() {
        RealModelViewModel vm = new RealModelViewModel(TestContexts.english(), TestModels.absent());
        vm.start();
        return vm;
    }

    @Test
    void aDecoderOpensWithItsOwnCausalMaskFixedOn() {
        RealModelViewModel vm = withoutBuiltInModel();
        vm.sentenceProperty().set("The cat sat on the mat. It's 42 degrees");
        vm.openFolder(TinyModels.folder("tiny-gpt2"));
        assertEquals(RealModelViewModel.Status.READY, vm.statusProperty().get(), vm.messageProperty().get());
        assertFalse(vm.errorProperty().get(), vm.messageProperty().get());
        assertEquals("tiny-gpt2", vm.modelNameProperty().get());
        assertTrue(vm.messageProperty().get().contains("tiny-gpt2"), vm.messageProperty().get());
        assertTrue(vm.modelCausalProperty().get());
        assertTrue(vm.causalProperty().get());
        assertTrue(vm.asTrainedBinding().get(), "causal is how a decoder was trained");
        assertEquals(TokenizerKind.BYTE_LEVEL_BPE, vm.tokenizerKindProperty().get());
        Overview o = vm.overviewProperty().get();
        assertEquals(2, o.layers());
        assertEquals(4, o.heads());
        assertEquals(2, vm.layersProperty().get());
        assertEquals(4, vm.headsProperty().get());
        List<TokenView> tokens = vm.tokensProperty();
        assertEquals("The", tokens.get(0).text());
        assertEquals(new TokenView("\u0120cat", false, false, " cat"), tokens.get(1));
        // "degrees" is not in the tiny vocabulary whole: its later pieces continue the word
        TokenView last = tokens.get(tokens.size() - 1);
        assertTrue(last.continuation(), tokens.toString());
        assertEquals(" degrees", last.word());
        for (int l = 0; l < o.layers(); l++) {
            for (int h = 0; h < o.heads(); h++) {
                for (int i = 0; i < o.size(); i++) {
                    for (int j = i + 1; j < o.size(); j++) {
                        assertEquals(0f, o.weight(l, h, i, j), "a later token seen");
                    }
                }
            }
        }
        vm.causalProperty().set(false);
        vm.resetWhatIf();
        assertTrue(vm.causalProperty().get());
        vm.focus(1, 2);
        assertEquals(1, vm.focusedLayerProperty().get());
        assertNotNull(vm.focusModel().figureProperty().get());
    }

    @Test
    void aBadFolderIsOneLineAndTheModelShownStays() throws Exception {
        RealModelViewModel vm = withoutBuiltInModel();
        vm.openFolder(TinyModels.folder("tiny-bert"));
        Overview shown = vm.overviewProperty().get();
        assertFalse(vm.modelCausalProperty().get());
        assertFalse(vm.causalProperty().get());
        assertEquals(TokenizerKind.WORDPIECE, vm.tokenizerKindProperty().get());

        Path bad = TinyModels.copy("tiny-gpt2", dir);
        Path config = bad.resolve("config.json");
        Files.writeString(config, Files.readString(config).replace("\"gpt2\"", "\"llama\""));
        vm.openFolder(bad);
        assertEquals(RealModelViewModel.Status.READY, vm.statusProperty().get());
        assertTrue(vm.errorProperty().get());
        String m = vm.messageProperty().get();
        assertTrue(m.contains("config.json") && m.contains("llama") && m.contains("tiny-bert"), m);
        assertFalse(m.contains("\n"), m);
        assertEquals("tiny-bert", vm.modelNameProperty().get());
        assertSame(shown, vm.overviewProperty().get());

        vm.openFolder(dir.resolve("missing"));
        assertTrue(vm.messageProperty().get().contains("is not a folder"), vm.messageProperty().get());
        assertEquals("tiny-bert", vm.modelNameProperty().get());
    }

    @Test
    void aCancelledLoadKeepsTheModelShown() {
        RealModelViewModel[] holder = new RealModelViewModel[1];
        ModelProvider cancelling = new ModelProvider() {
            @Override
            public boolean available() {
                return false;
            }

            @Override
            public TransformerModel load(DoubleConsumer progress) throws ModelLoadException {
                throw new ModelLoadException("not installed");
            }

            @Override
            public TransformerModel loadFolder(Path folder, DoubleConsumer progress, BooleanSupplier cancelled)
                    throws ModelLoadException {
                if (folder.endsWith("tiny-gpt2")) {
                    holder[0].cancelLoad();                               // as the Cancel button would
                    if (cancelled.getAsBoolean()) {
                        throw new CancellationException();
                    }
                }
                return ModelProvider.super.loadFolder(folder, progress, cancelled);
            }
        };
        RealModelViewModel vm = new RealModelViewModel(TestContexts.english(), cancelling);
        holder[0] = vm;
        vm.start();
        vm.openFolder(TinyModels.folder("tiny-bert"));
        assertFalse(vm.cancellableProperty().get());
        vm.openFolder(TinyModels.folder("tiny-gpt2"));
        assertEquals(RealModelViewModel.Status.READY, vm.statusProperty().get());
        assertFalse(vm.errorProperty().get());
        assertEquals("Loading cancelled; tiny-bert stays.", vm.messageProperty().get());
        assertEquals("tiny-bert", vm.modelNameProperty().get());
        assertFalse(vm.modelCausalProperty().get());
    }

    @Test
    void withTheBuiltInModelAFailedFolderNamesTheModelThatStays() throws Exception {
        RealModelViewModel vm = new RealModelViewModel(TestContexts.english(), TestModels.loaded());
        vm.start();
        assertEquals("all-MiniLM-L6-v2", vm.modelNameProperty().get());
        Path bad = TinyModels.copy("tiny-bert", dir);
        Files.delete(bad.resolve("model.safetensors"));
        vm.openFolder(bad);
        String m = vm.messageProperty().get();
        assertTrue(m.contains("has no model.safetensors") && m.contains("all-MiniLM-L6-v2"), m);
        assertEquals(6, vm.overviewProperty().get().layers());
        assertEquals(12, vm.overviewProperty().get().heads());
    }
}
