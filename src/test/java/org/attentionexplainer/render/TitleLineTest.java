package org.attentionexplainer.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The title's line of a figure in a pane too small for its largest cells: the title, the colour bar
 * and a one-line caption side by side, so that the maps get the caption's line. The fake font's every
 * character is half the text size wide; text size f = 10.
 */
class TitleLineTest {
    private static final TextMeasurer HALF_EM =
            (text, size, bold) -> 0.5 * size * text.codePointCount(0, text.length());
    private static final HeatmapOptions OPT = HeatmapOptions.defaults().withFont("SansSerif", 10).withMaxCell(40)
            .withTitle("Title");

    private static HeatmapData uniform(int n) {
        List<String> tokens = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            tokens.add("t" + i);
        }
        float[] v = new float[n * n];
        java.util.Arrays.fill(v, 1f / n);
        return new HeatmapData(tokens, tokens, v, null);
    }

    private static Mark.Text text(FigureLayout l, String s) {
        return l.drawing().marks().stream().filter(m -> m instanceof Mark.Text t && t.text().equals(s))
                .map(m -> (Mark.Text) m).findFirst().orElseThrow();
    }

    /**
     * Six heads of three tokens in a pane 300 x 130, too small for their largest cells: the caption under
     * the maps would take 23.7 px of the height (a gap of 6, a line of 1.3 x 9 and 6 under it). The title's
     * line holds "Title" (32.5 px), a gap of 15 and "Cap" (13.5 px) with room to spare, so the caption goes
     * there and the cells are those of the same figure without a caption, wherever the colour bar goes.
     */
    @Test
    void aOneLineCaptionMovesIntoTheTitleLineAndCostsTheCellsNothing() {
        List<HeatmapData> heads = List.of(uniform(3), uniform(3), uniform(3), uniform(3), uniform(3), uniform(3));
        List<String> titles = List.of("H1", "H2", "H3", "H4", "H5", "H6");
        FigureLayout without = Figure.grid(heads, titles, ColorScale.unit(ColorMap.VIRIDIS), OPT)
                .layout(300, 130, HALF_EM);
        FigureLayout with = Figure.grid(heads, titles, ColorScale.unit(ColorMap.VIRIDIS), OPT.withCaption("Cap"))
                .layout(300, 130, HALF_EM);
        assertTrue(without.cellSize() < 40, "the pane is too small for the largest cells: " + without.cellSize());
        assertEquals(without.cellSize(), with.cellSize(), "the caption takes no line of the maps'");
        assertTrue(with.height() <= 130 && with.width() <= 300, with.width() + " x " + with.height());
        assertEquals(text(with, "Title").y(), text(with, "Cap").y(), 1e-9, "the caption is on the title's line");
    }
}
