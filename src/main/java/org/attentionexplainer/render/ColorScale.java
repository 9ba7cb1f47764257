package org.attentionexplainer.render;

import java.util.Collection;
import java.util.List;

/**
 * Maps values to colours: a colour map stretched over [min, max]. Values outside are
 * clamped to the ends. Masked cells and -inf never go through a scale; the layout marks them.
 *
 * @param map the colour map
 * @param min the value drawn with the map's first colour
 * @param max the value drawn with its last colour
 */
public record ColorScale(ColorMap map, double min, double max) {

    public ColorScale {
        if (map == null) {
            throw new IllegalArgumentException("a colour scale needs a colour map");
        }
        if (!Double.isFinite(min) || !Double.isFinite(max) || max < min) {
            throw new IllegalArgumentException("range [" + min + ", " + max + "] is not a finite interval");
        }
    }

    /** The fixed range [0, 1], for attention weights. */
    public static ColorScale unit(ColorMap map) {
        return new ColorScale(map, 0, 1);
    }

    /** From the smallest to the largest finite, unmasked value of all maps ([0, 1] if none). */
    public static ColorScale auto(ColorMap map, Collection<HeatmapData> maps) {
        float lo = Float.POSITIVE_INFINITY;
        float hi = Float.NEGATIVE_INFINITY;
        for (HeatmapData d : maps) {
            java.nio.FloatBuffer values = d.buffer();
            boolean masks = d.hasMasked();
            for (int i = 0, n = d.size(); i < n; i++) {
                float v = values.get(i);
                if (Float.isFinite(v) && !(masks && d.isMasked(i))) {
                    if (v < lo) {
                        lo = v;
                    }
                    if (v > hi) {
                        hi = v;
                    }
                }
            }
        }
        return lo > hi ? unit(map) : new ColorScale(map, lo, hi);
    }

    /**
     * Symmetric around 0, [-m, m] with m the largest finite |value| of all maps (1 if none),
     * so that 0 sits on the neutral centre of a diverging map.
     */
    public static ColorScale centred(ColorMap map, Collection<HeatmapData> maps) {
        double m = 0;
        for (HeatmapData d : maps) {
            java.nio.FloatBuffer values = d.buffer();
            for (int i = 0, n = d.size(); i < n; i++) {
                float v = values.get(i);
                if (Float.isFinite(v) && !d.isMasked(i)) {
                    m = Math.max(m, Math.abs(v));
                }
            }
        }
        return m == 0 ? new ColorScale(map, -1, 1) : new ColorScale(map, -m, m);
    }

    /** Where v falls, 0 at min and 1 at max, clamped; the middle when the range is empty. */
    public double position(double v) {
        if (max == min) {
            return 0.5;
        }
        double t = (v - min) / (max - min);
        return t < 0 ? 0 : t > 1 ? 1 : t;
    }

    /** The ARGB colour of v. */
    public int argb(double v) {
        return map.argb(position(v));
    }

    /**
     * The colours of many values at once (NaN the first colour): the loop behind every
     * heatmap's cells.
     */
    public void argb(float[] values, int[] into) {
        argb(java.nio.FloatBuffer.wrap(values), null, into, values.length);
    }

    /** The colours of the values {@code values[cells[k]]} into {@code into[k]}, as {@link #argb(float[], int[])}. */
    public void argb(float[] values, int[] cells, int[] into) {
        argb(java.nio.FloatBuffer.wrap(values), cells, into, cells.length);
    }

    /**
     * The colours of {@code values.get(cells[k])} (of {@code values.get(k)} when {@code cells} is null)
     * into {@code into[k]}, for k below n: a map's values read where they lie, not copied.
     */
    void argb(java.nio.FloatBuffer values, int[] cells, int[] into, int n) {
        if (max == min) {
            java.util.Arrays.fill(into, 0, n, map.argb(0.5));
            return;
        }
        // position() and map.argb() by hand, with a product instead of the quotient: the two
        // differ by an ulp or so, which moves a value to the next colour only right at the edge
        // between two, where the quotient decides as position() does; the same colours, 2-3 times
        // faster (a long input's grid has millions of cells)
        double span = max - min;
        double inverse = 1 / span;
        int[] table = map.leftToRight();
        int size = table.length;
        for (int k = 0; k < n; k++) {
            double d = values.get(cells == null ? k : cells[k]) - min;
            double x = d * inverse * size;
            int colour;
            if (!(x > 0)) {
                colour = table[0];
            } else if (x >= size) {
                colour = table[size - 1];
            } else {
                int i = (int) x;
                double edge = x - i;
                if (edge < 1e-9 || edge > 1 - 1e-9) {
                    i = (int) Math.min(size - 1, d / span * size);
                }
                colour = table[i];
            }
            into[k] = colour;
        }
    }

    /** Tick values for a colour bar that has room for about {@code count} labels. */
    public List<Double> ticks(int count) {
        return Ticks.of(min, max, Math.max(2, count));
    }

    /** Decimals the tick labels need. */
    public int tickDecimals(int count) {
        List<Double> t = ticks(count);
        return t.size() >= 2 ? Ticks.decimals(t.get(1) - t.get(0)) : 2;
    }
}
