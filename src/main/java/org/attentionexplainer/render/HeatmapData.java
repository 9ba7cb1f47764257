package org.attentionexplainer.render;

import java.nio.FloatBuffer;
import java.util.List;

/**
 * One attention map as plain values: rows are queries, columns keys. The values are read through
 * a read-only {@link FloatBuffer}: either an array given to the map, or a view of a trace's tensor
 * (see {@link TraceMaps}), so that the grid of a long input's heads copies nothing at a slider step.
 * {@link #value(int)} reads one value; {@link #values()} is a copy.
 */
public final class HeatmapData {
    private final List<String> rowLabels;
    private final List<String> colLabels;
    /** Row-major (rows, cols), indexed from 0; -inf where a logit is masked. */
    private final FloatBuffer values;
    private final boolean[] masked;

    /**
     * @param rowLabels labels of the rows (queries), one per row
     * @param colLabels labels of the columns (keys), one per column
     * @param values    row-major (rows, cols); -inf where a logit is masked (not copied: do not modify it)
     * @param masked    row-major (rows, cols), true where the key is hidden from the query; null if nothing is
     */
    public HeatmapData(List<String> rowLabels, List<String> colLabels, float[] values, boolean[] masked) {
        this(rowLabels, colLabels, FloatBuffer.wrap(values).asReadOnlyBuffer(), masked);
    }

    /**
     * A map over values read through {@code values} (positions 0 to its limit, row-major), which
     * must not change while the map is shown: a view of a trace's tensor.
     */
    public HeatmapData(List<String> rowLabels, List<String> colLabels, FloatBuffer values, boolean[] masked) {
        this.rowLabels = List.copyOf(rowLabels);
        this.colLabels = List.copyOf(colLabels);
        long cells = (long) this.rowLabels.size() * this.colLabels.size();
        if (values.limit() != cells) {
            throw new IllegalArgumentException(values.limit() + " values for " + this.rowLabels.size() + " x "
                    + this.colLabels.size() + " cells");
        }
        if (masked != null && masked.length != cells) {
            throw new IllegalArgumentException(masked.length + " mask flags for " + cells + " cells");
        }
        this.values = values.isReadOnly() ? values : values.asReadOnlyBuffer();
        this.masked = masked;
    }

    public List<String> rowLabels() {
        return rowLabels;
    }

    public List<String> colLabels() {
        return colLabels;
    }

    /** The values, row-major (rows, cols), as a new array. */
    public float[] values() {
        float[] out = new float[size()];
        values.get(0, out);
        return out;
    }

    /** The flags of the masked cells, row-major; null if nothing is masked. */
    public boolean[] masked() {
        return masked;
    }

    public int rows() {
        return rowLabels.size();
    }

    public int cols() {
        return colLabels.size();
    }

    public int size() {
        return values.limit();
    }

    public float value(int row, int col) {
        return values.get(row * cols() + col);
    }

    /** By row-major index. */
    public float value(int index) {
        return values.get(index);
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
                float v = values.get(r * c + j);
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
            float d = values.get(i) - other.values.get(i);
            boolean hidden = isMasked(i) && other.isMasked(i)
                    || !Float.isFinite(d) && (isMasked(i) || other.isMasked(i));
            mask[i] = hidden;
            any |= hidden;
            diff[i] = hidden && !Float.isFinite(d) ? Float.NEGATIVE_INFINITY : d;
        }
        return new HeatmapData(rowLabels, colLabels, diff, any ? mask : null);
    }

    /** The values as the colour loops read them (read-only, indexed from 0). */
    FloatBuffer buffer() {
        return values;
    }

    @Override
    public String toString() {
        return "HeatmapData[" + rows() + " x " + cols() + (hasMasked() ? ", masked" : "") + "]";
    }
}
