package org.attentionexplainer.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import org.attentionexplainer.i18n.NumberText;
import org.junit.jupiter.api.Test;

/**
 * Colour maps, scales, ticks and number texts against published colours and hand arithmetic.
 * Reference colours: matplotlib's viridis/magma tables (first, middle, last entries, and
 * viridis entry 8, which lies between two of our control points), ColorBrewer RdBu and Greys.
 */
class ColorMathTest {

    private static void assertColour(int expectedRgb, int argb, int tolerance) {
        int[] e = {(expectedRgb >> 16) & 0xff, (expectedRgb >> 8) & 0xff, expectedRgb & 0xff};
        int[] a = {(argb >> 16) & 0xff, (argb >> 8) & 0xff, argb & 0xff};
        for (int i = 0; i < 3; i++) {
            assertTrue(Math.abs(e[i] - a[i]) <= tolerance, String.format("expected #%06x, got #%06x",
                    expectedRgb, argb & 0xffffff));
        }
        assertEquals(0xff, argb >>> 24, "opaque");
    }

    @Test
    void viridisMatchesMatplotlibsTable() {
        assertColour(0x440154, ColorMap.VIRIDIS.argb(0), 0);
        assertColour(0x21918c, ColorMap.VIRIDIS.argb(0.5), 0);
        assertColour(0xfde725, ColorMap.VIRIDIS.argb(1), 0);
        // matplotlib entry 8 = (0.277018, 0.050344, 0.375715) * 255 = (71, 13, 96): interpolated, within 1
        assertColour(0x470d60, ColorMap.VIRIDIS.entry(8), 1);
    }

    @Test
    void magmaMatchesMatplotlibsTable() {
        assertColour(0x000004, ColorMap.MAGMA.argb(0), 0);
        assertColour(0xb73779, ColorMap.MAGMA.argb(0.5), 0);
        assertColour(0xfcfdbf, ColorMap.MAGMA.argb(1), 0);
    }

    @Test
    void divergingMapIsColorBrewerRdBuReversedWithAWhiteCentre() {
        assertTrue(ColorMap.BLUE_RED.diverging());
        assertColour(0x2166ac, ColorMap.BLUE_RED.argb(0), 0);
        assertColour(0xf7f7f7, ColorMap.BLUE_RED.argb(0.5), 0);
        assertColour(0xb2182b, ColorMap.BLUE_RED.argb(1), 0);
        assertColour(0xffffff, ColorMap.GREYSCALE.argb(0), 0);
        assertColour(0x000000, ColorMap.GREYSCALE.argb(1), 0);
    }

    @Test
    void positionsPickTableEntriesLikeMatplotlib() {
        // floor(t * 256), clamped: 0.999 -> 255, 1/256 -> 1, below 0 and NaN -> 0
        assertEquals(ColorMap.VIRIDIS.entry(255), ColorMap.VIRIDIS.argb(0.999));
        assertEquals(ColorMap.VIRIDIS.entry(1), ColorMap.VIRIDIS.argb(1.0 / 256));
        assertEquals(ColorMap.VIRIDIS.entry(0), ColorMap.VIRIDIS.argb(-3));
        assertEquals(ColorMap.VIRIDIS.entry(0), ColorMap.VIRIDIS.argb(Double.NaN));
        assertEquals(ColorMap.VIRIDIS.entry(255), ColorMap.VIRIDIS.argb(7));
        assertEquals(ColorMap.BLUE_RED, ColorMap.byId("blue-red"));
    }

    @Test
    void centredScaleIsSymmetricAroundZeroAndIgnoresMaskedInfinities() {
        float ninf = Float.NEGATIVE_INFINITY;
        HeatmapData logits = new HeatmapData(List.of("a", "b"), List.of("a", "b"),
                new float[] {-2f, ninf, 0.5f, 1f}, new boolean[] {false, true, false, false});
        ColorScale s = ColorScale.centred(ColorMap.BLUE_RED, List.of(logits));
        assertEquals(-2, s.min());
        assertEquals(2, s.max());
        assertEquals(0.5, s.position(0));
        assertEquals(0.75, s.position(1));
        assertEquals(0.0, s.position(-9));
        assertColour(0xf7f7f7, s.argb(0), 0);
    }

    @Test
    void autoScaleSpansTheUnmaskedValues() {
        HeatmapData w = new HeatmapData(List.of("a", "b"), List.of("a", "b"),
                new float[] {0.2f, 0f, 0.4f, 0.6f}, new boolean[] {false, true, false, false});
        ColorScale s = ColorScale.auto(ColorMap.VIRIDIS, List.of(w));
        assertEquals(0.2f, s.min(), 1e-7);
        assertEquals(0.6f, s.max(), 1e-7);
        assertEquals(0.5, s.position(0.4), 1e-6);
        ColorScale unit = ColorScale.unit(ColorMap.VIRIDIS);
        assertEquals(0.4, unit.position(0.4), 1e-12);
    }

    @Test
    void ticksAreNiceNumbersInsideTheRange() {
        assertValues(new double[] {0, 0.2, 0.4, 0.6, 0.8, 1}, Ticks.of(0, 1, 5));
        assertValues(new double[] {-2, -1, 0, 1, 2}, Ticks.of(-2.5, 2.5, 5));
        // range 0.74 -> nice 1, step 1/4 -> 0.2: ticks 0.2, 0.4, 0.6, 0.8
        assertEquals(4, Ticks.of(0.13, 0.87, 5).size());
        assertEquals(0.2, Ticks.of(0.13, 0.87, 5).get(0), 1e-12);
        assertEquals(1, Ticks.decimals(0.2));
        assertEquals(2, Ticks.decimals(0.05));
        assertEquals(0, Ticks.decimals(5));
        assertEquals(List.of(3.0), Ticks.of(3, 3, 5));
    }

    private static void assertValues(double[] expected, List<Double> actual) {
        assertEquals(expected.length, actual.size(), actual.toString());
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], actual.get(i), 1e-12, actual.toString());
        }
    }

    @Test
    void numbersFollowTheLocaleWithATrueMinusSign() {
        assertEquals("−0,78", NumberText.format(-0.7842, 2, Locale.forLanguageTag("tr")));
        assertEquals("0.7842", NumberText.format(0.78421, 4, Locale.ENGLISH));
        assertEquals("−∞", NumberText.format(Double.NEGATIVE_INFINITY, 2, Locale.ENGLISH));
        assertEquals("0.00", NumberText.format(-0.001, 2, Locale.ENGLISH));
    }

    @Test
    void cellTextIsWhiteOnDarkAndBlackOnLightColours() {
        assertEquals(0xffffffff, PanelPainter.contrastingText(ColorMap.VIRIDIS.argb(0)));
        assertEquals(0xff000000, PanelPainter.contrastingText(ColorMap.VIRIDIS.argb(1)));
        assertEquals(0xff000000, PanelPainter.contrastingText(0xfff7f7f7));
    }

    @Test
    void aWholeMapIsColouredByTheTableEntryOfEachValue() {
        // scale [-2, 2]: -2 -> entry 0, 0 -> 0.5 * 256 = entry 128, 1 -> 0.75 * 256 = entry 192,
        // 2 and beyond -> entry 255, below -> entry 0; NaN -> entry 0
        ColorScale scale = new ColorScale(ColorMap.MAGMA, -2, 2);
        float[] v = {-2, 0, 1, 2, 7, -9, Float.NaN};
        int[] got = new int[v.length];
        scale.argb(v, got);
        int[] entries = {0, 128, 192, 255, 255, 0, 0};
        for (int i = 0; i < v.length; i++) {
            assertEquals(ColorMap.MAGMA.entry(entries[i]), got[i], "value " + v[i]);
        }
        // an empty range puts every value in the middle
        new ColorScale(ColorMap.MAGMA, 3, 3).argb(new float[] {3}, got);
        assertEquals(ColorMap.MAGMA.entry(128), got[0]);
    }
}
