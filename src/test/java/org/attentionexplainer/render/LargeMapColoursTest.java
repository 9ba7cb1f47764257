package org.attentionexplainer.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A long input's maps are coloured when a painter asks, the screen's sampled cells alone or
 * every cell for an export: either way each cell has the colour {@link ColorScale#argb(double)}
 * gives its value, and none where it is masked or not finite.
 */
class LargeMapColoursTest {
    private static final int N = 300;                      // 90 000 cells: more than are coloured at once

    @Test
    void sampledCellsAndAllCellsHaveTheColourOfTheirValue() {
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            tokens.add("t" + i);
        }
        float[] v = new float[N * N];
        boolean[] masked = new boolean[N * N];
        for (int i = 0; i < v.length; i++) {
            v[i] = (float) Math.sin(i * 0.37) * 2.5f;
            masked[i] = i % N > i / N;                     // causal: keys after the query
        }
        v[5 * N + 1] = Float.NaN;
        v[7 * N + 2] = Float.POSITIVE_INFINITY;
        HeatmapData map = new HeatmapData(tokens, tokens, v, masked);
        ColorScale scale = ColorScale.centred(ColorMap.BLUE_RED, List.of(map));
        Drawing d = Figure.grid(List.of(map), List.of("Head 1"), scale, HeatmapOptions.defaults())
                .layout(400, 400, (text, size, bold) -> 0.5 * size * text.length()).drawing();
        Mark.Raster raster = (Mark.Raster) d.marks().stream().filter(m -> m instanceof Mark.Raster
                && ((Mark.Raster) m).cols() == N).findFirst().orElseThrow();

        int[] chosen = {0, 1, N + 1, 5 * N + 1, 7 * N + 2, 150 * N + 20, N * N - 1};
        int[] expected = new int[chosen.length];
        for (int k = 0; k < chosen.length; k++) {
            int i = chosen[k];
            expected[k] = masked[i] || !Float.isFinite(v[i]) ? 0 : scale.argb(v[i]);
        }
        int[] sampled = new int[chosen.length];
        raster.cells().argb(chosen, sampled);
        assertArrayEquals(expected, sampled);

        int[] all = raster.argb();
        for (int i = 0; i < all.length; i++) {
            assertEquals(masked[i] || !Float.isFinite(v[i]) ? 0 : scale.argb(v[i]), all[i], "cell " + i);
        }
        int[] again = new int[chosen.length];
        raster.cells().argb(chosen, again);
        assertArrayEquals(expected, again, "the same colours once all are made");
    }

    @Test
    void valuesRightAtTheEdgeBetweenTwoColoursTakeTheColourOfEachAlone() {
        // on [0, 1.1] the float nearest k * 1.1 / 256 lies, for 189 of the 255 edges, so close to
        // the edge that times a rounded 1 / 1.1 it lands on the other side (k = 15: 0.064453125 is
        // 14.99999... / 256 of the way, colour 14, but the product says 15)
        ColorScale s = new ColorScale(ColorMap.VIRIDIS, 0, 1.1);
        float[] values = new float[255];
        for (int k = 1; k <= 255; k++) {
            values[k - 1] = (float) (k * 1.1 / 256);
        }
        int[] bulk = new int[values.length];
        s.argb(values, bulk);
        assertEquals(ColorMap.VIRIDIS.entry(14), bulk[14]);
        for (int i = 0; i < values.length; i++) {
            assertEquals(s.argb(values[i]), bulk[i], "value " + values[i]);
        }
    }

    @Test
    void valuesNearTheEdgesOfRandomRangesTakeTheColourOfEachAlone() {
        java.util.Random rng = new java.util.Random(11);
        for (int round = 0; round < 300; round++) {
            double lo = (rng.nextDouble() - 0.5) * Math.pow(10, rng.nextInt(9) - 4);
            double hi = lo + rng.nextDouble() * Math.pow(10, rng.nextInt(9) - 4);
            ColorScale s = new ColorScale(ColorMap.MAGMA, lo, hi);
            float[] values = new float[3 * 257 + 64];
            int n = 0;
            for (int k = 0; k <= 256; k++) {
                float edge = (float) (lo + k * (hi - lo) / 256);
                values[n++] = edge;
                values[n++] = Math.nextDown(edge);
                values[n++] = Math.nextUp(edge);
            }
            while (n < values.length) {
                values[n++] = (float) (lo + (rng.nextDouble() * 1.2 - 0.1) * (hi - lo));
            }
            int[] bulk = new int[values.length];
            s.argb(values, bulk);
            for (int i = 0; i < values.length; i++) {
                assertEquals(s.argb(values[i]), bulk[i], "value " + values[i] + " on [" + lo + ", " + hi + "]");
            }
        }
    }

    @Test
    void manyValuesAtOnceTakeTheColourOfEachAlone() {
        // a range whose bucket edges (every 4/256 from -1) are not exact in binary, values at, just
        // under and just over each edge, beyond both ends, NaN, and an empty range
        ColorScale scale = new ColorScale(ColorMap.VIRIDIS, -1, 3);
        float[] values = new float[3 * 257 + 4];
        int n = 0;
        for (int k = 0; k <= 256; k++) {
            float edge = (float) (-1 + k * 4.0 / 256);
            values[n++] = edge;
            values[n++] = Math.nextDown(edge);
            values[n++] = Math.nextUp(edge);
        }
        values[n++] = -7;
        values[n++] = 1e30f;
        values[n++] = Float.NaN;
        values[n] = Float.NEGATIVE_INFINITY;
        for (ColorScale s : List.of(scale, new ColorScale(ColorMap.MAGMA, 2, 2), ColorScale.unit(ColorMap.GREYSCALE))) {
            int[] bulk = new int[values.length];
            s.argb(values, bulk);
            int[] chosen = new int[values.length];
            int[] picked = new int[values.length];
            for (int i = 0; i < chosen.length; i++) {
                chosen[i] = values.length - 1 - i;
            }
            s.argb(values, chosen, picked);
            for (int i = 0; i < values.length; i++) {
                assertEquals(s.argb(values[i]), bulk[i], "value " + values[i]);
                assertEquals(s.argb(values[chosen[i]]), picked[i], "chosen value " + values[chosen[i]]);
            }
        }
    }
}
