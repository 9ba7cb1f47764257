package org.attentionexplainer.engine;

import java.util.HashMap;
import java.util.Map;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The off-heap memory of one engine, kept between computations. Allocating a large off-heap
 * array costs far more than filling it (the pages must be mapped and the old array waits for
 * the garbage collector), and a slider drag recomputes the same shapes over and over; so
 * every intermediate has a named scratch array that is reused while its shape stays, and the
 * inputs and weights are copied off the heap once while the same tensors keep coming back.
 * Not thread-safe: the engine serialises its computations.
 */
final class NdBuffers {
    /** How many recently used inputs and weights stay converted. */
    private static final int CONSTANTS = 16;

    private final Map<String, INDArray> scratch = new HashMap<>();
    private final float[][] constantKeys = new float[CONSTANTS][];
    private final INDArray[] constantValues = new INDArray[CONSTANTS];
    /** Whether the arrays are the process's own memory, written in place (see {@link Routes}). */
    private final boolean hostMemory;

    NdBuffers(boolean hostMemory) {
        this.hostMemory = hostMemory;
    }

    /**
     * An array of the given shape for a role, with undefined contents: the one handed out for
     * that role last time if its shape is the same, else a new one (the old one is freed).
     */
    INDArray scratch(String role, long... shape) {
        INDArray kept = scratch.get(role);
        if (kept != null && java.util.Arrays.equals(kept.shape(), shape)) {
            return kept;
        }
        if (kept != null) {
            kept.close();
        }
        INDArray fresh = Nd4j.createUninitialized(DataType.FLOAT, shape);
        scratch.put(role, fresh);
        return fresh;
    }

    /**
     * The tensor's values as an off-heap array of the given shape. Tensors are immutable, so
     * a tensor whose backing array was converted before is served from the cache; callers
     * must never write into the result. An evicted array is left to the garbage collector,
     * as a view of it may still be in use.
     */
    INDArray constant(Tensor t, long... shape) {
        float[] key = t.data();
        for (int i = 0; i < CONSTANTS; i++) {
            if (constantKeys[i] == key) {
                INDArray hit = constantValues[i];
                moveToFront(i, key, hit);
                return hit.reshape(shape);
            }
        }
        INDArray converted = Nd4j.create(key, new long[] {key.length}, DataType.FLOAT);
        moveToFront(CONSTANTS - 1, key, converted);
        return converted.reshape(shape);
    }

    /** The tensor's values off the heap, with its own shape. */
    INDArray constant(Tensor t) {
        long[] shape = new long[t.rank()];
        for (int i = 0; i < shape.length; i++) {
            shape[i] = t.dim(i);
        }
        return constant(t, shape);
    }

    private void moveToFront(int from, float[] key, INDArray value) {
        System.arraycopy(constantKeys, 0, constantKeys, 1, from);
        System.arraycopy(constantValues, 0, constantValues, 1, from);
        constantKeys[0] = key;
        constantValues[0] = value;
    }

    /** A heap copy of the values in row-major order: one bulk copy for a dense array. */
    static float[] read(INDArray a) {
        int n = Math.toIntExact(a.length());
        INDArray dense = a.isView() || a.ordering() != 'c' ? a.dup('c') : a;
        float[] out = new float[n];                                  // before the copy: it may start a collection
        return NativeMemory.withFloats(dense, from -> {
            if (from.remaining() < n) {
                return dense.data().asFloat();
            }
            from.get(out);
            return out;
        });
    }

    /** An immutable heap tensor with the array's values and shape. */
    static Tensor tensor(INDArray a) {
        long[] ls = a.shape();
        int[] shape = new int[ls.length];
        for (int i = 0; i < ls.length; i++) {
            shape[i] = Math.toIntExact(ls[i]);
        }
        return Tensor.wrap(read(a), shape);
    }

    /** The heads a layout holds, as a heap tensor (b, heads, n, hd). */
    static Tensor heads(HeadLayout layout, Shapes sh) {
        int n = layout.n();
        int hd = layout.hd();
        float[] out = new float[sh.b() * layout.heads() * n * hd];
        NativeMemory.onFloats(layout.array(), from -> {
            int at = 0;
            for (int b = 0; b < sh.b(); b++) {
                for (int h = 0; h < layout.heads(); h++) {
                    long row = layout.start() + b * layout.batchStride() + h * layout.headStride();
                    if (layout.ld() == hd) {                              // the head's rows follow each other
                        from.get(Math.toIntExact(row), out, at, n * hd);
                        at += n * hd;
                        continue;
                    }
                    for (int i = 0; i < n; i++, row += layout.ld(), at += hd) {
                        from.get(Math.toIntExact(row), out, at, hd);
                    }
                }
            }
        });
        return Tensor.wrap(out, sh.b(), layout.heads(), n, hd);
    }

    /** The role's scratch array with the tensor's shape, holding its values. */
    INDArray copyOf(String role, Tensor values) {
        long[] shape = new long[values.rank()];
        for (int i = 0; i < shape.length; i++) {
            shape[i] = values.dim(i);
        }
        INDArray array = scratch(role, shape);
        write(array, values.data(), 0, hostMemory);
        return array;
    }

    /** Sets every row of a dense (n, row.length) array to {@code row}. */
    static void fillRows(INDArray dense, float[] row) {
        requireDense(dense);
        long length = dense.length();
        NativeMemory.onFloats(dense, to -> {
            for (int at = 0; at + row.length <= length; at += row.length) {
                to.put(at, row);
            }
        });
    }

    /**
     * Overwrites a dense array with the values of {@code from} starting at {@code offset}: into
     * its memory directly when it is the process's own ({@code hostMemory}, the CPU backend),
     * through an ND4J copy elsewhere (a GPU backend would not see the host writes).
     */
    static void write(INDArray dense, float[] from, int offset, boolean hostMemory) {
        requireDense(dense);
        int n = Math.toIntExact(dense.length());
        if (hostMemory) {
            NativeMemory.onFloats(dense, to -> to.put(from, offset, n));
        } else {
            dense.assign(Nd4j.create(java.util.Arrays.copyOfRange(from, offset, offset + n), dense.shape(),
                    DataType.FLOAT));
        }
    }

    /** Copies all values of a dense array into {@code to} from {@code offset} on. */
    static void readInto(INDArray dense, float[] to, int offset) {
        requireDense(dense);
        int n = Math.toIntExact(dense.length());
        NativeMemory.onFloats(dense, from -> from.get(to, offset, n));
    }

    private static void requireDense(INDArray a) {
        if (a.isView() || a.ordering() != 'c' || a.data().length() != a.length()) {
            throw new IllegalArgumentException("a dense array is needed, got a view of shape "
                    + java.util.Arrays.toString(a.shape()));
        }
    }
}
