package org.attentionexplainer.lesson;

/**
 * The range a walkthrough matrix is coloured on, the same on screen and in its picture. Like
 * is compared with like: attention weights always on [0, 1] (so a weight of 0.2291 looks like
 * a fifth, not like 0, whatever the other weights are), and the score matrices of a step on
 * one range that reaches 0, so that a score and the same score divided by √dₖ can be compared
 * by colour.
 *
 * @param min the value drawn palest
 * @param max the value drawn strongest
 */
public record HeatScale(double min, double max) {
    /** Attention weights: probabilities, [0, 1]. */
    public static final HeatScale WEIGHTS = new HeatScale(0, 1);

    public HeatScale {
        if (!Double.isFinite(min) || !Double.isFinite(max) || !(max > min)) {
            throw new IllegalArgumentException("range [" + min + ", " + max + "] is not a finite interval");
        }
    }

    /** One range for all the matrices, from 0 (or below, for negative values) to their largest value. */
    public static HeatScale spanning(Matrix... matrices) {
        double lo = 0;
        double hi = 0;
        for (Matrix m : matrices) {
            for (double v : m.data()) {
                if (Double.isFinite(v)) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        return hi > lo ? new HeatScale(lo, hi) : new HeatScale(lo, lo + 1);
    }

    /** Where v falls, 0 at min and 1 at max, clamped. */
    public double position(double v) {
        double t = (v - min) / (max - min);
        return t < 0 ? 0 : t > 1 ? 1 : t;
    }
}
