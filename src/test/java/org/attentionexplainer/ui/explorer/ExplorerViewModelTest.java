package org.attentionexplainer.ui.explorer;

import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.export.ViewMode;
import org.attentionexplainer.lesson.explorer.ProjectionKind;
import org.attentionexplainer.lesson.explorer.ScaleMode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.render.CellHit;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.render.Stage;
import org.attentionexplainer.ui.shell.AppContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The explorer's recompute logic and constraints, synchronous (TestContexts). */
class ExplorerViewModelTest {
    private static AppContext context;

    @BeforeAll
    static void engine() {
        context = TestContexts.english();
    }

    private static ExplorerViewModel model() {
        return new ExplorerViewModel(context);
    }

    /** softmax(q_i · k_j · scale / T) in double, from the engine's q and k: an independent recomputation. */
    private static double[] reference(AttentionTrace t, int head, int i, double temperature) {
        int s = t.keyLength();
        float[] q = t.q().row(0, head, i);
        double[] l = new double[s];
        double max = Double.NEGATIVE_INFINITY;
        for (int j = 0; j < s; j++) {
            float[] k = t.k().row(0, head, j);
            double dot = 0;
            for (int c = 0; c < q.length; c++) {
                dot += (double) q[c] * k[c];
            }
            l[j] = dot / Math.sqrt(q.length) / temperature;
            max = Math.max(max, l[j]);
        }
        double sum = 0;
        for (int j = 0; j < s; j++) {
            l[j] = Math.exp(l[j] - max);
            sum += l[j];
        }
        for (int j = 0; j < s; j++) {
            l[j] /= sum;
        }
        return l;
    }

    @Test
    void startsWithTheCourseSentenceComputedForEveryHead() {
        ExplorerViewModel vm = model();
        AttentionTrace t = vm.traceProperty().get();
        assertNotNull(t);
        assertEquals(List.of("Your", "journey", "starts", "with", "one", "step"), t.tokens());
        assertEquals(4, t.headCount());
        assertEquals(4, vm.figureProperty().get().panelCount(), "the grid shows every head");
        assertEquals("", vm.messageProperty().get());
    }

    @Test
    void causalMasksTheUpperTriangleOfEveryHead() {
        ExplorerViewModel vm = model();
        vm.controls().causalProperty().set(true);
        AttentionTrace t = vm.traceProperty().get();
        assertTrue(t.spec().causal());
        int n = t.queryLength();
        for (int h = 0; h < t.headCount(); h++) {
            HeatmapData map = vm.figureProperty().get().data(h);
            for (int i = 0; i < n; i++) {
                double rowSum = 0;
                for (int j = 0; j < n; j++) {
                    float w = t.weights().get(0, h, i, j);
                    rowSum += w;
                    if (j > i) {
                        assertEquals(0f, w, "head " + h + " weight " + i + "," + j);
                        assertEquals(Float.NEGATIVE_INFINITY, t.logits().get(0, h, i, j));
                        assertTrue(map.isMasked(i, j), "drawn as masked");
                    } else {
                        assertFalse(map.isMasked(i, j));
                    }
                }
                assertEquals(1.0, rowSum, 1e-5);
            }
        }
        vm.controls().causalProperty().set(false);
        assertFalse(vm.figureProperty().get().hasMasked());
    }

    @Test
    void temperatureSharpensAtTheLowEndAndFlattensAtTheHighEnd() {
        ExplorerViewModel vm = model();
        vm.controls().temperatureProperty().set(0.05);
        AttentionTrace cold = vm.traceProperty().get();
        assertEquals(0.05, cold.spec().temperature());
        assertFalse(cold.weights().hasNonFinite(), "no NaN or infinity at T = 0.05");
        vm.controls().temperatureProperty().set(10);
        AttentionTrace hot = vm.traceProperty().get();
        double coldMax = 0;
        double hotSpread = 0;
        for (int h = 0; h < cold.headCount(); h++) {
            for (int i = 0; i < cold.queryLength(); i++) {
                double[] refCold = reference(cold, h, i, 0.05);
                double[] refHot = reference(hot, h, i, 10);
                double max = 0;
                double lo = 1;
                double hi = 0;
                for (int j = 0; j < refCold.length; j++) {
                    assertEquals(refCold[j], cold.weights().get(0, h, i, j), 2e-5);
                    assertEquals(refHot[j], hot.weights().get(0, h, i, j), 2e-5);
                    max = Math.max(max, cold.weights().get(0, h, i, j));
                    lo = Math.min(lo, hot.weights().get(0, h, i, j));
                    hi = Math.max(hi, hot.weights().get(0, h, i, j));
                }
                coldMax += max;
                hotSpread = Math.max(hotSpread, hi - lo);
            }
        }
        assertTrue(coldMax / (cold.headCount() * cold.queryLength()) > 0.9, "T = 0.05 is nearly one-hot");
        assertTrue(hotSpread < 0.2, "T = 10 is nearly uniform (1/6 each), spread " + hotSpread);
    }

    @Test
    void headsOfferedAreTheDivisorsOfTheWidth() {
        ExplorerViewModel vm = model();
        assertEquals(List.of(1, 2, 3, 4, 6, 12), vm.headsOfferedProperty());
        vm.dModelProperty().set(10);
        assertEquals(List.of(1, 2, 5, 10), vm.headsOfferedProperty());
        assertEquals(2, vm.headsProperty().get(), "4 heads do not divide 10: the nearest below is 2");
        assertEquals(2, vm.traceProperty().get().headCount());
        assertEquals(5, vm.traceProperty().get().headDim());
        vm.dModelProperty().set(7);
        assertEquals(List.of(1, 7), vm.headsOfferedProperty());
        assertEquals(1, vm.headsProperty().get());
    }

    @Test
    void theCourseExampleGivesThePublishedWeights() {
        ExplorerViewModel vm = model();
        vm.sentenceProperty().set("Hello shiny sun");
        vm.dModelProperty().set(3);
        vm.headsProperty().set(1);
        vm.projectionProperty().set(ProjectionKind.IDENTITY);
        vm.controls().scaleModeProperty().set(ScaleMode.NONE);
        AttentionTrace t = vm.traceProperty().get();
        // published: query "shiny" attends [0.2291, 0.4063, 0.3646]
        assertEquals(0.2291, t.weights().get(0, 0, 1, 0), 5e-5);
        assertEquals(0.4063, t.weights().get(0, 0, 1, 1), 5e-5);
        assertEquals(0.3646, t.weights().get(0, 0, 1, 2), 5e-5);
        vm.display().modeProperty().set(ViewMode.FOCUS);
        vm.maps().cellClicked(new CellHit(0, 1, 2));
        List<String> lines = vm.maps().detailsProperty();
        assertEquals("Query “shiny” (i = 2) and key “sun” (j = 3), head 1", lines.get(0));
        assertTrue(lines.contains("q_i · k_j = 0.5300×0.2900 + 0.3400×0.5400 + 0.9800×0.9300 = 1.2487"),
                lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("softmax of row i:") && l.endsWith("= 0.3646")),
                lines.toString());
        String tip = vm.maps().tooltip(new CellHit(0, 1, 2));
        assertTrue(tip.contains("Query: shiny (i = 2)") && tip.contains("Key: sun (j = 3)")
                && tip.contains("Weight: 0.3646") && tip.contains("Raw score q·k: 1.2487"), tip);
    }

    @Test
    void turkishAndKoreanSentencesAreComputed() {
        ExplorerViewModel vm = model();
        vm.sentenceProperty().set("Bugün hava çok güzel, değil mi?");
        assertEquals(8, vm.traceProperty().get().queryLength());
        assertEquals("güzel", vm.traceProperty().get().tokens().get(3));
        vm.sentenceProperty().set("나는 학교에 갑니다.");
        assertEquals(List.of("나는", "학교에", "갑니다", "."), vm.traceProperty().get().tokens());
        assertEquals(List.of("나는", "학교에", "갑니다", "."), vm.tokensProperty());
    }

    @Test
    void overTheLimitAndEmptySentencesSayWhyAndKeepThePicture() {
        ExplorerViewModel vm = model();
        AttentionTrace before = vm.traceProperty().get();
        Figure shown = vm.figureProperty().get();
        vm.sentenceProperty().set("word ".repeat(10_000));
        assertEquals("This text has 10,000 tokens; the explorer shows at most 512. Shorten it to see its attention.",
                vm.messageProperty().get());
        assertTrue(vm.errorProperty().get());
        assertSame(before, vm.traceProperty().get());
        assertSame(shown, vm.figureProperty().get());
        vm.controls().causalProperty().set(true);
        assertSame(before, vm.traceProperty().get(), "no computation while the text is over the limit");
        vm.sentenceProperty().set("");
        assertEquals("Type a sentence: attention needs at least one token.", vm.messageProperty().get());
        assertSame(before, vm.traceProperty().get());
        vm.sentenceProperty().set("back to work");
        assertEquals(3, vm.traceProperty().get().queryLength());
        assertEquals("", vm.messageProperty().get());
        assertFalse(vm.errorProperty().get());
    }

    @Test
    void fiveHundredTwelveTokensAreAllowed() {
        ExplorerViewModel vm = model();
        vm.sentenceProperty().set("tok ".repeat(512));
        assertEquals(512, vm.traceProperty().get().queryLength());
        assertEquals("", vm.messageProperty().get());
    }

    @Test
    void paddingWindowHardAndDropoutReachTheEngine() {
        ExplorerViewModel vm = model();
        ControlsModel c = vm.controls();
        c.paddingProperty().set(true);
        c.togglePadded(5);
        AttentionTrace t = vm.traceProperty().get();
        for (int i = 0; i < 6; i++) {
            assertEquals(0f, t.weights().get(0, 0, i, 5), "no query attends to the padded key");
        }
        c.paddingProperty().set(false);
        c.windowOnProperty().set(true);
        c.windowProperty().set(1);
        t = vm.traceProperty().get();
        assertEquals(1, t.spec().window());
        assertEquals(0f, t.weights().get(0, 0, 0, 2), "key 2 is two positions from query 0");
        c.windowOnProperty().set(false);
        c.hardProperty().set(true);
        t = vm.traceProperty().get();
        for (int i = 0; i < 6; i++) {
            float sum = 0;
            for (int j = 0; j < 6; j++) {
                float w = t.weights().get(0, 1, i, j);
                assertTrue(w == 0f || w == 1f);
                sum += w;
            }
            assertEquals(1f, sum);
        }
        c.hardProperty().set(false);
        c.dropoutProperty().set(0.5);
        long seed = t.spec().dropout() == null ? 0 : t.spec().dropout().seed();
        AttentionTrace dropped = vm.traceProperty().get();
        assertEquals(0.5, dropped.spec().dropout().p());
        c.resample();
        assertEquals(seed + 1, vm.traceProperty().get().spec().dropout().seed());
    }

    @Test
    void compareKeepsThePinnedSettingsAsAAndShowsTheDifference() {
        ExplorerViewModel vm = model();
        vm.display().modeProperty().set(ViewMode.COMPARE);
        assertNotNull(vm.pinnedProperty().get());
        vm.controls().causalProperty().set(true);
        AttentionTrace a = vm.maps().traceAProperty().get();
        AttentionTrace b = vm.traceProperty().get();
        assertFalse(a.spec().causal());
        assertTrue(b.spec().causal());
        Figure f = vm.figureProperty().get();
        assertEquals(3, f.panelCount());
        int head = vm.display().headProperty().get();
        assertEquals(b.weights().get(0, head, 0, 0) - a.weights().get(0, head, 0, 0), f.data(2).value(0, 0), 1e-6);
        vm.display().stageProperty().set(Stage.LOGITS);
        assertTrue(vm.figureProperty().get().data(1).isMasked(0, 3));
    }

    @Test
    void clickingAHeadInTheGridEnlargesIt() {
        ExplorerViewModel vm = model();
        vm.maps().cellClicked(new CellHit(2, -1, -1));
        assertEquals(ViewMode.FOCUS, vm.display().modeProperty().get());
        assertEquals(2, vm.display().headProperty().get());
        assertEquals(1, vm.figureProperty().get().panelCount());
        assertTrue(vm.stepHead(1));
        assertEquals(3, vm.display().headProperty().get());
        assertFalse(vm.stepHead(1), "4 heads: head index 3 is the last");
    }
}
