package org.attentionexplainer.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The heatmap layout with a fake font whose every character is half the text size wide, so
 * each position can be worked out by hand. Base size f = 10: margin 0.8f = 8, axis title
 * band 1.4f = 14, label gap 0.5f = 5.
 */
class LayoutTest {
    private static final TextMeasurer HALF_EM =
            (text, size, bold) -> 0.5 * size * text.codePointCount(0, text.length());
    private static final HeatmapOptions OPT = HeatmapOptions.defaults().withFont("SansSerif", 10).withMaxCell(40);

    private static HeatmapData map(List<String> tokens, float[] values, boolean[] masked) {
        return new HeatmapData(tokens, tokens, values, masked);
    }

    private static HeatmapData uniform(int n) {
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            tokens.add("t" + i);
        }
        float[] v = new float[n * n];
        java.util.Arrays.fill(v, 1f / n);
        return map(tokens, v, null);
    }

    private static List<Mark.Text> texts(Drawing d) {
        return d.marks().stream().filter(m -> m instanceof Mark.Text).map(m -> (Mark.Text) m)
                .collect(Collectors.toList());
    }

    @Test
    void aFigureCentredInAWiderRoomMovesItsCellsHitsAndMarksByHalfTheFreeWidth() {
        HeatmapData d = map(List.of("Hello", "shiny", "sun"), new float[9], null);
        Figure figure = Figure.single(d, ColorScale.unit(ColorMap.VIRIDIS), OPT.withLegend(false, null, null));
        FigureLayout l = figure.layout(400, Double.POSITIVE_INFINITY, HALF_EM);
        assertEquals(180, l.width(), "40 px cells at most: the figure is 180 px wide, as below");
        // 400 - 180 leaves 220 px: 110 on each side
        FigureLayout c = figure.layoutCentred(400, Double.POSITIVE_INFINITY, HALF_EM);
        assertEquals(400, c.width());
        assertEquals(164, c.height());
        assertArrayEquals(new double[] {52 + 110, 36, 40, 40}, c.bounds(new CellHit(0, 0, 0)));
        assertEquals(Optional.of(new CellHit(0, 2, 1)), c.hit(93 + 110, 117));
        assertEquals(Optional.empty(), c.hit(93, 117), "left of the moved panel there is no cell");
        List<Double> before = texts(l.drawing()).stream().map(Mark.Text::x).collect(Collectors.toList());
        List<Double> after = texts(c.drawing()).stream().map(t -> t.x() - 110).collect(Collectors.toList());
        assertEquals(before, after, "every label moves with the cells");
        assertEquals(40, c.cellSize());
        for (double room : new double[] {181, Double.POSITIVE_INFINITY}) {
            FigureLayout same = figure.layoutCentred(room, Double.POSITIVE_INFINITY, HALF_EM);
            assertEquals(180, same.width(), "less than a pixel on each side, or no edge: left where it is");
            assertArrayEquals(l.bounds(new CellHit(0, 0, 0)), same.bounds(new CellHit(0, 0, 0)));
        }
    }

    @Test
    void unboundedSingleMapUsesTheMaximumCellAndPlacesThePlotAfterItsLabels() {
        HeatmapData d = map(List.of("Hello", "shiny", "sun"), new float[9], null);
        FigureLayout l = Figure.single(d, ColorScale.unit(ColorMap.VIRIDIS), OPT.withLegend(false, null, null))
                .layout(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, HALF_EM);
        assertEquals(40, l.cellSize());
        assertFalse(l.labelsRotated(), "25 px labels fit 40 px cells");
        // x: margin 8 + row axis 14 + widest row label 25 + gap 5 = 52; y: margin 8 + key axis 14 + labels 14 = 36
        assertArrayEquals(new double[] {52, 36, 40, 40}, l.bounds(new CellHit(0, 0, 0)));
        assertArrayEquals(new double[] {92, 116, 40, 40}, l.bounds(new CellHit(0, 2, 1)));
        assertEquals(Optional.of(new CellHit(0, 2, 1)), l.hit(93, 117));
        assertEquals(Optional.of(new CellHit(0, -1, -1)), l.hit(20, 20));
        assertEquals(Optional.empty(), l.hit(500, 500));
        // width: 52 + 3 cells + margin 8 = 180; height: 36 + 120 + 8 = 164
        assertEquals(180, l.width());
        assertEquals(164, l.height());
    }

    @Test
    void cellsShrinkToFitTheRoomAndValuesAppearWhenTheyFit() {
        HeatmapOptions o = OPT.withAxes(null, null).withLegend(false, null, null);
        FigureLayout l = Figure.single(uniform(10), ColorScale.unit(ColorMap.VIRIDIS), o).layout(300, 300, HALF_EM);
        // room 300 - 2 * 8 = 284; labels "t0" 10 px + gap 5 = 15 wide, 14 high:
        // min((284 - 15) / 10, (284 - 14) / 10) = 26.9, floored to 26
        assertEquals(26, l.cellSize());
        assertTrue(l.valuesShown(), "\"0.10\" is 16 px at 8 px text, fits 26 px cells");
        assertTrue(texts(l.drawing()).stream().anyMatch(t -> t.text().equals("0.10")));
        FigureLayout small = Figure.single(uniform(10), ColorScale.unit(ColorMap.VIRIDIS), o).layout(150, 150,
                HALF_EM);
        assertEquals(11, small.cellSize());
        assertFalse(small.valuesShown(), "11 px cells are too small for 8 px numbers");
    }

    @Test
    void longKeyLabelsAreShortenedAndTurnedUpright() {
        String longWord = "antidisestablishmentarianism";
        HeatmapData d = map(List.of(longWord, "b"), new float[4], null);
        FigureLayout l = Figure.single(d, ColorScale.unit(ColorMap.VIRIDIS), OPT.withLegend(false, null, null))
                .layout(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, HALF_EM);
        assertTrue(l.labelsRotated());
        Mark.Text label = texts(l.drawing()).stream().filter(t -> t.vertical() && t.text().startsWith("antidis"))
                .findFirst().orElseThrow();
        assertEquals(18, label.text().codePointCount(0, label.text().length()), "17 characters and an ellipsis");
        assertTrue(label.text().endsWith("…"));
        // the upright labels take 18 * 5 = 90 px plus a 5 px gap below the 14 px axis title: plot at 8 + 14 + 95
        assertEquals(117, l.bounds(new CellHit(0, 0, 0))[1]);
    }

    @Test
    void maskedCellsAreGreyAndHatchedAndMaskedLogitsSayMinusInfinity() {
        float ninf = Float.NEGATIVE_INFINITY;
        boolean[] causal = {false, true, true, false, false, true, false, false, false};
        HeatmapData logits = map(List.of("a", "b", "c"), new float[] {1, ninf, ninf, 0.5f, -0.5f, ninf, 0, 1, 2},
                causal);
        ColorScale scale = ColorScale.centred(ColorMap.BLUE_RED, List.of(logits));
        FigureLayout l = Figure.single(logits, scale, OPT).layout(Double.POSITIVE_INFINITY,
                Double.POSITIVE_INFINITY, HALF_EM);
        Drawing d = l.drawing();
        Mark.Raster cells = (Mark.Raster) d.marks().stream().filter(m -> m instanceof Mark.Raster).findFirst()
                .orElseThrow();
        // masked cells are see-through in the cells' image, over a rectangle of the mask fill
        assertEquals(0, cells.argb()[1]);
        assertEquals(0, cells.argb()[5]);
        assertEquals(scale.argb(0.5), cells.argb()[3]);
        int rasterAt = d.marks().indexOf(cells);
        Mark.Rect under = (Mark.Rect) d.marks().get(rasterAt - 1);
        assertEquals(HeatmapStyle.LIGHT.maskFill(), under.fill());
        assertArrayEquals(new double[] {cells.x(), cells.y(), cells.w(), cells.h()},
                new double[] {under.x(), under.y(), under.w(), under.h()});
        Mark.Hatch hatch = (Mark.Hatch) d.marks().stream().filter(m -> m instanceof Mark.Hatch).findFirst()
                .orElseThrow();
        double[] c01 = l.bounds(new CellHit(0, 0, 1));
        double[] c12 = l.bounds(new CellHit(0, 1, 2));
        // row 0: keys 1-2 as one run, row 1: key 2
        assertArrayEquals(new double[] {c01[0], c01[1], 80, 40, c12[0], c12[1], 40, 40}, hatch.boxes());
        assertEquals(3, texts(d).stream().filter(t -> t.text().equals("−∞")).count());
        assertTrue(texts(d).stream().anyMatch(t -> t.text().equals("masked")), "the legend explains the hatching");
    }

    @Test
    void legendShowsTicksWithValuesAndTheGradientRunsUpwards() {
        FigureLayout l = Figure.single(uniform(4), ColorScale.unit(ColorMap.VIRIDIS), OPT.withMaxCell(30))
                .layout(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, HALF_EM);
        List<String> t = texts(l.drawing()).stream().map(Mark.Text::text).collect(Collectors.toList());
        // the bar spans the 4 x 30 px plot: floor(120 / 22) + 1 = 6 ticks, step 0.2
        assertTrue(t.containsAll(List.of("0.0", "0.2", "0.4", "0.6", "0.8", "1.0", "weight")), t.toString());
        Mark.Raster bar = (Mark.Raster) l.drawing().marks().stream()
                .filter(m -> m instanceof Mark.Raster r && r.cols() == 1).findFirst().orElseThrow();
        assertEquals(ColorMap.VIRIDIS.argb(1), bar.argb()[0], "top of the bar is the largest value");
        assertEquals(ColorMap.VIRIDIS.argb(0), bar.argb()[255]);
    }

    /**
     * A pair side by side in a pane too narrow for both maps and a colour bar beside them: the bar
     * lies across below the maps instead, so the cells keep their largest size. Pane 300 wide: the
     * maps need 8 + 29 (axis 14, "t0" 10, gap 5) + 3 x 40 + 15 + 3 x 40 + 8 = 300; a bar beside
     * would take 15 + 31 more ("0.0" 15 after bar 11 and gap 5), leaving (300 - 77 - 29) / 6 = 32 px.
     */
    @Test
    void aPairInANarrowPaneGetsItsLegendBelowAndKeepsItsLargestCells() {
        Figure pair = Figure.grid(List.of(uniform(3), uniform(3)), List.of("A", "B"),
                ColorScale.unit(ColorMap.VIRIDIS), OPT, 2);
        FigureLayout l = pair.layout(300, Double.POSITIVE_INFINITY, HALF_EM);
        assertEquals(2, l.columns());
        assertEquals(40, l.cellSize());
        assertTrue(l.width() <= 300, "within the pane: " + l.width());
        Mark.Raster bar = (Mark.Raster) l.drawing().marks().stream()
                .filter(m -> m instanceof Mark.Raster r && r.rows() == 1 && r.cols() == ColorMap.SIZE)
                .findFirst().orElseThrow();
        double[] lastCell = l.bounds(new CellHit(1, 2, 2));
        assertTrue(bar.y() >= lastCell[1] + lastCell[3], "the bar lies below the maps");
        assertEquals(ColorMap.VIRIDIS.argb(0), bar.argb()[0], "the bar runs from the smallest value at the left");
        assertEquals(ColorMap.VIRIDIS.argb(1), bar.argb()[ColorMap.SIZE - 1]);
        Mark.Text low = texts(l.drawing()).stream().filter(t -> t.text().equals("0.0")).findFirst().orElseThrow();
        Mark.Text high = texts(l.drawing()).stream().filter(t -> t.text().equals("1.0")).findFirst().orElseThrow();
        assertEquals(bar.x(), low.x(), 1e-9);
        assertEquals(bar.x() + bar.w(), high.x(), 1e-9);
        // unbounded (an export), the bar stays beside the maps, upright
        FigureLayout export = pair.layout(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, HALF_EM);
        assertEquals(1, export.drawing().marks().stream()
                .filter(m -> m instanceof Mark.Raster r && r.cols() == 1 && r.rows() == ColorMap.SIZE).count());
    }

    @Test
    void rowSumsAreShownForWeights() {
        HeatmapOptions o = OPT.withRowSums(true, "Σ");
        FigureLayout l = Figure.single(uniform(3), ColorScale.unit(ColorMap.VIRIDIS), o)
                .layout(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, HALF_EM);
        assertTrue(l.rowSumsShown());
        assertEquals(3, texts(l.drawing()).stream().filter(t -> t.text().equals("1.00")).count());
    }

    @Test
    void smallMultiplesShareOneScaleAndHitTheRightHead() {
        List<HeatmapData> heads = List.of(uniform(3), uniform(3), uniform(3), uniform(3));
        Figure f = Figure.grid(heads, List.of("Head 1", "Head 2", "Head 3", "Head 4"),
                ColorScale.unit(ColorMap.VIRIDIS), OPT);
        FigureLayout l = f.layout(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, HALF_EM);
        assertEquals(2, l.columns(), "4 heads as 2 x 2");
        assertEquals(1, l.drawing().marks().stream().filter(m -> m instanceof Mark.Raster r && r.cols() == 1).count(),
                "one colour bar");
        double[] lastCell = l.bounds(new CellHit(3, 2, 2));
        assertEquals(Optional.of(new CellHit(3, 2, 2)), l.hit(lastCell[0] + 1, lastCell[1] + 1));
        assertTrue(texts(l.drawing()).stream().anyMatch(t -> t.text().equals("Head 4") && t.bold()));
        // one sentence's heads label the grid's outer row and column, as small multiples do: key labels
        // above the first row's 2 maps, query labels left of the first column's 2 maps
        assertEquals(4, texts(l.drawing()).stream().filter(t -> t.text().equals("t0")).count());
        // so the second row of maps has no band of key labels above it: its cells start a title's height
        // below the first row's last cells, not a title and a band of labels below
        double[] firstRowLast = l.bounds(new CellHit(0, 2, 0));
        double[] secondRowFirst = l.bounds(new CellHit(2, 0, 0));
        double[] firstRowFirst = l.bounds(new CellHit(0, 0, 0));
        assertTrue(secondRowFirst[1] - (firstRowLast[1] + firstRowLast[3]) < firstRowFirst[1],
                "the second row's cells sit closer under the first row than the first row's under the top");
    }

    /**
     * Chapter 3 puts two sentences side by side: their rows are different tokens, so each map
     * names its own rows (small multiples of one sentence name them once, at the left).
     */
    @Test
    void smallMultiplesOfDifferentSentencesLabelTheRowsOfEachMap() {
        HeatmapData hello = map(List.of("Hello", "shiny", "sun"), new float[9], null);
        HeatmapData journey = map(List.of("Your", "journey", "step"), new float[9], null);
        FigureLayout l = Figure.grid(List.of(hello, journey), List.of("Sentence 1", "Sentence 2"),
                ColorScale.unit(ColorMap.GREYSCALE), OPT).layout(400, 160, HALF_EM);
        assertEquals(2, l.columns());
        // "step": above its column and left of its row; "sun" likewise in the first map
        assertEquals(2, texts(l.drawing()).stream().filter(t -> t.text().equals("step")).count());
        assertEquals(2, texts(l.drawing()).stream().filter(t -> t.text().equals("sun")).count());
        double[] secondMap = l.bounds(new CellHit(1, 2, 0));
        Mark.Text rowLabel = texts(l.drawing()).stream().filter(t -> t.text().equals("step") && !t.vertical()
                && t.anchor() == Mark.Anchor.END).findFirst().orElseThrow();
        assertTrue(rowLabel.x() <= secondMap[0], "left of the second map's cells");
        assertTrue(l.width() <= 400, "the labels were counted when the cells were sized: " + l.width());
    }

    /**
     * Each map of two sentences names its rows, but the row of maps names the queries axis once, at
     * its left, and the second map's labels keep it apart from the first with a gap of f, not 1.5f:
     * 8 + (axis 14 + "shiny" 25 + 5 + 3 x 40) + 10 + ("journey" 35 + 5 + 3 x 40) + 8 = 350 wide,
     * the second map's cells from 8 + 164 + 10 + 40 = 222.
     */
    @Test
    void aRowOfMapsOfTwoSentencesNamesItsRowsAxisOnceAndStandsCloser() {
        HeatmapData hello = map(List.of("Hello", "shiny", "sun"), new float[9], null);
        HeatmapData journey = map(List.of("Your", "journey", "step"), new float[9], null);
        FigureLayout l = Figure.grid(List.of(hello, journey), List.of("", ""), ColorScale.unit(ColorMap.GREYSCALE),
                OPT.withLegend(false, null, null)).layout(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                HALF_EM);
        assertEquals(2, l.columns());
        assertEquals(40, l.cellSize());
        assertEquals(1, texts(l.drawing()).stream().filter(t -> t.text().equals("query →")).count());
        assertEquals(2, texts(l.drawing()).stream().filter(t -> t.text().equals("key →")).count());
        assertEquals(222, l.bounds(new CellHit(1, 0, 0))[0], 1e-9);
        assertEquals(350, l.width());
    }

    /**
     * Two maps of two 10-letter tokens (labels 50 px, 55 with their gap of half their size), no axis titles,
     * 150 x 100. Side by side with labels, in the margins (8) and gutter (5) of a roomy figure,
     * min((150 - 16 - 5 - 55) / 4, (100 - 16 - 55) / 2) = 14 px; small multiples too small for their
     * largest cells draw closer, margins 0.3f = 3 and gutter 0.25f = 2.5: min((150 - 6 - 2.5 - 55) / 4,
     * (100 - 6 - 55) / 2) = 19 px. Stacked, the labels leave (100 - 6 - 2.5 - 55) / 4 = 9.1 px, while stacked
     * without labels would give (100 - 6 - 2.5) / 4 = 22 px. The labelled 19 px side by side are chosen.
     */
    @Test
    void smallMultiplesKeepTheirLabelsRatherThanLargerCellsWithout() {
        List<String> tokens = List.of("aaaaaaaaaa", "bbbbbbbbbb");
        List<HeatmapData> heads = List.of(map(tokens, new float[4], null), map(tokens, new float[4], null));
        FigureLayout l = Figure.grid(heads, List.of("", ""), ColorScale.unit(ColorMap.VIRIDIS),
                OPT.withAxes(null, null).withLegend(false, null, null)).layout(150, 100, HALF_EM);
        assertTrue(l.labelsShown());
        assertEquals(2, l.columns());
        assertEquals(19, l.cellSize());
        // the second map 2.5 px after the first: margin 3 + labels 55 + two cells of 19 + the gutter
        assertEquals(3 + 55 + 2 * 19 + 2.5, l.bounds(new CellHit(1, -1, -1))[0], 1e-9);
    }

    /**
     * Two heads of four tokens side by side in a pane 110 wide, no titles, axes or legend: cells shorter
     * than a line of text (1.1f = 11) make the labels smaller rather than leave every other one out.
     * With labels "t0" at size s (s wide, 1.5s with their gap), margins 3 and a gutter of 2.5, the cell
     * c = (110 - 6 - 2.5 - 1.5s) / 8 and s = c / 1.1 meet at c = 10.8: 10 px cells, labels of 10 / 1.1 = 9.1,
     * each a line apart, so all are drawn. Labels kept at size 10 with a gap of 5, margins of 8 and a gutter
     * of 15 had left (110 - 16 - 15 - 15) / 8 = 8 px, and every other label.
     */
    @Test
    void smallMultiplesShrinkTheirLabelsBeforeLeavingAnyOut() {
        List<HeatmapData> heads = List.of(uniform(4), uniform(4));
        FigureLayout l = Figure.grid(heads, List.of("", ""), ColorScale.unit(ColorMap.VIRIDIS),
                OPT.withAxes(null, null).withLegend(false, null, null), 2).layout(110, 200, HALF_EM);
        assertEquals(10, l.cellSize());
        assertTrue(l.everyLabelShown());
        List<Mark.Text> labels = texts(l.drawing()).stream().filter(t -> t.text().startsWith("t")).toList();
        // the rows named once, at the left; the keys above both maps
        assertEquals(4 + 2 * 4, labels.size());
        assertTrue(labels.stream().allMatch(t -> Math.abs(t.size() - 10 / 1.1) < 1e-9), "labels of 10 / 1.1 px");
        // the cells start after the margin and the labels with their gap of half the labels' size
        assertEquals(3 + 1.5 * 10 / 1.1, l.bounds(new CellHit(0, 0, 0))[0], 1e-9);
    }

    /**
     * Larger type (presenting's) lets the labels go down to half its size, not only to two thirds, before
     * every other one is left out. Type of 24, two heads of four tokens side by side in a pane 152 wide, no
     * titles, axes or legend: margins 0.3f = 7.2 and a gutter of 0.25f = 6, labels "t0" at size s (s wide,
     * 1.5s with their gap). Labels of c / 1.1 give c = (152 - 14.4 - 6) / (8 + 1.5 / 1.1) = 14.05: 14 px
     * cells, labels of 14 / 1.1 = 12.7 px (over half the type, 12), a line apart, so all are drawn. Held at
     * two thirds of the type (16 px) they left (152 - 20.4 - 24) / 8 = 13 px cells and every other label.
     */
    @Test
    void largerTypeShrinksItsLabelsToHalfItsSizeBeforeLeavingAnyOut() {
        List<HeatmapData> heads = List.of(uniform(4), uniform(4));
        FigureLayout l = Figure.grid(heads, List.of("", ""), ColorScale.unit(ColorMap.VIRIDIS),
                OPT.withFont("SansSerif", 24).withMaxCell(60).withAxes(null, null).withLegend(false, null, null), 2)
                .layout(152, 400, HALF_EM);
        assertEquals(14, l.cellSize());
        assertTrue(l.everyLabelShown());
        List<Mark.Text> labels = texts(l.drawing()).stream().filter(t -> t.text().startsWith("t")).toList();
        assertEquals(4 + 2 * 4, labels.size());
        assertTrue(labels.stream().allMatch(t -> Math.abs(t.size() - 14 / 1.1) < 1e-9), "labels of 14 / 1.1 px");
    }

    /**
     * A titled 3 x 3 map ("t0" labels 10 px, axis titles 14) in a pane 200 wide: beside the map the colour bar
     * (31 px and its gap of 15) leaves (200 - 16 - 46 - 14 - 15) / 3 = 36 px cells; in the title's line it
     * leaves the width, and the cells keep their largest, 40 px. The line is 3.05f = 30.5 high: the bar
     * level with the title (centred at 8 + 9 = 17), its values under it. Its length is the least that holds
     * its ticks, 3 x (15 + 10) = 75, after its title ("weight", 30 px and a gap of 8); the row ends where the
     * title ("Title", 32.5 px), a gap of 15 and the row (38 + 75 + half a tick value 7.5) end: 8 + 168 = 176.
     */
    @Test
    void aTitledMapInANarrowPaneCarriesItsColourBarInTheTitleLine() {
        FigureLayout l = Figure.single(uniform(3), ColorScale.unit(ColorMap.VIRIDIS), OPT.withTitle("Title"))
                .layout(200, Double.POSITIVE_INFINITY, HALF_EM);
        assertEquals(40, l.cellSize());
        Mark.Raster bar = (Mark.Raster) l.drawing().marks().stream()
                .filter(m -> m instanceof Mark.Raster r && r.rows() == 1 && r.cols() == ColorMap.SIZE)
                .findFirst().orElseThrow();
        assertArrayEquals(new double[] {176 - 7.5 - 75, 8 + 3.5, 75, 11},
                new double[] {bar.x(), bar.y(), bar.w(), bar.h()}, 1e-9);
        Mark.Text title = texts(l.drawing()).stream().filter(t -> t.text().equals("Title")).findFirst().orElseThrow();
        assertEquals(title.y(), bar.y() + bar.h() / 2, 1e-9, "the bar is level with the title");
        // the maps below the line: margin 8 + line 30.5 + key axis 14 + labels 14; after the row axis and labels
        assertArrayEquals(new double[] {8 + 14 + 15, 8 + 30.5 + 28, 40, 40}, l.bounds(new CellHit(0, 0, 0)), 1e-9);
        assertEquals(176 + 8, l.width());
    }

    /**
     * A 2 x 2 map with a one-line caption, 100 px high: margins 8 + 8, the key labels' band 14, and the caption
     * with a gap of 0.6f = 6 above it, its line of 1.3 x 9 = 11.7 and 6 below: (100 - 16 - 14 - 23.7) / 2 = 23 px
     * cells, a figure 99.7 px high. Counting the gap above the caption once had given 26 px cells and a figure
     * of 106 px, past the foot of its pane.
     */
    @Test
    void aCaptionedMapFitsThePaneHeightItIsGiven() {
        FigureLayout l = Figure.single(map(List.of("a", "b"), new float[4], null), ColorScale.unit(ColorMap.VIRIDIS),
                OPT.withAxes(null, null).withLegend(false, null, null).withCaption("Hi")).layout(1000, 100, HALF_EM);
        assertEquals(23, l.cellSize());
        assertEquals(100, l.height());
    }

    @Test
    void compareShowsTheDifferenceOnItsOwnScale() {
        HeatmapData a = map(List.of("x", "y"), new float[] {0.5f, 0.5f, 0.5f, 0.5f}, null);
        HeatmapData b = map(List.of("x", "y"), new float[] {1f, 0f, 0.25f, 0.75f}, null);
        ColorScale diffScale = new ColorScale(ColorMap.BLUE_RED, -0.5, 0.5);
        Figure f = Figure.compare(a, b, List.of("A", "B", "B − A"), ColorScale.unit(ColorMap.VIRIDIS), diffScale,
                "difference", OPT.withRowSums(true, "Σ"));
        assertArrayEquals(new float[] {0.5f, -0.5f, -0.25f, 0.25f}, f.data(2).values());
        FigureLayout l = f.layout(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, HALF_EM);
        assertEquals(3, l.columns());
        assertEquals(2, l.drawing().marks().stream().filter(m -> m instanceof Mark.Raster r && r.cols() == 1).count(),
                "two colour bars");
        assertEquals(2, texts(l.drawing()).stream().filter(t -> t.text().equals("Σ")).count(),
                "row sums for A and B; a difference's rows sum to 0");
        Mark.Raster diffCells = (Mark.Raster) l.drawing().marks().stream()
                .filter(m -> m instanceof Mark.Raster r && r.cols() == 2).skip(2).findFirst().orElseThrow();
        assertEquals(ColorMap.BLUE_RED.argb(1), diffCells.argb()[0]);
        assertEquals(ColorMap.BLUE_RED.argb(0), diffCells.argb()[1]);
    }

    @Test
    void captionWrapsToTheWidth() {
        HeatmapOptions o = OPT.withCaption("heads 4 scale 1/sqrt(dk) temperature 1.00 causal mask on seed 123");
        FigureLayout l = Figure.single(uniform(3), ColorScale.unit(ColorMap.VIRIDIS), o).layout(200, 400, HALF_EM);
        List<Mark.Text> caption = texts(l.drawing()).stream().filter(t -> t.size() == 9).collect(Collectors.toList());
        assertTrue(caption.size() >= 2, "4.5 px per character: the 66 characters need more than one 184 px line");
        for (Mark.Text line : caption) {
            assertTrue(HALF_EM.width(line.text(), 9, false) <= 184, line.text());
        }
    }

    @Test
    void longPanelTitlesWrapAtWordsInsteadOfBeingCut() {
        // two 4 x 4 maps in 200 px: each panel is about 90 px wide, a title of 36 characters is 180 px
        List<String> titles = List.of("Masked with 0 instead of −∞ (wrong)", "−∞ yerine 0 ile maskelenmiş (yanlış)");
        FigureLayout l = Figure.grid(List.of(uniform(4), uniform(4)), titles, ColorScale.unit(ColorMap.VIRIDIS),
                OPT.withLegend(false, null, null), 2).layout(200, 400, HALF_EM);
        List<String> drawn = texts(l.drawing()).stream().map(Mark.Text::text).toList();
        for (String title : titles) {
            for (String word : title.split(" ")) {
                assertTrue(drawn.contains(word) || drawn.stream().anyMatch(t -> List.of(t.split(" ")).contains(word)),
                        "the word '" + word + "' is drawn whole: " + drawn);
            }
        }
        assertTrue(drawn.stream().noneMatch(t -> t.endsWith("…")), "no title is cut: " + drawn);
    }

    @Test
    void panelTitlesWiderThanTheirPanelsTakeAShortFormRatherThanRunIntoTheNext() {
        // four 3 x 3 heads in a row in 120 px: less the margins (16), the first map's row labels and the
        // three gaps of 5 px, each map is under 25 px wide, a cell under 8 px; "Kafa 1" is 6 x 5 = 30 px
        List<String> titles = List.of("Kafa 1", "Kafa 2", "Kafa 3", "Kafa 4");
        FigureLayout l = Figure.grid(List.of(uniform(3), uniform(3), uniform(3), uniform(3)), titles,
                ColorScale.unit(ColorMap.VIRIDIS), OPT.withLegend(false, null, null), 4).layout(120, 400, HALF_EM);
        assertTrue(l.cellSize() < 25.0 / 3, "cell " + l.cellSize());
        List<Mark.Text> drawn = texts(l.drawing()).stream().filter(t -> t.bold() && !t.vertical())
                .sorted(java.util.Comparator.comparingDouble(Mark.Text::x)).toList();
        for (Mark.Text t : drawn) {
            double end = t.x() + HALF_EM.width(t.text(), t.size(), true);
            for (Mark.Text next : drawn) {
                assertFalse(next != t && next.y() == t.y() && next.x() >= t.x() && next.x() <= end,
                        "'" + t.text() + "' runs to " + end + ", over '" + next.text() + "' at " + next.x() + ": " + drawn);
            }
        }
        // the short form keeps what tells the heads apart
        assertEquals(List.of("1", "2", "3", "4"), drawn.stream().map(Mark.Text::text)
                .filter(t -> t.matches(".*[0-9]")).map(t -> t.substring(t.length() - 1)).toList());
    }
}
