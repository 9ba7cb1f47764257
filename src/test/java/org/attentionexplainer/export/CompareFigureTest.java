package org.attentionexplainer.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Scale;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.i18n.Localization;
import org.attentionexplainer.render.AwtTextMeasurer;
import org.attentionexplainer.render.CellHit;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.Drawing;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.FigureLayout;
import org.attentionexplainer.render.HeatmapStyle;
import org.attentionexplainer.render.Mark;
import org.attentionexplainer.render.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The explorer's comparison as drawn on screen and exported: B − A of two causal settings of
 * "Hello shiny sun" (temperature 1 and 0.5). The cells both settings mask stay hatched and
 * blank (not "0.00"), a difference of 0 has a colour that stands out from the background, and
 * the difference's cells are ruled.
 */
class CompareFigureTest {
    private static Figure figure;
    private static FigureLayout layout;

    @BeforeAll
    static void compute() {
        System.setProperty("java.awt.headless", "true");
        Tensor x = Tensor.of(new float[] {0.34f, 0.22f, 0.54f, 0.53f, 0.34f, 0.98f, 0.29f, 0.54f, 0.93f}, 3, 3);
        AttentionSpec a = AttentionSpec.builder(x).tokens(List.of("Hello", "shiny", "sun")).scale(Scale.none())
                .causal(true).build();
        AttentionEngine engine = new AttentionEngine();
        AttentionTrace traceA = engine.compute(a);
        AttentionTrace traceB = engine.compute(a.toBuilder().temperature(0.5).build());
        AttentionFigures figures = new AttentionFigures(Localization.of(Locale.ENGLISH));
        figure = figures.figure(traceB, traceA, new MapView(ViewMode.COMPARE, 0, Stage.WEIGHTS, ColorMap.VIRIDIS,
                false, true), "caption").exported(FigureParts.ALL);
        layout = figure.layout(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, new AwtTextMeasurer("SansSerif"));
    }

    private static boolean inside(double px, double py, double[] box) {
        return px > box[0] && px < box[0] + box[2] && py > box[1] && py < box[1] + box[3];
    }

    @Test
    void cellsMaskedInBothSettingsStayHatchedAndBlank() {
        Drawing d = layout.drawing();
        for (int i = 0; i < 3; i++) {
            for (int j = i + 1; j < 3; j++) {
                assertTrue(figure.data(2).isMasked(i, j), "B − A masks (" + i + ", " + j + ") as A and B do");
                double[] box = layout.bounds(new CellHit(2, i, j));
                boolean hatched = d.marks().stream().anyMatch(m -> m instanceof Mark.Hatch h
                        && coversCentre(h, box));
                assertTrue(hatched, "cell (" + i + ", " + j + ") of B − A is hatched");
                boolean number = d.marks().stream().anyMatch(m -> m instanceof Mark.Text t
                        && inside(t.x(), t.y(), box));
                assertFalse(number, "cell (" + i + ", " + j + ") of B − A carries no number (it was \"0.00\")");
            }
        }
        // the first query sees only itself: weight 1 in both, a true difference of 0, shown as such
        assertFalse(figure.data(2).isMasked(0, 0));
        assertEquals(0f, figure.data(2).value(0, 0));
    }

    private static boolean coversCentre(Mark.Hatch h, double[] cell) {
        double cx = cell[0] + cell[2] / 2;
        double cy = cell[1] + cell[3] / 2;
        double[] b = h.boxes();
        for (int k = 0; k < b.length; k += 4) {
            if (inside(cx, cy, new double[] {b[k], b[k + 1], b[k + 2], b[k + 3]})) {
                return true;
            }
        }
        return false;
    }

    @Test
    void aDifferenceOfZeroStandsOutFromTheBackground() {
        int zero = figure.scale(2).argb(0);
        for (HeatmapStyle style : List.of(HeatmapStyle.LIGHT, HeatmapStyle.DARK, HeatmapStyle.HIGH_CONTRAST)) {
            double deltaE = deltaE(zero, style.background());
            // CIE76 ΔE of about 2.3 is a just-noticeable difference; 20 is plainly another colour
            assertTrue(deltaE > 20, String.format("zero is %06x on %06x: ΔE %.1f", zero & 0xffffff,
                    style.background() & 0xffffff, deltaE));
        }
        assertTrue(figure.scale(2).map().diverging());
    }

    @Test
    void theDifferencesCellsAreRuledInAColourOtherThanTheBackground() {
        double[] cells = layout.bounds(new CellHit(2, -1, -1));
        int background = HeatmapStyle.LIGHT.background();
        long rules = layout.drawing().marks().stream().filter(m -> m instanceof Mark.Line l
                && l.color() != background && inside((l.x1() + l.x2()) / 2, (l.y1() + l.y2()) / 2, cells)).count();
        assertEquals(4, rules, "2 lines between the 3 rows and 2 between the 3 columns");
    }

    /** CIE76 colour difference of two sRGB colours (D65). */
    static double deltaE(int argb1, int argb2) {
        double[] a = lab(argb1);
        double[] b = lab(argb2);
        return Math.sqrt(Math.pow(a[0] - b[0], 2) + Math.pow(a[1] - b[1], 2) + Math.pow(a[2] - b[2], 2));
    }

    private static double[] lab(int argb) {
        double r = lin((argb >> 16) & 0xff);
        double g = lin((argb >> 8) & 0xff);
        double b = lin(argb & 0xff);
        double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
        double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        return new double[] {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
    }

    private static double lin(int c) {
        double v = c / 255.0;
        return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }

    private static double f(double t) {
        return t > 216.0 / 24389 ? Math.cbrt(t) : (24389.0 / 27 * t + 16) / 116;
    }
}
