package org.attentionexplainer.render;

import java.util.ArrayList;
import java.util.List;

/**
 * "Nice" tick values for a colour bar: steps of 1, 2 or 5 times a power of ten (Heckbert,
 * "Nice numbers for graph labels", Graphics Gems, 1990), keeping the ticks inside the range.
 */
public final class Ticks {
    private Ticks() {
    }

    /**
     * @param min   lower end of the range
     * @param max   upper end (may equal min)
     * @param count about how many ticks are wanted (at least 2)
     * @return tick values from low to high, all within [min, max]
     */
    public static List<Double> of(double min, double max, int count) {
        List<Double> ticks = new ArrayList<>();
        if (!Double.isFinite(min) || !Double.isFinite(max)) {
            return ticks;
        }
        if (max <= min) {
            ticks.add(min);
            return ticks;
        }
        int wanted = Math.min(3, count);
        for (int c = count; c <= count + 8 && ticks.size() < wanted; c++) {
            ticks.clear();
            double step = step(min, max, c);
            double eps = step * 1e-9;
            long first = (long) Math.ceil((min - eps) / step);
            for (long k = first; k * step <= max + eps; k++) {
                double v = k * step;
                ticks.add(Math.abs(v) < eps ? 0.0 : v);
            }
        }
        return ticks;
    }

    /** The step between ticks for {@link #of}. */
    public static double step(double min, double max, int count) {
        double range = nice(max - min, false);
        return nice(range / Math.max(1, count - 1), true);
    }

    /** Decimals that show every tick of {@code step} exactly: 0.2 → 1, 0.05 → 2, 5 → 0. */
    public static int decimals(double step) {
        if (!(step > 0) || !Double.isFinite(step)) {
            return 0;
        }
        return Math.max(0, (int) -Math.floor(Math.log10(step) + 1e-9));
    }

    static double nice(double x, boolean round) {
        double exp = Math.floor(Math.log10(x));
        double f = x / Math.pow(10, exp);
        double nf;
        if (round) {
            nf = f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10;
        } else {
            nf = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
        }
        return nf * Math.pow(10, exp);
    }
}
