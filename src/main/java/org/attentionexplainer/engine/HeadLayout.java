package org.attentionexplainer.engine;

import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Where the heads of Q, K, V or the context lie in an off-heap array: head (batch, head) of n
 * rows is the {@link Block} of hd columns from {@code start + batch * batchStride + head * headStride},
 * {@code ld} values per row. The projection's output (b*n, width) holds them side by side
 * (ld = width, headStride = hd); a (b, heads, n, hd) array one after the other (ld = hd,
 * headStride = n * hd). The layout holds {@code heads} heads; with grouped-query attention a K
 * or V layout is read by {@code group} query heads each: {@link #block} of query head i is the
 * block of head i / group, the same memory for the whole group, never copied.
 */
record HeadLayout(INDArray array, long start, int ld, long batchStride, long headStride, int n, int hd,
                  int heads, int group) {
    /** Part {@code part} of {@code parts} column blocks of a (b*n, parts * h * hd) projection. */
    static HeadLayout columns(INDArray flat, int parts, int part, int n, Shapes sh) {
        return columns(flat, (long) part * sh.dOut(), n, sh.h(), 1, sh);
    }

    /**
     * {@code heads} heads of hd columns from column {@code from} of a dense (b*n, width)
     * projection, each read by {@code group} query heads.
     */
    static HeadLayout columns(INDArray flat, long from, int n, int heads, int group, Shapes sh) {
        int width = Math.toIntExact(flat.size(1));
        return new HeadLayout(flat, from, width, (long) n * width, sh.hd(), n, sh.hd(), heads, group);
    }

    /** A dense (b, h, n, hd) array of query heads. */
    static HeadLayout split(INDArray heads, int n, Shapes sh) {
        return split(heads, n, sh.h(), 1, sh);
    }

    /** A dense (b, heads, n, hd) array, each head read by {@code group} query heads. */
    static HeadLayout split(INDArray array, int n, int heads, int group, Shapes sh) {
        long perHead = (long) n * sh.hd();
        return new HeadLayout(array, 0, sh.hd(), heads * perHead, perHead, n, sh.hd(), heads, group);
    }

    /** The block that query head {@code head} of a batch entry reads (or, for Q and the context, owns). */
    Block block(int batch, int head) {
        return new Block(array, start + batch * batchStride + (head / group) * headStride, n, hd, ld);
    }
}
