package org.attentionexplainer.engine;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * An immutable, dense, row-major float32 array with a shape. This is the value type that
 * leaves the engine: no ND4J type escapes, so views, exporters and tests can read every
 * intermediate of attention without knowing how it was computed. The values of a step that
 * few views show may be worked out when first read ({@link #lazy}): the same values either way.
 */
public final class Tensor {
    private final int[] shape;
    /** The values; null until a lazy tensor's are made. */
    private volatile float[] data;
    /** What makes a lazy tensor's values; null once they are made, and for every other tensor. */
    private Supplier<float[]> maker;
    /** Whether every value is finite, once someone asked: 0 not known yet, 1 yes, 2 no. */
    private volatile byte finite;
    /** The largest |value| once someone asked (NaN if a value is NaN); -1 not known yet. */
    private volatile float maxAbs = -1;

    private Tensor(float[] data, int[] shape) {
        this.shape = shape;
        this.data = data;
    }

    /**
     * A tensor whose values {@code values} makes when they are first read, once, from values
     * that never change (so they are the same whenever that happens): a whole step's map that a
     * slider step need not write when no view shows it.
     */
    static Tensor lazy(Supplier<float[]> values, int... shape) {
        Tensor t = new Tensor(null, shape.clone());
        t.maker = values;
        return t;
    }

    /** A copy of {@code data} with the given shape. */
    public static Tensor of(float[] data, int... shape) {
        return wrap(data.clone(), shape.clone());
    }

    /** Takes ownership of {@code data}; only for arrays that nobody else holds. */
    static Tensor wrap(float[] data, int... shape) {
        long n = 1;
        for (int d : shape) {
            if (d < 0) {
                throw new IllegalArgumentException("negative dimension in shape " + Arrays.toString(shape));
            }
            n *= d;
        }
        if (n != data.length) {
            throw new IllegalArgumentException(
                    "shape " + describe(shape) + " needs " + n + " values, got " + data.length);
        }
        return new Tensor(data, shape);
    }

    public static Tensor vector(float... values) {
        return of(values, values.length);
    }

    /** A matrix from rows of equal length. */
    public static Tensor matrix(float[][] rows) {
        int cols = rows.length == 0 ? 0 : rows[0].length;
        float[] flat = new float[rows.length * cols];
        for (int i = 0; i < rows.length; i++) {
            if (rows[i].length != cols) {
                throw new IllegalArgumentException(
                        "row " + i + " has " + rows[i].length + " values, row 0 has " + cols);
            }
            System.arraycopy(rows[i], 0, flat, i * cols, cols);
        }
        return wrap(flat, rows.length, cols);
    }

    public static Tensor zeros(int... shape) {
        long n = 1;
        for (int d : shape) {
            n *= d;
        }
        return wrap(new float[Math.toIntExact(n)], shape.clone());
    }

    public int[] shape() {
        return shape.clone();
    }

    public int rank() {
        return shape.length;
    }

    public int dim(int axis) {
        return shape[axis < 0 ? shape.length + axis : axis];
    }

    public int size() {
        int n = 1;
        for (int d : shape) {
            n *= d;
        }
        return n;
    }

    public float get(int... index) {
        return data()[offset(index)];
    }

    /** A copy of all values in row-major order. */
    public float[] toArray() {
        return data().clone();
    }

    /** Package-private view of the backing array: engine code reads it without copying. */
    float[] data() {
        float[] d = data;
        return d != null ? d : make();
    }

    /** Whether the values exist yet: a lazy tensor's are made when first read. */
    boolean made() {
        return data != null;
    }

    private synchronized float[] make() {
        if (data == null) {
            float[] d = maker.get();
            if (d.length != size()) {
                throw new IllegalStateException(d.length + " values made for shape " + describe(shape));
            }
            data = d;
            maker = null;
        }
        return data;
    }

    /** Whether this is a lazy tensor whose values nobody has read yet. */
    boolean pending() {
        return data == null;
    }

    /** The largest |value|, NaN if a value is NaN; kept, as the values never change. */
    float maxAbs() {
        float known = maxAbs;
        if (known == -1) {
            float[] d = data();
            known = RowMath.best().maxAbs(d, 0, d.length);
            maxAbs = known;
        }
        return known;
    }

    /**
     * Whether no value is NaN or infinite. The answer is kept (the values never change), so
     * the weights of a model are checked once, not at every slider step.
     */
    boolean allFinite() {
        byte known = finite;
        if (known == 0) {
            known = 1;
            for (float x : data()) {
                if (!Float.isFinite(x)) {
                    known = 2;
                    break;
                }
            }
            finite = known;
        }
        return known == 1;
    }

    /** The same values with another shape of equal size. */
    public Tensor reshape(int... newShape) {
        return wrap(data(), newShape.clone());
    }

    /**
     * The matrix formed by the last two axes at the given leading indices, e.g.
     * {@code weights.matrix(b, h)} of a {@code (b, h, t, s)} tensor is the {@code (t, s)} map.
     */
    public float[][] matrix(int... leading) {
        if (leading.length != shape.length - 2) {
            throw new IllegalArgumentException("need " + (shape.length - 2) + " leading indices for shape "
                    + describe(shape) + ", got " + leading.length);
        }
        int rows = shape[shape.length - 2];
        int cols = shape[shape.length - 1];
        int[] full = Arrays.copyOf(leading, shape.length);
        int start = rows * cols == 0 ? 0 : offset(full);
        float[][] out = new float[rows][cols];
        for (int i = 0; i < rows; i++) {
            System.arraycopy(data(), start + i * cols, out[i], 0, cols);
        }
        return out;
    }

    /**
     * A copy of the values under the given leading indices, row-major: {@code weights.values(b, h)}
     * of a {@code (b, h, t, s)} tensor is the {@code (t, s)} map, flat, copied once.
     */
    public float[] values(int... leading) {
        java.nio.FloatBuffer view = view(leading);
        float[] out = new float[view.remaining()];
        view.get(out);
        return out;
    }

    /**
     * The values under the given leading indices, row-major, as a read-only view of this tensor's
     * own values, not a copy: {@code weights.view(b, h)} of a {@code (b, h, t, s)} tensor is the
     * {@code (t, s)} map, flat, indexed from 0. A figure that shows every head of a long input reads
     * them through it, instead of copying each head at every slider step (the values never change).
     */
    public java.nio.FloatBuffer view(int... leading) {
        if (leading.length > shape.length) {
            throw new IllegalArgumentException("at most " + shape.length + " leading indices for shape "
                    + describe(shape) + ", got " + leading.length);
        }
        int n = 1;
        for (int i = leading.length; i < shape.length; i++) {
            n *= shape[i];
        }
        int from = n == 0 ? 0 : offset(Arrays.copyOf(leading, shape.length));
        return java.nio.FloatBuffer.wrap(data(), from, n).slice().asReadOnlyBuffer();
    }

    /** The vector along the last axis at the given leading indices. */
    public float[] row(int... leading) {
        if (leading.length != shape.length - 1) {
            throw new IllegalArgumentException("need " + (shape.length - 1) + " leading indices for shape "
                    + describe(shape) + ", got " + leading.length);
        }
        int cols = shape[shape.length - 1];
        int[] full = Arrays.copyOf(leading, shape.length);
        float[] out = new float[cols];
        if (cols > 0) {
            System.arraycopy(data(), offset(full), out, 0, cols);
        }
        return out;
    }

    /** True if any value is NaN or infinite. */
    public boolean hasNonFinite() {
        for (float v : data()) {
            if (!Float.isFinite(v)) {
                return true;
            }
        }
        return false;
    }

    public String shapeString() {
        return describe(shape);
    }

    static String describe(int[] shape) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < shape.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(shape[i]);
        }
        return sb.append(shape.length == 1 ? ",)" : ")").toString();
    }

    private int offset(int[] index) {
        if (index.length != shape.length) {
            throw new IllegalArgumentException(
                    "index of rank " + index.length + " for shape " + describe(shape));
        }
        int off = 0;
        for (int i = 0; i < shape.length; i++) {
            if (index[i] < 0 || index[i] >= shape[i]) {
                throw new IndexOutOfBoundsException(
                        "index " + Arrays.toString(index) + " outside shape " + describe(shape));
            }
            off = off * shape[i] + index[i];
        }
        return off;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Tensor t && Arrays.equals(shape, t.shape) && Arrays.equals(data(), t.data());
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(shape) + Arrays.hashCode(data());
    }

    @Override
    public String toString() {
        return "Tensor" + describe(shape);
    }
}
