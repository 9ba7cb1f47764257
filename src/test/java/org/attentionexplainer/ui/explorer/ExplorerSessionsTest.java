package org.attentionexplainer.ui.explorer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.export.ViewMode;
import org.attentionexplainer.engine.Npy;
import org.attentionexplainer.engine.Projection;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.export.AtomicFiles;
import org.attentionexplainer.export.SpecException;
import org.attentionexplainer.lesson.explorer.AttentionControls;
import org.attentionexplainer.lesson.explorer.LoadedData;
import org.attentionexplainer.lesson.explorer.ModelSettings;
import org.junit.jupiter.api.io.TempDir;

import org.attentionexplainer.export.SessionFiles;
import org.attentionexplainer.lesson.explorer.ProjectionKind;
import org.attentionexplainer.lesson.explorer.ScaleMode;
import org.attentionexplainer.lesson.explorer.Session;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.Stage;
import org.attentionexplainer.ui.shell.AppContext;
import org.junit.jupiter.api.Test;

/** A session taken from one explorer and opened in a fresh one gives the same state and weights. */
class ExplorerSessionsTest {
    private static final Path MHA = Path.of("src/test/resources/golden/shared/mha_bigger");

    @TempDir
    Path dir;

    @Test
    void aSavedSessionReopensTheSameStateAndTheSameWeightsBitForBit() throws Exception {
        AppContext context = TestContexts.english();
        ExplorerViewModel a = new ExplorerViewModel(context);
        a.sentenceProperty().set("The cat sat on the mat because it was tired");
        a.dModelProperty().set(16);
        a.headsProperty().set(8);
        a.projectionProperty().set(ProjectionKind.FUSED);
        a.weightSeedProperty().set(2024);
        a.embeddingSeedProperty().set(9);
        a.positionalProperty().set(true);
        a.controls().causalProperty().set(true);
        a.controls().temperatureProperty().set(0.6100000000000001);
        a.controls().scaleModeProperty().set(ScaleMode.CUSTOM);
        a.controls().customScaleProperty().set(0.3);
        a.controls().dropoutProperty().set(0.25);
        a.controls().dropoutSeedProperty().set(11);
        a.display().stageProperty().set(Stage.LOGITS);
        a.display().colorMapProperty().set(ColorMap.MAGMA);
        a.display().modeProperty().set(ViewMode.FOCUS);
        a.display().headProperty().set(5);
        a.recompute();
        String json = SessionFiles.toJson(a.sessions().snapshot());

        ExplorerViewModel b = new ExplorerViewModel(context);
        Session s = SessionFiles.fromJson(json, "s.json");
        b.sessions().restore(s);
        assertEquals(a.sessions().snapshot(), b.sessions().snapshot());
        float[] wa = a.traceProperty().get().weights().toArray();
        float[] wb = b.traceProperty().get().weights().toArray();
        assertArrayEquals(wa, wb);
        assertEquals(8, b.traceProperty().get().headCount());
        assertEquals(5, b.display().headProperty().get());
    }

    /** Copies the named files of PyTorch's mha_bigger case into a folder of their own. */
    private Path copies(String... names) throws Exception {
        Path folder = Files.createTempDirectory(dir, "files");
        for (String n : names) {
            Files.copy(MHA.resolve(n), folder.resolve(n));
        }
        return folder;
    }

    private static void deleteAll(Path folder) throws Exception {
        try (var files = Files.list(folder)) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        Files.delete(folder);
    }

    @Test
    void loadedVectorsAndWeightsTravelInTheSessionAndReopenBitForBitWithoutTheFiles() throws Exception {
        AppContext context = TestContexts.english();
        Path files = copies("x.npy", "W_q.npy", "W_k.npy", "W_v.npy");
        ExplorerViewModel a = new ExplorerViewModel(context);
        a.sentenceProperty().set("one two three four five six seven eight nine ten");
        a.loadInput(files.resolve("x.npy"));
        a.loadWeights(List.of(files.resolve("W_q.npy"), files.resolve("W_k.npy"), files.resolve("W_v.npy")));
        a.headsProperty().set(8);
        a.controls().causalProperty().set(true);
        a.display().modeProperty().set(ViewMode.FOCUS);
        a.display().headProperty().set(3);
        float[] weights = a.traceProperty().get().weights().toArray();
        Tensor x = Npy.read(files.resolve("x.npy"));
        Tensor wq = Npy.read(files.resolve("W_q.npy"));
        Path session = dir.resolve("loaded.json");
        SessionFiles.write(session, a.sessions().snapshot(), AtomicFiles.Existing.FAIL);
        deleteAll(files);

        ExplorerViewModel b = new ExplorerViewModel(context);
        b.sessions().restore(SessionFiles.read(session));
        assertEquals(x, b.loadedProperty().get().input());
        assertEquals(wq, ((Projection.Separate) b.loadedProperty().get().weights()).query());
        assertArrayEquals(weights, b.traceProperty().get().weights().toArray());
        assertEquals(8, b.traceProperty().get().headCount());
        assertEquals(List.of("one", "two", "three"), b.traceProperty().get().tokens().subList(0, 3));
        assertEquals(3, b.display().headProperty().get());
        assertTrue(b.controls().causalProperty().get());
        assertEquals(a.sessions().snapshot(), b.sessions().snapshot());
    }

    @Test
    void aLoadedComputeSpecReopensToTheSameWeightsAsPyTorch() throws Exception {
        AppContext context = TestContexts.english();
        Path files = copies("spec.json", "x.npy", "W_qkv.npy", "b_qkv.npy", "W_o.npy", "b_o.npy", "ln_gamma.npy",
                "ln_beta.npy");
        ExplorerViewModel a = new ExplorerViewModel(context);
        a.loadSpec(files.resolve("spec.json"));
        float[] output = a.traceProperty().get().output().toArray();
        Path session = dir.resolve("spec-session.json");
        SessionFiles.write(session, a.sessions().snapshot(), AtomicFiles.Existing.FAIL);
        deleteAll(files);

        ExplorerViewModel b = new ExplorerViewModel(context);
        b.sessions().restore(SessionFiles.read(session));
        assertArrayEquals(output, b.traceProperty().get().output().toArray());
        float[] torch = Npy.read(MHA.resolve("weights.npy")).toArray();
        float[] ours = b.traceProperty().get().weights().toArray();
        for (int i = 0; i < torch.length; i++) {
            assertEquals(torch[i], ours[i], 1e-5, "weight " + i);
        }
    }

    @Test
    void aSessionThatCannotBeShownLeavesTheExplorerAsItWas() throws Exception {
        AppContext context = TestContexts.english();
        ExplorerViewModel vm = new ExplorerViewModel(context);
        vm.controls().temperatureProperty().set(0.5);
        Session before = vm.sessions().snapshot();
        var trace = vm.traceProperty().get();

        // weights 64 wide on 3-wide vectors: the engine refuses them; nothing changes and the message says why
        Tensor w = Npy.read(MHA.resolve("W_q.npy"));
        Session misfit = Session.of("a b c", new ModelSettings(List.of("a", "b", "c"), 3, 1,
                ProjectionKind.SEPARATE, 1, 0, false), AttentionControls.defaults())
                .withLoaded(new LoadedData("w.npy", null, null, new Projection.Separate(w, w, w)));
        vm.sessions().restore(SessionFiles.fromJson(SessionFiles.toJson(misfit), "misfit.json"));
        assertTrue(vm.errorProperty().get());
        assertTrue(vm.messageProperty().get().startsWith("Could not use w.npy: weights.query: shape (64, 64)"), vm.messageProperty().get());
        assertEquals(before, vm.sessions().snapshot());
        assertSame(trace, vm.traceProperty().get());

        // heads that do not divide d_model, and an unknown view: refused before anything changes
        Session heads = Session.of("a b c", new ModelSettings(List.of("a", "b", "c"), 12, 5, ProjectionKind.SEPARATE,
                1, 0, false), AttentionControls.defaults());
        SpecException e = assertThrows(SpecException.class, () -> vm.sessions().restore(heads));
        assertEquals("5 heads do not divide d_model 12", e.getMessage());
        String json = SessionFiles.toJson(Session.of("a b c", new ModelSettings(List.of("a", "b", "c"), 12, 4,
                ProjectionKind.SEPARATE, 1, 0, false), AttentionControls.defaults())).replace("\"grid\"", "\"spiral\"");
        e = assertThrows(SpecException.class, () -> vm.sessions().restore(
                SessionFiles.fromJson(json, "s.json")));
        assertEquals("view 'spiral' is not grid, focus or compare", e.getMessage());
        assertEquals(before, vm.sessions().snapshot());
        assertSame(trace, vm.traceProperty().get());
    }

    @Test
    void aSessionsOwnTextInARefusalStaysOnOneLine() throws Exception {
        // the fuzz contract's class of finding "file content with control characters in a message",
        // here in the explorer's check of a session's stage, colour map and view
        String json = """
                {"version": 2, "model": {"tokens": ["a"], "dModel": 4, "heads": 2, "projection": "SEPARATE"},
                 "controls": {"window": 2, "temperature": 1, "scaleMode": "NONE", "customScale": 1},
                 "stage": "wei\\nghts"}""";
        SpecException e = assertThrows(SpecException.class,
                () -> ExplorerSessions.check(SessionFiles.fromJson(json, "s.json")));
        assertEquals("stage 'wei\\nghts' is not scores, logits or weights", e.getMessage());
    }
}
