package org.attentionexplainer.ui.realmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.bert.ModelSource;
import org.attentionexplainer.ui.common.MapsModel;
import org.attentionexplainer.export.ViewMode;
import org.attentionexplainer.ui.shell.AppContext;
import org.junit.jupiter.api.Test;

/** The real-model screen's state, synchronous (TestContexts), with the trained model from the class path. */
class RealModelViewModelTest {

    private static RealModelViewModel started() {
        RealModelViewModel vm = new RealModelViewModel(TestContexts.english(), TestModels.loaded());
        vm.start();
        assertEquals(RealModelViewModel.Status.READY, vm.statusProperty().get(), vm.messageProperty().get());
        return vm;
    }

    @Test
    void theDefaultSentenceIsShownAsTheModelsSubWordTokens() {
        RealModelViewModel vm = started();
        List<String> texts = vm.tokensProperty().stream().map(TokenView::text).toList();
        // bert-base-uncased vocabulary: every word of the sentence is a whole token
        assertEquals(List.of("[CLS]", "the", "cat", "sat", "on", "the", "mat", "because", "it", "was", "tired", ".",
                "[SEP]"), texts);
        assertTrue(vm.tokensProperty().get(0).special());
        assertFalse(vm.tokensProperty().get(1).special());
        assertEquals(1.0, vm.progressProperty().get());
    }

    @Test
    void aWordOutsideTheVocabularyIsSplitIntoMarkedPieces() {
        RealModelViewModel vm = started();
        vm.sentenceProperty().set("Tokenization");
        // the example of the Hugging Face tokenizer documentation: "tokenization" -> token, ##ization
        List<TokenView> tokens = vm.tokensProperty();
        assertEquals(4, tokens.size());
        assertEquals(new TokenView("token", false, false, "Tokenization"), tokens.get(1));
        assertEquals(new TokenView("##ization", true, false, "Tokenization"), tokens.get(2));
    }

    @Test
    void thereAreSeventyTwoMapsAndEveryRowSumsToOne() {
        RealModelViewModel vm = started();
        Overview o = vm.overviewProperty().get();
        assertEquals(6, o.layers());
        assertEquals(12, o.heads());
        int n = vm.tokensProperty().size();
        int maps = 0;
        for (int l = 0; l < o.layers(); l++) {
            for (int h = 0; h < o.heads(); h++) {
                maps++;
                assertEquals(n, o.maps()[l][h].length);
                for (int i = 0; i < n; i++) {
                    double sum = 0;
                    for (int j = 0; j < n; j++) {
                        assertTrue(o.weight(l, h, i, j) >= 0);
                        sum += o.weight(l, h, i, j);
                    }
                    assertEquals(1.0, sum, 1e-5, "L" + (l + 1) + " H" + (h + 1) + " row " + i);
                }
            }
        }
        assertEquals(72, maps);
    }

    @Test
    void theWhatIfCausalMaskZeroesTheUpperTriangleAndResetRestoresTheTrainedMaps() {
        RealModelViewModel vm = started();
        Overview trained = vm.overviewProperty().get();
        assertTrue(trained.weight(0, 0, 0, 1) > 0, "as trained, [CLS] looks ahead");
        assertTrue(vm.asTrainedBinding().get());

        vm.causalProperty().set(true);
        Overview causal = vm.overviewProperty().get();
        assertFalse(vm.asTrainedBinding().get());
        assertTrue(causal.whatIf().causal());
        int n = causal.size();
        for (int l = 0; l < 6; l++) {
            for (int h = 0; h < 12; h++) {
                assertEquals(1f, causal.weight(l, h, 0, 0), 1e-6f, "the first token sees only itself");
                for (int i = 0; i < n; i++) {
                    for (int j = i + 1; j < n; j++) {
                        assertEquals(0f, causal.weight(l, h, i, j));
                    }
                }
            }
        }

        vm.temperatureProperty().set(4.0);
        assertEquals(4.0, vm.overviewProperty().get().whatIf().temperature());
        vm.resetWhatIf();
        assertTrue(vm.asTrainedBinding().get());
        Overview back = vm.overviewProperty().get();
        assertTrue(back.whatIf().isTrained());
        assertEquals(trained.weight(2, 5, 3, 7), back.weight(2, 5, 3, 7), 1e-6f);
    }

    @Test
    void aHigherTemperatureFlattensEveryRow() {
        RealModelViewModel vm = started();
        float trainedMax = rowMax(vm.overviewProperty().get(), 0, 2, 5);
        vm.temperatureProperty().set(10.0);
        float hotMax = rowMax(vm.overviewProperty().get(), 0, 2, 5);
        // layer 1 head 3 is sharp (its diagonal stands out); at T = 10 its strongest key gets less
        assertTrue(trainedMax > 0.5f, "trained " + trainedMax);
        assertTrue(hotMax < trainedMax, hotMax + " vs " + trainedMax);
    }

    private static float rowMax(Overview o, int layer, int head, int row) {
        float max = 0;
        for (int j = 0; j < o.size(); j++) {
            max = Math.max(max, o.weight(layer, head, row, j));
        }
        return max;
    }

    @Test
    void withoutTheModelJarTheScreenSaysSoAndComputesNothing() {
        RealModelViewModel vm = new RealModelViewModel(TestContexts.english(), TestModels.absent());
        vm.start();
        assertEquals(RealModelViewModel.Status.UNAVAILABLE, vm.statusProperty().get());
        assertTrue(vm.errorProperty().get());
        assertTrue(vm.messageProperty().get().contains(ModelSource.ARTIFACT), vm.messageProperty().get());
        assertFalse(vm.messageProperty().get().contains("\n"));
        vm.sentenceProperty().set("Still nothing to compute");
        vm.focus(0, 0);
        assertNull(vm.overviewProperty().get());
        assertTrue(vm.tokensProperty().isEmpty());
        assertEquals(-1, vm.focusedLayerProperty().get());
    }

    @Test
    void focusingAHeadGivesItsLayerToTheExplorerWithTheSameWeights() {
        RealModelViewModel vm = started();
        vm.focus(2, 7);
        MapsModel explorer = vm.focusModel();
        assertEquals(ViewMode.FOCUS, explorer.display().modeProperty().get());
        assertEquals(7, explorer.display().headProperty().get());
        AttentionTrace t = explorer.traceProperty().get();
        assertNotNull(t);
        assertEquals(12, t.headCount());
        Overview o = vm.overviewProperty().get();
        assertEquals(o.tokens(), t.tokens());
        for (int i = 0; i < o.size(); i++) {
            for (int j = 0; j < o.size(); j++) {
                assertEquals(o.weight(2, 7, i, j), t.weights().get(0, 7, i, j), 2e-5f);
            }
        }

        vm.focus(2, 3);
        assertEquals(3, explorer.display().headProperty().get());
        assertSame(t, explorer.traceProperty().get(), "the same layer is not computed again");

        vm.causalProperty().set(true);
        AttentionTrace masked = explorer.traceProperty().get();
        assertEquals(0f, masked.weights().get(0, 3, 0, 1), "the focused layer follows the what-if settings");
    }

    @Test
    void aTextLongerThanTheModelReadsIsRefusedInOneLineAndTheLastMapsStay() {
        RealModelViewModel vm = started();
        Overview before = vm.overviewProperty().get();
        vm.sentenceProperty().set("word ".repeat(600));
        assertTrue(vm.errorProperty().get());
        String m = vm.messageProperty().get();
        assertTrue(m.contains("602") && m.contains("512"), m);
        assertFalse(m.contains("\n"));
        assertSame(before, vm.overviewProperty().get());
    }

    @Test
    void aTextLongerThanTheFineTuningLengthRunsWithANotice() {
        // the model card and tokenizer.json: fine-tuned with inputs truncated to 128 tokens
        RealModelViewModel vm = started();
        assertEquals("", vm.lengthNoticeBinding().get());
        vm.sentenceProperty().set("word ".repeat(126));
        assertEquals(128, vm.overviewProperty().get().size());
        assertEquals("", vm.lengthNoticeBinding().get(), "128 tokens is within the fine-tuning length");
        vm.sentenceProperty().set("word ".repeat(127));
        assertEquals(129, vm.overviewProperty().get().size());
        assertFalse(vm.errorProperty().get(), vm.messageProperty().get());
        String notice = vm.lengthNoticeBinding().get();
        assertTrue(notice.contains("129") && notice.contains("128") && notice.contains("fine-tuned"), notice);
        assertFalse(notice.contains("\n"));
        vm.sentenceProperty().set("short again");
        assertEquals("", vm.lengthNoticeBinding().get());
    }

    @Test
    void hoveringACellNamesLayerHeadQueryKeyAndWeight() {
        RealModelViewModel vm = started();
        float w = vm.overviewProperty().get().weight(0, 2, 3, 2);
        String text = vm.describeCell(0, 2, 3, 2);
        assertTrue(text.startsWith("L1 H3"), text);
        assertTrue(text.contains("\"sat\"") && text.contains("\"cat\""), text);
        assertTrue(text.contains(String.format(java.util.Locale.ROOT, "%.3f", w)), text);
    }
}
