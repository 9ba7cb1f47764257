package org.attentionexplainer.engine;

import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * A row-major matrix inside a dense off-heap array, without copying it out: {@code rows} x
 * {@code cols} values from element {@code offset} on, {@code ld} elements from one row to the
 * next. One head of Q, for instance, is a block of the projected (b*t, 3 d_out) array: t rows,
 * hd columns, ld = 3 d_out.
 */
record Block(INDArray array, long offset, int rows, int cols, int ld) {
    Block {
        if (array.offset() != 0 || array.ordering() != 'c' || array.dataType() != DataType.FLOAT
                || array.data().length() != array.length()) {
            throw new IllegalArgumentException("a block needs a whole dense row-major float32 array, got "
                    + array.dataType() + " " + array.ordering() + " at offset " + array.offset());
        }
        if (cols > ld || offset < 0 || offset + (long) (rows - 1) * ld + cols > array.length()) {
            throw new IllegalArgumentException("block " + rows + " x " + cols + " at " + offset + " (ld " + ld
                    + ") does not fit an array of " + array.length() + " values");
        }
    }

    /** The whole of a dense 2-D array. */
    static Block of(INDArray matrix) {
        return new Block(matrix, 0, (int) matrix.size(0), (int) matrix.size(1), (int) matrix.size(1));
    }
}
