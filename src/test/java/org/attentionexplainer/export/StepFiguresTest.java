package org.attentionexplainer.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.attentionexplainer.i18n.Localization;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.lesson.CourseExample;
import org.attentionexplainer.lesson.ProjectionWeights;
import org.attentionexplainer.lesson.SimpleAttention;
import org.attentionexplainer.lesson.Step;
import org.attentionexplainer.lesson.StepTables;
import org.attentionexplainer.lesson.TrainableAttention;
import org.attentionexplainer.render.Figure;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The picture of a walkthrough step, drawn without a window: its matrices, labels, numbers and texts. */
class StepFiguresTest {
    private static SimpleAttention hello;
    private static TrainableAttention trained;

    @TempDir
    Path dir;

    @BeforeAll
    static void compute() {
        AttentionEngine engine = new AttentionEngine();
        hello = SimpleAttention.compute(engine, CourseExample.helloShinySun());
        trained = TrainableAttention.compute(engine, CourseExample.yourJourneyStartsWithOneStep(),
                ProjectionWeights.fromSeed(CourseExample.SEED, CourseExample.D_IN, CourseExample.D_OUT));
    }

    private static StepTables step(Step s) {
        return StepTables.of(s, hello, CourseExample.HELLO_QUERY, trained, CourseExample.SEED).orElseThrow();
    }

    private static List<String> texts(Path svg) throws Exception {
        return SvgTexts.of(svg);
    }

    @Test
    void everyStepWithAMatrixHasTablesAndStepEightHasNone() {
        for (Step s : Step.values()) {
            boolean matrices = s != Step.WHY_SQRT_DK;
            assertEquals(matrices, StepTables.hasMatrices(s), s.name());
            assertEquals(matrices, StepTables.of(s, hello, 1, trained, CourseExample.SEED).isPresent(), s.name());
        }
        assertTrue(StepTables.of(Step.SCORES, null, 1, trained, CourseExample.SEED).isEmpty(), "not computed yet");
    }

    @Test
    void stepOneIsTheQuerysScoresAsTheCourseComputesThem() {
        StepTables.Table scores = step(Step.SCORES).tables().get(0);
        assertEquals(List.of("shiny"), scores.rows());
        assertEquals(List.of("Hello", "shiny", "sun"), scores.cols());
        // x_Hello · x_shiny = 0.34×0.53 + 0.22×0.34 + 0.54×0.98 = 0.1802 + 0.0748 + 0.5292 = 0.7842
        assertEquals(0.7842, scores.values().get(0, 0), 5e-5);
        // x_shiny · x_shiny = 0.53² + 0.34² + 0.98² = 0.2809 + 0.1156 + 0.9604 = 1.3569
        assertEquals(1.3569, scores.values().get(0, 1), 5e-5);
        assertTrue(scores.heat());
    }

    @Test
    void stepFourShowsScoresWeightsAndContextsWithTheWalkthroughsNumbers() throws Exception {
        StepTables t = step(Step.ALL_QUERIES);
        assertEquals(3, t.tables().size());
        // the course's weights of "shiny" and its exact context vector (PITFALLS: the notes round)
        assertEquals(0.4063, t.tables().get(1).values().get(1, 1), 5e-5);
        assertEquals(0.8610, t.tables().get(2).values().get(1, 2), 5e-5);
        assertFalse(t.tables().get(2).heat(), "context vectors are a plain table");

        Figure f = new AttentionFigures(Localization.of(Locale.ENGLISH)).steps(t, FigureParts.ALL);
        assertEquals("4. All queries at once", f.options().title());
        assertNull(f.scale(2), "plain table");
        Path svg = dir.resolve("step-4.svg");
        FigureFiles.write(f, ExportFormat.SVG, Resolution.times(1), svg, AtomicFiles.Existing.FAIL);
        List<String> words = texts(svg);
        for (String w : List.of("4. All queries at once", "Hello", "shiny", "sun", "0.4063", "0.8610", "score",
                "weight")) {
            assertTrue(words.contains(w), w + " in " + words);
        }
        assertTrue(words.stream().anyMatch(w -> w.startsWith("Tokens “Hello shiny sun”")), "the caption");
    }

    @Test
    void stepFourOutlinesTheRowOfTheQueryStepsOneToThreeFollowed() {
        for (int query : new int[] {CourseExample.HELLO_QUERY, 2}) {
            StepTables t = StepTables.of(Step.ALL_QUERIES, hello, query, trained, CourseExample.SEED).orElseThrow();
            org.attentionexplainer.render.Drawing d =
                    FigureFiles.draw(new AttentionFigures(Localization.of(Locale.ENGLISH)).steps(t, FigureParts.ALL));
            List<org.attentionexplainer.render.Mark.Raster> maps = d.marks().stream()
                    .filter(m -> m instanceof org.attentionexplainer.render.Mark.Raster)
                    .map(m -> (org.attentionexplainer.render.Mark.Raster) m)
                    .filter(r -> r.rows() == 3 && r.cols() == 3).toList();          // not the colour bars
            List<org.attentionexplainer.render.Mark.Rect> outlines = d.marks().stream()
                    .filter(m -> m instanceof org.attentionexplainer.render.Mark.Rect r && r.fill() == 0
                            && r.strokeWidth() >= 2)
                    .map(m -> (org.attentionexplainer.render.Mark.Rect) m).toList();
            assertEquals(3, maps.size(), "scores, weights, contexts");
            assertEquals(3, outlines.size(), "one outlined row in each");
            for (int i = 0; i < 3; i++) {
                var map = maps.get(i);
                var row = outlines.get(i);
                double cell = map.h() / map.rows();
                assertEquals(map.x(), row.x(), 1e-9);
                assertEquals(map.w(), row.w(), 1e-9, "the whole row");
                assertEquals(cell, row.h(), 1e-9, "one row high");
                assertEquals(map.y() + query * cell, row.y(), 1e-9, "the row of query " + query);
            }
        }
        // the steps that follow one query show only its row: nothing to outline there
        org.attentionexplainer.render.Drawing scores = FigureFiles.draw(
                new AttentionFigures(Localization.of(Locale.ENGLISH)).steps(step(Step.SCORES), FigureParts.ALL));
        assertTrue(scores.marks().stream().noneMatch(m -> m instanceof org.attentionexplainer.render.Mark.Rect r
                && r.fill() == 0 && r.strokeWidth() >= 2));
    }

    @Test
    void aPngAtTwiceTheScaleIsTwiceThePixelsAndTheDataHaveEveryMatrix() throws Exception {
        Figure f = new AttentionFigures(Localization.of(Locale.ENGLISH)).steps(step(Step.TRAINED_CONTEXT),
                FigureParts.ALL);
        Path one = dir.resolve("one.png");
        Path two = dir.resolve("two.png");
        FigureFiles.write(f, ExportFormat.PNG, Resolution.times(1), one, AtomicFiles.Existing.FAIL);
        FigureFiles.write(f, ExportFormat.PNG, Resolution.times(2), two, AtomicFiles.Existing.FAIL);
        BufferedImage a = ImageIO.read(one.toFile());
        BufferedImage b = ImageIO.read(two.toFile());
        assertEquals(2 * a.getWidth(), b.getWidth());
        assertEquals(2 * a.getHeight(), b.getHeight());
        assertTrue(a.getWidth() > 800, "three 6-row matrices side by side: " + a.getWidth());

        assertEquals(List.of(ExportFormat.CSV), FigureFiles.dataFormats(f), "6x6 and 6x2 cannot stack into one .npy");
        assertThrows(IllegalArgumentException.class, () -> FigureFiles.write(f, ExportFormat.NPY, Resolution.times(1),
                dir.resolve("x.npy"), AtomicFiles.Existing.FAIL));
        assertFalse(Files.exists(dir.resolve("x.npy")));
        Path csv = dir.resolve("step-7.csv");
        FigureFiles.write(f, ExportFormat.CSV, Resolution.times(1), csv, AtomicFiles.Existing.FAIL);
        List<String> lines = Files.readAllLines(csv);
        assertEquals("Attention weights A,Your,journey,starts,with,one,step", lines.get(0));
        assertEquals(3 * 7, lines.size(), "three matrices of 6 rows, each with a header");
        assertTrue(lines.get(7).startsWith("Values V = X W_v,v₁,v₂"), lines.get(7));
    }

    @Test
    void inTurkishTheTextsAreTurkishAndTheNumbersHaveDecimalCommas() throws Exception {
        Figure f = new AttentionFigures(Localization.of(Locale.forLanguageTag("tr"))).steps(step(Step.SOFTMAX),
                FigureParts.ALL);
        Path svg = dir.resolve("tr.svg");
        FigureFiles.write(f, ExportFormat.SVG, Resolution.times(1), svg, AtomicFiles.Existing.FAIL);
        List<String> words = texts(svg);
        assertTrue(words.contains("2. Softmax: skorlardan ağırlıklara"), words.toString());
        assertTrue(words.contains("0,4063"), words.toString());
        assertTrue(words.contains("ağırlık"), words.toString());
    }

    @Test
    void partsSwitchedOffAreLeftOut() throws Exception {
        Figure f = new AttentionFigures(Localization.of(Locale.ENGLISH)).steps(step(Step.SCALED_SCORES),
                new FigureParts(false, true, false, false));
        Path svg = dir.resolve("bare.svg");
        FigureFiles.write(f, ExportFormat.SVG, Resolution.times(1), svg, AtomicFiles.Existing.FAIL);
        List<String> words = texts(svg);
        assertFalse(words.contains("6. Scores Q Kᵀ, divided by √dₖ"), "no title");
        assertFalse(words.contains("score"), "no colour bar");
        assertTrue(words.contains("Divided by √dₖ = 1.4142"), "panel titles stay: " + words);
        assertEquals(List.of(ExportFormat.CSV, ExportFormat.NPY), FigureFiles.dataFormats(f), "two 6x6 matrices");
    }

    /**
     * Like is compared with like: a weight of 0.2291 is coloured as a fifth of the way up, not as
     * the palest colour because it is the smallest weight of its row; a step's scores share one
     * range from 0. The largest score of "Hello shiny sun", shiny · shiny = 0.53² + 0.34² + 0.98²
     * = 1.3569, is worked out by hand from the course's embeddings.
     */
    @Test
    void weightsAreColouredOnZeroToOneAndAStepsScoresOnOneRangeFromZero() {
        StepFigures figures = new StepFigures(Localization.of(Locale.ENGLISH));
        Figure softmax = figures.figure(step(Step.SOFTMAX), FigureParts.ALL);
        assertEquals(0, softmax.scale(1).min());
        assertEquals(1, softmax.scale(1).max());
        assertEquals(0.2291, softmax.scale(1).position(0.2291), 1e-9);
        assertEquals(0, softmax.scale(0).min());
        assertEquals(1.3569, softmax.scale(0).max(), 1e-4, "the scores of every query, as step 4 shows them");
        Figure all = figures.figure(step(Step.ALL_QUERIES), FigureParts.ALL);
        assertEquals(softmax.scale(0), all.scale(0), "step 2's scores on step 4's range");
        assertEquals(softmax.scale(1), all.scale(1));
        Figure scaled = figures.figure(step(Step.SCALED_SCORES), FigureParts.ALL);
        assertEquals(scaled.scale(0), scaled.scale(1), "scores and scores / √dₖ on one range");
        assertTrue(scaled.scale(0).min() <= 0);
        Figure context = figures.figure(step(Step.TRAINED_CONTEXT), FigureParts.ALL);
        assertEquals(0, context.scale(0).min());
        assertEquals(1, context.scale(0).max());
    }
}
