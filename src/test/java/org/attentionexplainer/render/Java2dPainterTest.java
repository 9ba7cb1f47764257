package org.attentionexplainer.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Java2D painter draws the layout's cells in their exact colours, at any scale, headless. */
class Java2dPainterTest {
    private static final HeatmapOptions OPT = HeatmapOptions.defaults().withMaxCell(30);

    private static FigureLayout causalWeights() {
        HeatmapData d = new HeatmapData(List.of("Hello", "shiny", "sun"), List.of("Hello", "shiny", "sun"),
                new float[] {1f, 0f, 0f, 0.4f, 0.6f, 0f, 0.2f, 0.3f, 0.5f},
                new boolean[] {false, true, true, false, false, true, false, false, false});
        return Figure.single(d, ColorScale.unit(ColorMap.VIRIDIS), OPT)
                .layout(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, new AwtTextMeasurer("SansSerif"));
    }

    private static int rgb(BufferedImage img, double x, double y, double scale) {
        return img.getRGB((int) (x * scale), (int) (y * scale)) & 0xffffff;
    }

    @Test
    void twiceTheScaleIsExactlyTwiceThePixels() {
        FigureLayout l = causalWeights();
        BufferedImage one = Java2dPainter.image(l.drawing(), 1);
        BufferedImage two = Java2dPainter.image(l.drawing(), 2);
        assertEquals(l.width(), one.getWidth());
        assertEquals(2 * one.getWidth(), two.getWidth());
        assertEquals(2 * one.getHeight(), two.getHeight());
    }

    /**
     * PNG export writes cell blocks straight into the pixels; they must be the pixels Java2D's
     * nearest-neighbour drawImage paints, at whole and print (fractional) scales, cells of
     * whole and fractional size, with masked (transparent) cells under which the hatch shows.
     */
    @Test
    void cellBlocksWrittenDirectlyAreJava2dsPixels() {
        java.util.Random rnd = new java.util.Random(7);
        int n = 23;
        float[] v = new float[n * n];
        boolean[] masked = new boolean[n * n];
        List<String> labels = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            labels.add("t" + i);
        }
        for (int i = 0; i < v.length; i++) {
            v[i] = rnd.nextFloat();
            masked[i] = i % n > i / n + 3;
        }
        HeatmapData d = new HeatmapData(labels, labels, v, masked);
        for (double cell : new double[] {3, 7.3, 20}) {
            Drawing drawing = Figure.single(d, ColorScale.unit(ColorMap.MAGMA), OPT.withMaxCell(cell))
                    .layout(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, new AwtTextMeasurer("SansSerif"))
                    .drawing();
            for (double scale : new double[] {1, 2, 3, 300 / 96.0}) {
                BufferedImage fast = Java2dPainter.opaqueImage(drawing, scale);
                BufferedImage java2d = new BufferedImage(fast.getWidth(), fast.getHeight(), BufferedImage.TYPE_INT_RGB);
                java.awt.Graphics2D g = java2d.createGraphics();
                g.scale(scale, scale);
                Java2dPainter.paint(drawing, g);
                g.dispose();
                int differ = 0;
                for (int y = 0; y < fast.getHeight(); y++) {
                    for (int x = 0; x < fast.getWidth(); x++) {
                        differ += fast.getRGB(x, y) == java2d.getRGB(x, y) ? 0 : 1;
                    }
                }
                assertEquals(0, differ, "cell " + cell + ", scale " + scale);
            }
        }
    }

    @Test
    void cellsHaveTheirScaleColourAndMaskedCellsShowTheHatch() {
        FigureLayout l = causalWeights();
        for (double scale : new double[] {1, 3}) {
            BufferedImage img = Java2dPainter.image(l.drawing(), scale);
            // a 30 px cell: sample 4 px in from its corner, away from the grid lines and the text in the middle
            double[] c10 = l.bounds(new CellHit(0, 1, 0));
            assertEquals(ColorMap.VIRIDIS.argb(0.4) & 0xffffff, rgb(img, c10[0] + 4, c10[1] + 4, scale));
            double[] c22 = l.bounds(new CellHit(0, 2, 2));
            assertEquals(ColorMap.VIRIDIS.argb(0.5) & 0xffffff, rgb(img, c22[0] + 4, c22[1] + 4, scale));
            // a masked cell is the mask fill where no hatch line passes, and has hatch pixels somewhere
            double[] c01 = l.bounds(new CellHit(0, 0, 1));
            boolean fill = false;
            boolean hatch = false;
            for (int dx = 2; dx < 28; dx++) {
                int p = rgb(img, c01[0] + dx, c01[1] + 15, scale);
                fill |= p == (HeatmapStyle.LIGHT.maskFill() & 0xffffff);
                hatch |= p != (HeatmapStyle.LIGHT.maskFill() & 0xffffff);
            }
            assertTrue(fill && hatch, "masked cell shows fill and hatching");
            assertNotEquals(ColorMap.VIRIDIS.argb(0) & 0xffffff, rgb(img, c01[0] + 4, c01[1] + 4, scale),
                    "a masked cell does not look like a weight of 0");
        }
    }
}
