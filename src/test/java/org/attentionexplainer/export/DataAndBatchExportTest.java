package org.attentionexplainer.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.attentionexplainer.i18n.Localization;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Npy;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.lesson.explorer.AttentionControls;
import org.attentionexplainer.lesson.explorer.ModelBuilder;
import org.attentionexplainer.lesson.explorer.LoadedData;
import org.attentionexplainer.lesson.explorer.ModelSettings;
import org.attentionexplainer.lesson.explorer.ProjectionKind;
import org.attentionexplainer.lesson.explorer.Session;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CSV and .npy against the engine, the batch's names, refusals and cancel. */
class DataAndBatchExportTest {
    private static AttentionTrace trace;
    private final BatchExporter exporter = new BatchExporter(new AttentionFigures(Localization.of(Locale.ENGLISH)));

    @TempDir
    Path dir;

    @BeforeAll
    static void compute() {
        System.setProperty("java.awt.headless", "true");
        ModelSettings m = new ModelSettings(List.of("Your", "journey", "starts", "with", "one", "step"), 12, 4,
                ProjectionKind.SEPARATE, 123, 0, false);
        trace = new AttentionEngine().compute(AttentionControls.defaults().applyTo(new ModelBuilder().build(m,
                org.attentionexplainer.lesson.explorer.LoadedData.NONE)));
    }

    private static ExportRequest request(Set<ExportFormat> formats, Stage stage, List<Integer> heads, boolean grid) {
        return new ExportRequest(formats, stage, heads, grid, ColorMap.VIRIDIS, false, true, FigureParts.ALL, null,
                Resolution.times(1));
    }

    private List<String> names() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void csvHoldsTheEngineValuesToThePrintedPrecision() throws Exception {
        exporter.export(trace, request(Set.of(ExportFormat.CSV), Stage.LOGITS, List.of(2), false), dir,
                AtomicFiles.Existing.FAIL, (a, b, c) -> { }, () -> false);
        List<String> lines = Files.readAllLines(dir.resolve("head-03.csv"));
        assertEquals(",Your,journey,starts,with,one,step", lines.get(0));
        for (int i = 0; i < 6; i++) {
            String[] cells = lines.get(i + 1).split(",");
            assertEquals(trace.tokens().get(i), cells[0]);
            for (int j = 0; j < 6; j++) {
                assertEquals(trace.logits().get(0, 2, i, j), Double.parseDouble(cells[j + 1]), 0.5e-6 + 1e-9);
            }
        }
    }

    @Test
    void npyHoldsTheEngineMatrixExactly() throws Exception {
        exporter.export(trace, request(Set.of(ExportFormat.NPY), Stage.WEIGHTS, List.of(), true), dir,
                AtomicFiles.Existing.FAIL, (a, b, c) -> { }, () -> false);
        Tensor head2 = Npy.read(dir.resolve("head-02.npy"));
        assertArrayEquals(new int[] {6, 6}, head2.shape());
        assertArrayEquals(trace.weights().matrix(0, 1)[4], head2.matrix()[4]);
        Tensor grid = Npy.read(dir.resolve("grid.npy"));
        assertArrayEquals(new int[] {4, 6, 6}, grid.shape());
        assertArrayEquals(trace.weights().toArray(), grid.toArray());
    }

    @Test
    void oneFilePerHeadAndFormatPlusTheGridWithProgress() throws Exception {
        List<String> progress = new ArrayList<>();
        BatchExporter.Result r = exporter.export(trace, request(Set.of(ExportFormat.PNG, ExportFormat.SVG),
                Stage.WEIGHTS, List.of(), true), dir, AtomicFiles.Existing.FAIL,
                (done, total, file) -> progress.add(done + "/" + total + " " + file.getFileName()), () -> false);
        assertEquals(List.of("grid.png", "grid.svg", "head-01.png", "head-01.svg", "head-02.png", "head-02.svg",
                "head-03.png", "head-03.svg", "head-04.png", "head-04.svg"), names());
        assertEquals("1/10 head-01.png", progress.get(0));
        assertEquals("10/10 grid.svg", progress.get(9));
        assertEquals(10, r.written().size());
        assertEquals("head-001.png", BatchExporter.headName(0, 100, ExportFormat.PNG));
    }

    @Test
    void anExistingNameStopsTheBatchBeforeAnyFileIsWritten() throws Exception {
        Files.writeString(dir.resolve("head-03.png"), "mine");
        assertThrows(FileAlreadyExistsException.class, () -> exporter.export(trace,
                request(Set.of(ExportFormat.PNG), Stage.WEIGHTS, List.of(), true), dir, AtomicFiles.Existing.FAIL,
                (a, b, c) -> { }, () -> false));
        assertEquals(List.of("head-03.png"), names());
        assertEquals("mine", Files.readString(dir.resolve("head-03.png")));
        exporter.export(trace, request(Set.of(ExportFormat.PNG), Stage.WEIGHTS, List.of(), true), dir,
                AtomicFiles.Existing.REPLACE, (a, b, c) -> { }, () -> false);
        assertEquals(5, names().size());
        assertTrue(Files.size(dir.resolve("head-03.png")) > 100);
    }

    @Test
    void cancelStopsWithWholeFilesOnly() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        BatchExporter.Result r = exporter.export(trace, request(Set.of(ExportFormat.CSV), Stage.WEIGHTS, List.of(),
                true), dir, AtomicFiles.Existing.FAIL, (a, b, c) -> { }, () -> calls.incrementAndGet() > 2);
        assertTrue(r.cancelled());
        assertEquals(2, r.written().size());
        assertEquals(r.written().stream().map(p -> p.getFileName().toString()).sorted().toList(), names(),
                "the files written, whole, and no temporary file");
    }

    @Test
    void aMissingFolderIsMadeAndAFileInItsPlaceRefused() throws Exception {
        Path made = dir.resolve("new").resolve("folder");
        BatchExporter.Result r = exporter.export(trace, request(Set.of(ExportFormat.PNG), Stage.WEIGHTS, List.of(),
                false), made, AtomicFiles.Existing.FAIL, (a, b, c) -> { }, () -> false);
        assertEquals(r.written().size(), java.nio.file.Files.list(made).count());
        Path file = java.nio.file.Files.writeString(dir.resolve("file"), "x");
        assertThrows(java.nio.file.FileSystemException.class, () -> exporter.export(trace,
                request(Set.of(ExportFormat.PNG), Stage.WEIGHTS, List.of(), false), file,
                AtomicFiles.Existing.FAIL, (a, b, c) -> { }, () -> false));
    }

    @Test
    void aSessionReopensToTheSameWeightsBitForBit() throws Exception {
        ModelSettings m = new ModelSettings(List.of("Bugün", "hava", "çok", "güzel", ",", "değil", "mi", "?"), 24, 6,
                ProjectionKind.FUSED, 987654321L, 42, true);
        AttentionControls c = new AttentionControls(true, true, Set.of(5, 6), true, 3, false, 0.7300000000000001,
                org.attentionexplainer.lesson.explorer.ScaleMode.CUSTOM, 0.123456789, 0.2, 17);
        Session s = new Session(Session.VERSION, "Bugün hava çok güzel, değil mi?", m, c, AttentionControls.defaults(),
                "logits", "magma", true, false, 4, "focus", LoadedData.NONE);
        Path file = dir.resolve("lesson.session.json");
        SessionFiles.write(file, s, AtomicFiles.Existing.FAIL);
        Session back = SessionFiles.read(file);
        assertEquals(s, back);
        AttentionEngine engine = new AttentionEngine();
        AttentionTrace before = engine.compute(s.spec(new ModelBuilder()));
        AttentionTrace after = engine.compute(back.spec(new ModelBuilder()));
        assertArrayEquals(before.weights().toArray(), after.weights().toArray());
        assertArrayEquals(before.logits().toArray(), after.logits().toArray());
        assertThrows(FileAlreadyExistsException.class, () -> SessionFiles.write(file, s, AtomicFiles.Existing.FAIL));
    }

    @Test
    void aBrokenSessionGivesOneLine() {
        SpecException e = assertThrows(SpecException.class, () -> SessionFiles.fromJson("{\"model\": 3", "x.json"));
        assertTrue(e.getMessage().startsWith("x.json: not a session file"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), e.getMessage());
        SpecException head = assertThrows(SpecException.class, () -> SessionFiles.fromJson("""
                {"version": 1, "model": {"tokens": ["a"], "dModel": 4, "heads": 2, "projection": "SEPARATE"},
                 "controls": {"window": 2, "temperature": 1, "scaleMode": "NONE", "customScale": 1, "paddedKeys": []},
                 "head": 5}""", "y.json"));
        assertEquals("y.json: head 6 of 2 does not exist", head.getMessage());
    }
}
