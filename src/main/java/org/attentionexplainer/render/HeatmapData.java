package org.attentionexplainer.render;

import java.util.List;

/**
 * One attention map as plain values: rows are queries, columns keys.
 *
 * @param rowLabels labels of the rows (queries), one per row
 * @param colLabels labels of the columns (keys), one per column
 * @param values    row-major (rows, cols); -inf where a logit is masked
 * @param masked    row-major (rows, cols), true where the key is hidden from the query; null if nothing is
 */
public record HeatmapData(List<String> rowLabels, List<String> colLabels, float[] values, boolean[] masked) {

    public HeatmapData {
        rowLabels = List.copyOf(rowLabels);
        colLabels = List.copyOf(colLabels);
        long cells = (long) rowLabels.size() * colLabels.size();
        if (values.length != cells) {
            throw new IllegalArgumentException(values.length + " values for " + rowLabels.size() + " x "
                    + colLabels.size() + " cells");
        }
        if (masked != null && masked.length != cells) {
            throw new IllegalArgumentException(masked.length + " mask flags for " + cells + " cells");
        }
    }

    public int rows() {
        return rowLabels.size();
    }

    public int cols() {
        return colLabels.size();
    }

    public int size() {
        return values.length;
    }

    public float value(int row, int col) {
        return values[row * cols() + col];
    }

    public boolean isMasked(int row, int col) {
        return isMasked(row * cols() + col);
    }

    /** By row-major index. */
    public boolean isMasked(int index) {
        return masked != null && masked[index];
    }

    public boolean hasMasked() {
        if (masked != null) {
            for (boolean m : masked) {
                if (m) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The sum of each row's finite values (masked weights are 0 and add nothing). */
    public double[] rowSums() {
        double[] sums = new double[rows()];
        int c = cols();
        for (int r = 0; r < sums.length; r++) {
            double s = 0;
            for (int j = 0; j < c; j++) {
                float v = values[r * c + j];
                if (Float.isFinite(v)) {
                    s += v;
                }
            }
            sums[r] = s;
        }
        return sums;
    }

    /**
     * This map minus {@code other}, cell by cell. Masked where both are masked (nothing to
     * compare: a masked weight is 0 on both sides, and a difference of 0 there would read as
     * "unchanged"), and where either is masked and the difference is not finite (−∞ − x).
     */
    public HeatmapData minus(HeatmapData other) {
        if (other.rows() != rows() || other.cols() != cols()) {
            throw new IllegalArgumentException("maps of " + rows() + " x " + cols() + " and " + other.rows()
                    + " x " + other.cols() + " cells cannot be subtracted");
        }
        float[] diff = new float[size()];
        boolean[] mask = new boolean[size()];
        boolean any = false;
        for (int i = 0; i < diff.length; i++) {
            float d = values[i] - other.values[i];
            boolean hidden = isMasked(i) && other.isMasked(i)
                    || !Float.isFinite(d) && (isMasked(i) || other.isMasked(i));
            mask[i] = hidden;
            any |= hidden;
            diff[i] = hidden && !Float.isFinite(d) ? Float.NEGATIVE_INFINITY : d;
        }
        return new HeatmapData(rowLabels, colLabels, diff, any ? mask : null);
    }
}
