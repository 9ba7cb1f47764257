package org.attentionexplainer.engine.onnx;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.attentionexplainer.engine.MessageText;
import org.attentionexplainer.engine.Tensor;

/**
 * One ONNX TensorProto: a name, an element type, dimensions and the values, which stay
 * in the file's bytes until asked for. ONNX stores raw data little-endian.
 */
public final class OnnxTensor {
    /** TensorProto.DataType values used here. */
    public static final int FLOAT = 1;
    public static final int INT32 = 6;
    public static final int INT64 = 7;

    private final String name;
    private final int dataType;
    private final long[] dims;
    private final byte[] file;
    private final int rawOffset;
    private final int rawLength;
    private final float[] floatData;
    private final long[] int64Data;

    OnnxTensor(String name, int dataType, long[] dims, byte[] file, int[] raw, float[] floatData,
            long[] int64Data) {
        this.name = name;
        this.dataType = dataType;
        this.dims = dims;
        this.file = raw == null ? null : file;
        this.rawOffset = raw == null ? 0 : raw[0];
        this.rawLength = raw == null ? 0 : raw[1];
        this.floatData = floatData;
        this.int64Data = int64Data;
    }

    public String name() {
        return name;
    }

    public int dataType() {
        return dataType;
    }

    public long[] dims() {
        return dims.clone();
    }

    /** The number of elements: the product of the dimensions (1 for a scalar), at most Long.MAX_VALUE. */
    public long elementCount() {
        long n = 1;
        for (long d : dims) {
            n = d != 0 && n > Long.MAX_VALUE / d ? Long.MAX_VALUE : n * d;
        }
        return n;
    }

    /** The dimensions as ints, e.g. {384, 1536}. */
    public int[] shape() {
        int[] shape = new int[dims.length];
        for (int i = 0; i < dims.length; i++) {
            shape[i] = Math.toIntExact(dims[i]);
        }
        return shape;
    }

    /** A fresh array of the values of a float32 tensor in row-major order. */
    public float[] floats() {
        requireType(FLOAT, "FLOAT");
        int n = arrayLength();
        if (file != null) {
            checkRawLength(n, 4);
            float[] out = new float[n];
            ByteBuffer.wrap(file, rawOffset, rawLength).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(out);
            return out;
        }
        if (floatData.length != n) {
            throw new OnnxFormatException("tensor " + MessageText.quote(name) + " has " + floatData.length
                    + " values for shape " + Arrays.toString(dims));
        }
        return floatData.clone();
    }

    /** A fresh array of the values of an int64 tensor in row-major order. */
    public long[] longs() {
        requireType(INT64, "INT64");
        int n = arrayLength();
        if (file != null) {
            checkRawLength(n, 8);
            long[] out = new long[n];
            ByteBuffer.wrap(file, rawOffset, rawLength).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(out);
            return out;
        }
        if (int64Data.length != n) {
            throw new OnnxFormatException("tensor " + MessageText.quote(name) + " has " + int64Data.length
                    + " values for shape " + Arrays.toString(dims));
        }
        return int64Data.clone();
    }

    /** The single value of a float32 scalar (or one-element) tensor. */
    public float scalar() {
        float[] v = floats();
        if (v.length != 1) {
            throw new OnnxFormatException("tensor " + MessageText.quote(name) + " should hold one value, has "
                    + v.length);
        }
        return v[0];
    }

    /** A float32 tensor as an engine {@link Tensor}. */
    public Tensor toTensor() {
        return Tensor.of(floats(), shape());
    }

    /** The element count as the length of a Java array, which holds at most about 2^31 elements. */
    private int arrayLength() {
        long n = elementCount();
        if (n > Integer.MAX_VALUE - 8) {
            throw new OnnxFormatException("tensor " + MessageText.quote(name) + " of shape " + Arrays.toString(dims)
                    + " has more values than one array holds");
        }
        return (int) n;
    }

    private void requireType(int expected, String expectedName) {
        if (dataType != expected) {
            throw new OnnxFormatException("tensor " + MessageText.quote(name) + " has ONNX data type " + dataType
                    + ", expected " + expectedName);
        }
    }

    private void checkRawLength(int n, int width) {
        if ((long) n * width != rawLength) {
            throw new OnnxFormatException("tensor " + MessageText.quote(name) + " has " + rawLength
                    + " bytes of data, shape " + Arrays.toString(dims) + " needs " + (long) n * width);
        }
    }

    @Override
    public String toString() {
        return "OnnxTensor[" + name + ", type " + dataType + ", " + Arrays.toString(dims) + "]";
    }
}
