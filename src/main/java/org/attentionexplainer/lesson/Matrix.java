package org.attentionexplainer.lesson;

import java.util.Arrays;

/** An immutable row-major matrix of doubles: how the lesson hands tables of numbers to a view. */
public record Matrix(int rows, int cols, double[] data) {

    public Matrix {
        if (rows < 0 || cols < 0 || data.length != rows * cols) {
            throw new IllegalArgumentException(rows + "x" + cols + " needs " + rows * cols + " values, got "
                    + data.length);
        }
        data = data.clone();
    }

    public static Matrix of(float[][] rows) {
        int cols = rows.length == 0 ? 0 : rows[0].length;
        double[] flat = new double[rows.length * cols];
        for (int r = 0; r < rows.length; r++) {
            for (int c = 0; c < cols; c++) {
                flat[r * cols + c] = rows[r][c];
            }
        }
        return new Matrix(rows.length, cols, flat);
    }

    public static Matrix of(double[][] rows) {
        int cols = rows.length == 0 ? 0 : rows[0].length;
        double[] flat = new double[rows.length * cols];
        for (int r = 0; r < rows.length; r++) {
            System.arraycopy(rows[r], 0, flat, r * cols, cols);
        }
        return new Matrix(rows.length, cols, flat);
    }

    @Override
    public double[] data() {
        return data.clone();
    }

    public double get(int r, int c) {
        if (r < 0 || r >= rows || c < 0 || c >= cols) {
            throw new IndexOutOfBoundsException("(" + r + ", " + c + ") outside " + rows + "x" + cols);
        }
        return data[r * cols + c];
    }

    public double[] row(int r) {
        return Arrays.copyOfRange(data, r * cols, (r + 1) * cols);
    }

    public double[] column(int c) {
        double[] out = new double[rows];
        for (int r = 0; r < rows; r++) {
            out[r] = data[r * cols + c];
        }
        return out;
    }

    public double min() {
        return Arrays.stream(data).min().orElse(0);
    }

    public double max() {
        return Arrays.stream(data).max().orElse(0);
    }

    /** Row-major float32 values, as the engine takes them. */
    public float[][] toFloatRows() {
        float[][] out = new float[rows][cols];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                out[r][c] = (float) data[r * cols + c];
            }
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Matrix m && rows == m.rows && cols == m.cols && Arrays.equals(data, m.data);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * rows + cols) + Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return "Matrix" + rows + "x" + cols;
    }
}
