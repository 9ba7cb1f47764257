package org.attentionexplainer.engine;

import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Where the heads of Q, K, V or the context lie in an off-heap array: head (batch, head) of n
 * rows is the {@link Block} of hd columns from {@code start + batch * batchStride + head * headStride},
 * {@code ld} values per row. The projection's output (b*n, parts * d_out) holds them side by
 * side (ld = parts * d_out, headStride = hd); a (b, h, n, hd) array one after the other
 * (ld = hd, headStride = n * hd).
 */
record HeadLayout(INDArray array, long start, int ld, long batchStride, long headStride, int n, int hd) {
    /** Part {@code part} of {@code parts} column blocks of a (b*n, parts * h * hd) projection. */
    static HeadLayout columns(INDArray flat, int parts, int part, int n, Shapes sh) {
        int width = parts * sh.dOut();
        return new HeadLayout(flat, (long) part * sh.dOut(), width, (long) n * width, sh.hd(), n, sh.hd());
    }

    /** A dense (b, h, n, hd) array. */
    static HeadLayout split(INDArray heads, int n, Shapes sh) {
        long perHead = (long) n * sh.hd();
        return new HeadLayout(heads, 0, sh.hd(), sh.h() * perHead, perHead, n, sh.hd());
    }

    Block block(int batch, int head) {
        return new Block(array, start + batch * batchStride + head * headStride, n, hd, ld);
    }
}
