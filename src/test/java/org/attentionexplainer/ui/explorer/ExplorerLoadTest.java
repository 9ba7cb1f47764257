package org.attentionexplainer.ui.explorer;

import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.lesson.explorer.ProjectionKind;
import org.attentionexplainer.lesson.explorer.ScaleMode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Npy;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.ui.shell.AppContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files a learner brings: good ones replace the model, bad ones leave it as it was and say why. */
class ExplorerLoadTest {
    private static AppContext context;

    @TempDir
    Path dir;

    @BeforeAll
    static void engine() {
        context = TestContexts.english();
    }

    private Path npy(String name, float[] values, int... shape) throws IOException {
        Path p = dir.resolve(name);
        Npy.write(p, Tensor.of(values, shape));
        return p;
    }

    @Test
    void aComputeSpecReplacesTheModelAndSetsTheControls() throws IOException {
        ExplorerViewModel vm = new ExplorerViewModel(context);
        Path spec = dir.resolve("case.json");
        Files.writeString(spec, "{\"tokens\": [\"Hello\", \"shiny\", \"sun\"],"
                + " \"input\": [[0.34, 0.22, 0.54], [0.53, 0.34, 0.98], [0.29, 0.54, 0.93]],"
                + " \"scale\": \"none\", \"causal\": true, \"temperature\": 0.5}");
        vm.loadSpec(spec);
        AttentionTrace t = vm.traceProperty().get();
        assertEquals(List.of("Hello", "shiny", "sun"), t.tokens());
        assertTrue(vm.controls().causalProperty().get());
        assertEquals(0.5, vm.controls().temperatureProperty().get());
        assertEquals(ScaleMode.NONE, vm.controls().scaleModeProperty().get());
        assertEquals(List.of(1, 3), vm.headsOfferedProperty());
        assertEquals("Loaded case.json.", vm.messageProperty().get());
        // row "shiny" with keys Hello, shiny: softmax([0.7842, 1.3569] / 0.5) by hand = [0.2414, 0.7586]
        assertEquals(0.2414, t.weights().get(0, 0, 1, 0), 1e-4);
        assertEquals(0.7586, t.weights().get(0, 0, 1, 1), 1e-4);
        vm.useSentence();
        assertEquals(6, vm.traceProperty().get().queryLength());
    }

    /**
     * A picture asked for before a load must not replace the loaded model's picture when it
     * comes back after it: the worker here runs its queue only when told, in order: the
     * sentence's first computation, the load, then the slider step that waited behind the first.
     */
    @Test
    void aComputationAskedForBeforeALoadDoesNotReplaceTheLoadedPicture() throws IOException {
        java.util.ArrayDeque<Runnable> queue = new java.util.ArrayDeque<>();
        AppContext queued = new AppContext(context.i18n(),
                new org.attentionexplainer.ui.shell.BackgroundWork(queue::add, Runnable::run), context.engine(),
                context.settings());
        ExplorerViewModel vm = new ExplorerViewModel(queued);
        vm.controls().temperatureProperty().set(0.5);
        Path spec = dir.resolve("case.json");
        Files.writeString(spec, "{\"tokens\": [\"Hello\", \"shiny\", \"sun\"],"
                + " \"input\": [[0.34, 0.22, 0.54], [0.53, 0.34, 0.98], [0.29, 0.54, 0.93]]}");
        vm.loadSpec(spec);
        while (!queue.isEmpty()) {
            queue.poll().run();
        }
        assertEquals(List.of("Hello", "shiny", "sun"), vm.traceProperty().get().tokens());
        assertEquals(3, vm.figureProperty().get().data(0).rows(), "the loaded model's picture stays");
    }

    @Test
    void tokenVectorsFromNpyKeepTheSentenceLabelsWhenTheCountsAgree() throws IOException {
        ExplorerViewModel vm = new ExplorerViewModel(context);
        float[] x = new float[6 * 8];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) Math.sin(i);
        }
        vm.loadInput(npy("x.npy", x, 6, 8));
        AttentionTrace t = vm.traceProperty().get();
        assertEquals(8, vm.dModelProperty().get());
        assertEquals("Your", t.tokens().get(0));
        assertEquals(4, t.headCount(), "4 heads divide 8");
        assertFalse(vm.errorProperty().get());
    }

    @Test
    void aWeightFileOfTheWrongShapeChangesNothing() throws IOException {
        ExplorerViewModel vm = new ExplorerViewModel(context);
        AttentionTrace before = vm.traceProperty().get();
        vm.loadWeights(List.of(npy("W_qkv.npy", new float[5 * 9], 5, 9)));
        assertTrue(vm.errorProperty().get());
        assertEquals("Could not use W_qkv.npy: weights.qkv: shape (5, 9) should be (12, d_out)",
                vm.messageProperty().get());
        assertSame(before, vm.traceProperty().get());
        assertTrue(vm.loadedProperty().get().isEmpty());
        assertEquals(ProjectionKind.SEPARATE, vm.projectionProperty().get());
    }

    @Test
    void aNanInAWeightFileChangesNothing() throws IOException {
        ExplorerViewModel vm = new ExplorerViewModel(context);
        AttentionTrace before = vm.traceProperty().get();
        float[] w = new float[12 * 36];
        w[40] = Float.NaN;
        vm.loadWeights(List.of(npy("W_qkv.npy", w, 12, 36)));
        assertEquals("Could not use W_qkv.npy: W_qkv.npy: value 41 of 432 is NaN; every value must be a finite number",
                vm.messageProperty().get());
        assertSame(before, vm.traceProperty().get());
    }

    @Test
    void aTemperatureThatOverflowsTheLogitsKeepsTheLastPictureAndSaysWhy() throws IOException {
        // scores 7e18^2 * 2 = 9.8e37 on the diagonal: finite at T = 1, 1.96e39 (beyond float32) at T = 0.05
        ExplorerViewModel vm = new ExplorerViewModel(context);
        Path spec = dir.resolve("large.json");
        Files.writeString(spec, "{\"input\": [[7e18, 7e18], [7e18, -7e18]], \"scale\": \"none\"}");
        vm.loadSpec(spec);
        AttentionTrace good = vm.traceProperty().get();
        assertEquals(1f, good.weights().get(0, 0, 0, 0));
        Figure shown = vm.figureProperty().get();
        vm.controls().temperatureProperty().set(0.05);
        assertTrue(vm.errorProperty().get());
        assertEquals("Cannot compute this: temperature: scores up to 9.80e+37 times scale 1.00 / temperature 0.0500"
                + " overflow float32 (largest 3.4e38) in the logits; use a larger temperature or a smaller scale",
                vm.messageProperty().get());
        assertSame(good, vm.traceProperty().get(), "the last good result stays");
        assertSame(shown, vm.figureProperty().get(), "and so does its picture");
        vm.controls().temperatureProperty().set(2);
        assertFalse(vm.errorProperty().get(), vm.messageProperty().get());
        assertEquals("", vm.messageProperty().get());
        assertEquals(2.0, vm.traceProperty().get().spec().temperature());
    }

    @Test
    void goodFusedWeightsAreUsedAndHeadsFollowTheirWidth() throws IOException {
        ExplorerViewModel vm = new ExplorerViewModel(context);
        float[] w = new float[12 * 15];
        for (int i = 0; i < w.length; i++) {
            w[i] = (float) Math.cos(i) * 0.3f;
        }
        vm.loadWeights(List.of(npy("W_qkv.npy", w, 12, 15)));
        assertFalse(vm.errorProperty().get(), vm.messageProperty().get());
        assertEquals(List.of(1, 5), vm.headsOfferedProperty(), "d_out = 15 / 3 = 5");
        assertEquals(1, vm.traceProperty().get().headCount(), "4 heads do not divide 5: 1 is the nearest below");
        assertEquals(5, vm.traceProperty().get().headDim());
    }

    @Test
    void unreadableAndMisnamedFilesSayWhy() throws IOException {
        ExplorerViewModel vm = new ExplorerViewModel(context);
        vm.loadInput(dir.resolve("missing.npy"));
        assertTrue(vm.messageProperty().get().startsWith("Could not use missing.npy: "), vm.messageProperty().get());
        assertTrue(vm.messageProperty().get().endsWith("no such file"), vm.messageProperty().get());
        vm.loadInput(npy("cube.npy", new float[8], 2, 2, 2, 1));
        assertEquals("Could not use cube.npy: cube.npy: shape (2, 2, 2, 1) should be (t, d) or (b, t, d)",
                vm.messageProperty().get());
        Path a = npy("a.npy", new float[144], 12, 12);
        Path b = npy("b.npy", new float[144], 12, 12);
        Path c = npy("c.npy", new float[144], 12, 12);
        vm.loadWeights(List.of(a, b, c));
        assertTrue(vm.messageProperty().get().contains("cannot tell which of a.npy, b.npy, c.npy is W_q, W_k and W_v"),
                vm.messageProperty().get());
        assertEquals(6, vm.traceProperty().get().queryLength());
    }
}
