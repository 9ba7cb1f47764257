package org.attentionexplainer.ui.tinygpt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javafx.collections.ListChangeListener;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.bert.WhatIf;
import org.attentionexplainer.engine.model.TransformerModel;
import org.attentionexplainer.engine.tinygpt.GptModelFile;
import org.attentionexplainer.engine.tinygpt.GptWeights;
import org.attentionexplainer.engine.tinygpt.TinyGpt;
import org.attentionexplainer.engine.tinygpt.TrainingProgress;
import org.attentionexplainer.ui.TestContexts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The screen's state, synchronous: training runs on the calling thread, for a few dozen steps. */
class TinyGptViewModelTest {

    private static TinyGptViewModel started() {
        TinyGptViewModel vm = new TinyGptViewModel(TestContexts.english(), Runnable::run);
        vm.start();
        assertEquals(TinyGptViewModel.Status.READY, vm.statusProperty().get(), vm.messageProperty().get());
        return vm;
    }

    @Test
    void theShippedModelOpensTrainedAndCopiesTheRepeat() {
        TinyGptViewModel vm = started();
        assertEquals(2, vm.layerCount());
        assertFalse(vm.errorProperty().get());
        // "KDXMQBTRAP KDXMQ": the last Q came before B the first time, so an induction head answers B
        assertEquals("B", vm.predictionsProperty().get(0).symbol());
        assertTrue(vm.predictionsProperty().get(0).probability() > 0.5);
        assertEquals(4, vm.maps().traceProperty().get().headCount());
        assertEquals(15, vm.maps().traceProperty().get().queryLength());
        assertEquals(2, vm.scoresProperty().get().repeated().size());
        assertTrue(vm.scoresProperty().get().bestInduction().score() >= 0.9);
        assertTrue(vm.scoresProperty().get().bestPreviousToken().score() >= 0.9);
    }

    @Test
    void badSettingsSayWhatIsWrongAndKeepTheModel() {
        TinyGptViewModel vm = started();
        GptWeights shipped = vm.modelProperty().get();
        vm.seedProperty().set("abc");
        vm.train();
        assertTrue(vm.errorProperty().get());
        assertEquals("Seed must be a whole number, not \"abc\". The current model stays.", vm.messageProperty().get());
        vm.seedProperty().set("7");
        vm.headsProperty().set("5");
        vm.train();
        assertTrue(vm.messageProperty().get().startsWith("Heads: 5 heads do not divide d_model 64"),
                vm.messageProperty().get());
        vm.headsProperty().set("4");
        vm.layersProperty().set("0");
        vm.train();
        assertTrue(vm.messageProperty().get().startsWith("Layers: must be between 1 and 8"),
                vm.messageProperty().get());
        assertSame(shipped, vm.modelProperty().get());
        assertTrue(vm.lossesProperty().isEmpty());
        assertEquals(TinyGptViewModel.Status.READY, vm.statusProperty().get());
    }

    @Test
    void badSettingsAreWordedWhollyInTheReadersLanguage() {
        var context = TestContexts.english();
        context.i18n().localeProperty().set(java.util.Locale.forLanguageTag("tr"));
        TinyGptViewModel vm = new TinyGptViewModel(context, Runnable::run);
        vm.start();
        GptWeights shipped = vm.modelProperty().get();
        vm.seedProperty().set("yedi");
        vm.train();
        assertEquals("Tohum bir tam sayı olmalı, \"yedi\" değil. Şimdiki model duruyor.", vm.messageProperty().get());
        vm.seedProperty().set("7");
        vm.layersProperty().set("0");
        vm.train();
        assertEquals("Katman: 1 ile 8 arasında olmalı, 0 verildi. Şimdiki model duruyor.", vm.messageProperty().get());
        vm.layersProperty().set("2");
        vm.headsProperty().set("5");
        vm.train();
        assertEquals("Kafa: 5 kafa d_model 64 değerini tam bölmüyor. Şimdiki model duruyor.", vm.messageProperty().get());
        vm.headsProperty().set("4");
        vm.stepsProperty().set("0");
        vm.train();
        assertEquals("Adım: 1 ile 100000 arasında olmalı, 0 verildi. Şimdiki model duruyor.", vm.messageProperty().get());
        assertTrue(vm.errorProperty().get());
        assertSame(shipped, vm.modelProperty().get());
        assertTrue(vm.lossesProperty().isEmpty());
        assertEquals(TinyGptViewModel.Status.READY, vm.statusProperty().get());
    }

    @Test
    void aShortRunReportsEveryStepAndReplacesTheModel() {
        TinyGptViewModel vm = started();
        GptWeights shipped = vm.modelProperty().get();
        vm.stepsProperty().set("30");
        vm.headsProperty().set("2");
        vm.train();
        assertEquals(TinyGptViewModel.Status.READY, vm.statusProperty().get(), vm.messageProperty().get());
        assertEquals(30, vm.lossesProperty().size());
        assertEquals(1.0, vm.progressProperty().get());
        assertNotSame(shipped, vm.modelProperty().get());
        assertEquals(2, vm.modelProperty().get().config().heads());
        assertEquals(2, vm.maps().traceProperty().get().headCount(), "the maps show the new model");
        assertTrue(vm.messageProperty().get().startsWith("Trained in "), vm.messageProperty().get());
    }

    @Test
    void cancelKeepsTheModelBefore() {
        TinyGptViewModel vm = started();
        GptWeights shipped = vm.modelProperty().get();
        AttentionTrace shown = vm.maps().traceProperty().get();
        vm.stepsProperty().set("500");
        vm.lossesProperty().addListener((ListChangeListener<TrainingProgress>) c -> {
            if (vm.lossesProperty().size() == 3) {
                vm.cancel();
            }
        });
        vm.train();
        assertEquals(3, vm.lossesProperty().size());
        assertSame(shipped, vm.modelProperty().get());
        assertEquals(TinyGptViewModel.Status.READY, vm.statusProperty().get());
        assertEquals("Training cancelled; the model before it stays.", vm.messageProperty().get());
        assertEquals(shown.queryLength(), vm.maps().traceProperty().get().queryLength());
    }

    @Test
    void aBadPromptSaysWhyAndKeepsTheMaps() {
        TinyGptViewModel vm = started();
        AttentionTrace shown = vm.maps().traceProperty().get();
        vm.promptProperty().set("AB3");
        assertEquals("The model knows only the letters A to Z, not \"3\".", vm.promptProblemProperty().get());
        assertSame(shown, vm.maps().traceProperty().get());
        vm.promptProperty().set("z".repeat(25));
        assertEquals("The model reads at most 24 letters.", vm.promptProblemProperty().get());
        vm.promptProperty().set("qwerty qwer");
        assertEquals("", vm.promptProblemProperty().get());
        assertEquals(10, vm.maps().traceProperty().get().queryLength());
        assertEquals("T", vm.predictionsProperty().get(0).symbol(), "after Q W E R T Y Q W E R comes T");
    }

    @Test
    void aSavedModelOpensAgainAndADamagedFileChangesNothing(@TempDir Path dir) throws Exception {
        TinyGptViewModel vm = started();
        GptWeights shipped = vm.modelProperty().get();
        Path file = dir.resolve("mine" + GptModelFile.EXTENSION);
        vm.save(file);
        assertEquals("Saved mine.tinygpt.", vm.messageProperty().get());
        byte[] bytes = Files.readAllBytes(file);
        Path broken = dir.resolve("broken" + GptModelFile.EXTENSION);
        Files.write(broken, Arrays.copyOf(bytes, bytes.length - 10));
        vm.open(broken);
        assertTrue(vm.errorProperty().get());
        assertTrue(vm.messageProperty().get().startsWith("Cannot open the model: "), vm.messageProperty().get());
        assertTrue(vm.messageProperty().get().contains("truncated"), vm.messageProperty().get());
        assertSame(shipped, vm.modelProperty().get());
        vm.open(file);
        assertFalse(vm.errorProperty().get(), vm.messageProperty().get());
        assertNotNull(vm.modelProperty().get());
        assertEquals(shipped.config(), vm.modelProperty().get().config());
        assertTrue(Arrays.equals(shipped.unembedding().toArray(),
                vm.modelProperty().get().unembedding().toArray()));
    }

    @Test
    void aDamagedFileIsRefusedWhollyInTheReadersLanguage(@TempDir Path dir) throws Exception {
        var context = TestContexts.english();
        context.i18n().localeProperty().set(java.util.Locale.forLanguageTag("tr"));
        TinyGptViewModel vm = new TinyGptViewModel(context, Runnable::run);
        vm.start();
        GptWeights shipped = vm.modelProperty().get();
        Path text = Files.writeString(dir.resolve("notlar.tinygpt"), "merhaba");
        vm.open(text);
        assertTrue(vm.errorProperty().get());
        assertEquals("Model açılamıyor: " + text + ": küçük GPT model dosyası değil (\"attention-explainer tiny-gpt 1\" "
                + "ile başlamıyor). Şimdiki model duruyor.", vm.messageProperty().get());
        vm.open(dir.resolve("yok.tinygpt"));
        assertEquals("Model açılamıyor: " + dir.resolve("yok.tinygpt") + ": böyle bir dosya yok. Şimdiki model duruyor.",
                vm.messageProperty().get());
        assertSame(shipped, vm.modelProperty().get());
    }

    @Test
    void theModelShownGoesToTheRealModelViewWithItsPrompt() {
        TinyGptViewModel vm = started();
        List<TransformerModel> models = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        vm.setModelOpener((m, text) -> {
            models.add(m);
            texts.add(text);
        });
        vm.promptProperty().set(" helps help ");
        vm.showInRealModel();
        assertEquals(List.of("helps help"), texts);
        assertEquals("tiny GPT", models.get(0).name());
        assertTrue(models.get(0).causal());
        assertEquals(2, models.get(0).layers());

        vm.stepsProperty().set("30");
        vm.seedProperty().set("3");
        vm.train();
        assertEquals(TinyGptViewModel.Status.READY, vm.statusProperty().get(), vm.messageProperty().get());
        vm.promptProperty().set("KD3");
        vm.showInRealModel();
        assertEquals(TinyGptViewModel.DEFAULT_PROMPT, texts.get(1), "an unreadable prompt: the default one");
        // the model handed is the one just trained: its maps are those the screen computes from its weights
        var run = models.get(1).run(List.of("HELPSHELPS"), WhatIf.TRAINED);
        var own = new TinyGpt(vm.modelProperty().get(), new AttentionEngine())
                .forward("HELPSHELPS".chars().map(c -> c - 'A').toArray());
        float[][] handed = run.attention(0, 1, 2);
        float[][] trained = own.attention(0, 1, 2);
        for (int i = 0; i < handed.length; i++) {
            assertArrayEquals(trained[i], handed[i], 1e-6f);
        }
        float[][] shipped = models.get(0).run(List.of("HELPSHELPS"), WhatIf.TRAINED).attention(0, 1, 2);
        assertFalse(Arrays.deepEquals(shipped, handed), "not the shipped model any more");
    }
}
