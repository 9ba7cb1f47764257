package org.attentionexplainer.lesson.chapters;

/**
 * The cost of the attention core (Q K^T and weights V, without the projections) for one set of
 * inputs. Symbols as in {@link CostInputs}. A multiply-add counts as 2 FLOPs.
 *
 * <pre>
 *   Q K^T      per layer  2 b t^2 d FLOPs      (b h t^2 dot products of length hd)
 *   weights V  per layer  2 b t^2 d FLOPs
 *   attention matrix      b h t^2 bytes        (one layer's weights, held at once)
 *   KV cache              2 L kv hd t bytes     per sequence (K and V of every layer)
 * </pre>
 *
 * Doubles hold every count exactly up to 2^53 (9e15) and to 16 digits beyond.
 */
public record CostEstimate(CostInputs inputs, double scoreFlopsPerLayer, double weightedSumFlopsPerLayer,
                           double attentionMatrixBytesPerLayer, double kvCacheBytesPerToken,
                           double kvCacheBytes, double kvCacheBytesWithoutGrouping) {

    public static CostEstimate of(CostInputs in) {
        double b = in.batch();
        double t = in.tokens();
        double bytes = in.precision().bytes();
        double flops = 2 * b * t * t * in.dModel();
        double perToken = 2.0 * in.layers() * in.kvHeads() * in.headDim() * bytes;
        double perTokenUngrouped = 2.0 * in.layers() * in.heads() * in.headDim() * bytes;
        return new CostEstimate(in, flops, flops, b * in.heads() * t * t * bytes, perToken, b * t * perToken,
                b * t * perTokenUngrouped);
    }

    public double attentionFlopsPerLayer() {
        return scoreFlopsPerLayer + weightedSumFlopsPerLayer;
    }

    public double attentionFlopsAllLayers() {
        return attentionFlopsPerLayer() * inputs.layers();
    }

    /** If every layer kept its attention matrix (as training does for the backward pass). */
    public double attentionMatrixBytesAllLayers() {
        return attentionMatrixBytesPerLayer * inputs.layers();
    }
}
