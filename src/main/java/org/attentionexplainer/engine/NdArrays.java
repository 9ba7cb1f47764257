package org.attentionexplainer.engine;

import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.indexing.BooleanIndexing;
import org.nd4j.linalg.indexing.conditions.Conditions;
import org.nd4j.linalg.ops.transforms.Transforms;

/**
 * The ND4J steps that every model in the engine shares: moving values across the
 * {@link Tensor} boundary, LayerNorm, the additive mask and a softmax that survives rows whose
 * keys are all masked. Only code inside the engine packages can call the INDArray overloads.
 */
public final class NdArrays {
    private NdArrays() {
    }

    /** A float32 INDArray holding a copy of the tensor's values (Nd4j.create copies the heap array). */
    public static INDArray nd(Tensor t) {
        long[] shape = new long[t.rank()];
        for (int i = 0; i < shape.length; i++) {
            shape[i] = t.dim(i);
        }
        return Nd4j.create(t.data(), shape, DataType.FLOAT);
    }

    /** An immutable copy of the array's values with the same shape. */
    public static Tensor tensor(INDArray a) {
        return NdBuffers.tensor(a);
    }

    /** The values in row-major order, copied. */
    public static float[] data(INDArray a) {
        return NdBuffers.read(a);
    }

    /** Writes the values of a new array, in row-major order; may fail reading them. */
    public interface Filler {
        void fill(java.nio.FloatBuffer into) throws java.io.IOException;
    }

    /**
     * A new float32 array whose values {@code filler} writes straight into its memory, so that a
     * large weight read from a file needs no heap copy (on a GPU backend it goes through one).
     */
    public static INDArray filled(long[] shape, Filler filler) throws java.io.IOException {
        if (!Products.hostMemory()) {
            long n = 1;
            for (long s : shape) {
                n *= s;
            }
            float[] heap = new float[Math.toIntExact(n)];
            filler.fill(java.nio.FloatBuffer.wrap(heap));
            return Nd4j.create(heap, shape, DataType.FLOAT);
        }
        INDArray a = Nd4j.createUninitialized(DataType.FLOAT, shape);
        java.io.IOException[] failure = new java.io.IOException[1];
        try {
            NativeMemory.onFloats(a, buffer -> {
                try {
                    filler.fill(buffer);
                } catch (java.io.IOException e) {
                    failure[0] = e;
                }
            });
        } catch (RuntimeException e) {
            a.close();
            throw e;
        }
        if (failure[0] != null) {
            a.close();
            throw failure[0];
        }
        return a;
    }

    /** (n, d) -> (n, d): (x - mean) / sqrt(var + eps) * gamma + beta, biased variance. */
    public static INDArray layerNorm(INDArray rows, LayerNormParams p) {
        INDArray mean = rows.mean(true, 1);                                     // (n, 1)
        INDArray centred = rows.subColumnVector(mean);
        INDArray variance = centred.mul(centred).mean(true, 1);
        INDArray std = Transforms.sqrt(variance.addi(p.eps()), false);
        INDArray y = centred.diviColumnVector(std);
        if (p.gamma() != null) {
            y.muliRowVector(nd(p.gamma()));
        }
        if (p.beta() != null) {
            y.addiRowVector(nd(p.beta()));
        }
        return y;
    }

    /**
     * Adds -inf to the logits wherever the mask hides a key, in place.
     *
     * @param logits (b, h, t, s)
     * @param mask   (b, t, s), 1 where the key is hidden from the query
     */
    public static INDArray maskInPlace(INDArray logits, Tensor mask) {
        if (Masks.isEmpty(mask)) {
            return logits;
        }
        int b = mask.dim(0);
        int ts = mask.dim(1) * mask.dim(2);
        int h = (int) (logits.length() / ((long) b * ts));
        float[] m = mask.data();
        float[] additive = new float[b * h * ts];                                // (b, h, t, s)
        for (int bi = 0; bi < b; bi++) {
            for (int i = 0; i < ts; i++) {
                if (m[bi * ts + i] != 0f) {
                    for (int hi = 0; hi < h; hi++) {
                        additive[(bi * h + hi) * ts + i] = Float.NEGATIVE_INFINITY;
                    }
                }
            }
        }
        return logits.addi(Nd4j.create(additive, logits.shape(), DataType.FLOAT));
    }

    /**
     * Softmax over the last axis: exp(x - rowmax) / sum, with rows whose keys are all masked
     * (-inf) set to 0 instead of NaN. Works on the rows of a (n, s) reshape, where ND4J's
     * column-vector ops are far cheaper than broadcasting a rank-4 array.
     */
    public static INDArray softmax(INDArray logits) {
        long s = logits.size(logits.rank() - 1);
        INDArray rows = logits.dup('c').reshape(logits.length() / s, s);         // (n, s)
        INDArray rowMax = rows.max(true, 1);                                    // (n, 1)
        BooleanIndexing.replaceWhere(rowMax, 0.0, Conditions.isInfinite());
        INDArray e = Transforms.exp(rows.subiColumnVector(rowMax), false);
        INDArray sum = e.sum(true, 1);
        BooleanIndexing.replaceWhere(sum, 1.0, Conditions.equals(0.0));
        return e.diviColumnVector(sum).reshape(logits.shape());
    }
}
