package org.attentionexplainer.engine;

/**
 * How the weights and heads are computed from the logits: {@code DIRECT}, the whole row's
 * softmax at once, or {@code TILED}, FlashAttention's online softmax over blocks of
 * {@code blockK} keys for blocks of {@code blockQ} queries (see {@link TiledAttention}). Both
 * give the same weights and heads within float32 rounding; the tiled one also keeps the
 * running row maximum and denominator after every key block.
 *
 * @param blockQ rows per query block (tiled only), at least 1
 * @param blockK keys per key block (tiled only), at least 1
 */
public record Algorithm(Kind kind, int blockQ, int blockK) {
    public enum Kind { DIRECT, TILED }

    public Algorithm {
        if (kind == Kind.TILED) {
            requireBlock("algorithm.block_q", blockQ);
            requireBlock("algorithm.block_k", blockK);
        }
    }

    public static Algorithm direct() {
        return new Algorithm(Kind.DIRECT, 0, 0);
    }

    public static Algorithm tiled(int blockQ, int blockK) {
        return new Algorithm(Kind.TILED, blockQ, blockK);
    }

    public boolean isTiled() {
        return kind == Kind.TILED;
    }

    /** Key blocks over s keys: ceil(s / blockK) (without overflow for a block near Integer.MAX_VALUE). */
    public int keyBlocks(int s) {
        return s == 0 ? 0 : (s - 1) / blockK + 1;
    }

    public String specValue() {
        return kind == Kind.TILED ? "tiled" : "direct";
    }

    private static void requireBlock(String field, int size) {
        if (size < 1) {
            throw new InvalidSpecException(field, "engine.spec.atLeastOne", String.valueOf(size));
        }
    }
}
