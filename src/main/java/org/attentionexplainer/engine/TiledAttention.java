package org.attentionexplainer.engine;

import java.util.Arrays;

/**
 * FlashAttention's online softmax (Dao et al. 2022, in the loop order of FlashAttention-2),
 * written to be read, not to be fast: the weights and heads come out of one pass over the keys
 * a block at a time, never holding a whole row of weights, and the running row maximum
 * {@code m} and denominator {@code l} are kept after every key block to be shown.
 *
 * <p>Per query block of {@code blockQ} rows and, inside it, per key block
 * {@code [n·BK, min((n+1)·BK, s))}, each row starts from {@code m = −inf, l = 0, O = 0}:
 *
 * <pre>
 *   S   = q k^T over the block, logits = S · factor, −inf where masked
 *   m'  = max(m, max of the block's logits)
 *   l'  = l · exp(m − m') + Σ exp(logit − m')
 *   O'  = O · exp(m − m') + Σ exp(logit − m') · v
 * </pre>
 *
 * While every key so far is masked, {@code m} stays {@code −inf} and {@code l} 0. At the end
 * {@code heads = O / l} and, with the final {@code m} and {@code l},
 * {@code weights = exp(logit − m) / l} (0 where {@code l = 0}): the direct softmax's values
 * within float32 rounding. Symbols as in {@link AttentionEngine}; query head i reads key/value
 * head i / (h / kvh).
 */
final class TiledAttention {
    private TiledAttention() {
    }

    /**
     * Every map of the tiled computation, row-major.
     *
     * @param scores    (b, h, t, s) raw q k^T
     * @param logits    (b, h, t, s)
     * @param weights   (b, h, t, s) from the final m and l
     * @param heads     (b, h, t, hd) O / l
     * @param onlineMax (b, h, t, nblocks) m after each key block
     * @param onlineSum (b, h, t, nblocks) l after each key block
     */
    record Maps(float[] scores, float[] logits, float[] weights, float[] heads, float[] onlineMax,
                float[] onlineSum) {
    }

    /**
     * @param q      (b, h, t, hd), after any rotation
     * @param k      (b, kvh, s, hd), after any rotation
     * @param v      (b, kvh, s, hd)
     * @param mask   (b, t, s), 1 where a key is hidden, or null for none
     * @param factor scale / temperature
     * @param known  (b, h, t, s) the scores q k^T computed before for the same q and k, taken as
     *               they are, or null to compute them block by block
     */
    static Maps compute(float[] q, float[] k, float[] v, float[] mask, float factor, float[] known,
                        Algorithm algorithm, Shapes sh) {
        int t = sh.t();
        int s = sh.s();
        int hd = sh.hd();
        int blocks = algorithm.keyBlocks(s);
        int bq = Math.min(algorithm.blockQ(), t);                         // a larger block holds all rows
        int bk = Math.min(algorithm.blockK(), s);
        int maps = sh.b() * sh.h();
        Maps out = new Maps(known != null ? known : new float[maps * t * s], new float[maps * t * s],
                new float[maps * t * s], new float[maps * t * hd], new float[maps * t * blocks],
                new float[maps * t * blocks]);
        float[] m = new float[bq];                                        // per row of the query block
        float[] l = new float[bq];
        float[] o = new float[bq * hd];
        for (int map = 0; map < maps; map++) {
            int batch = map / sh.h();
            int kv = batch * sh.kvh() + (map % sh.h()) / sh.group();
            for (int q0 = 0; q0 < t; q0 += bq) {
                int rows = Math.min(bq, t - q0);
                Arrays.fill(m, Float.NEGATIVE_INFINITY);
                Arrays.fill(l, 0f);
                Arrays.fill(o, 0f);
                for (int n = 0; n < blocks; n++) {
                    int k0 = n * bk;
                    int k1 = Math.min(k0 + bk, s);
                    for (int r = 0; r < rows; r++) {
                        int i = q0 + r;
                        int row = (map * t + i) * s;
                        float blockMax = Float.NEGATIVE_INFINITY;
                        for (int j = k0; j < k1; j++) {
                            if (known == null) {
                                out.scores[row + j] = dot(q, (map * t + i) * hd, k, (kv * s + j) * hd, hd);
                            }
                            float score = out.scores[row + j];
                            float logit = mask != null && mask[(batch * t + i) * s + j] != 0f
                                    ? Float.NEGATIVE_INFINITY : score * factor;
                            out.logits[row + j] = logit;
                            blockMax = Math.max(blockMax, logit);
                        }
                        float next = Math.max(m[r], blockMax);
                        if (next != Float.NEGATIVE_INFINITY) {
                            float rescale = (float) Math.exp(m[r] - next);      // 0 while m is -inf
                            float sum = 0f;
                            for (int c = 0; c < hd; c++) {
                                o[r * hd + c] *= rescale;
                            }
                            for (int j = k0; j < k1; j++) {
                                float p = (float) Math.exp(out.logits[row + j] - next);
                                sum += p;
                                int vo = (kv * s + j) * hd;
                                for (int c = 0; c < hd; c++) {
                                    o[r * hd + c] += p * v[vo + c];
                                }
                            }
                            l[r] = l[r] * rescale + sum;
                            m[r] = next;
                        }
                        out.onlineMax[(map * t + i) * blocks + n] = m[r];
                        out.onlineSum[(map * t + i) * blocks + n] = l[r];
                    }
                }
                for (int r = 0; r < rows; r++) {
                    finish(out, map * t + q0 + r, m[r], l[r], o, r * hd, sh);
                }
            }
        }
        return out;
    }

    /** heads = O / l and weights = exp(logit − m) / l of one row, from its final m and l; 0 where l = 0. */
    private static void finish(Maps out, int row, float m, float l, float[] o, int at, Shapes sh) {
        if (l == 0f) {
            return;                                                       // every key masked
        }
        int s = sh.s();
        int hd = sh.hd();
        for (int c = 0; c < hd; c++) {
            out.heads[row * hd + c] = o[at + c] / l;
        }
        for (int j = 0; j < s; j++) {
            out.weights[row * s + j] = (float) Math.exp(out.logits[row * s + j] - m) / l;
        }
    }

    private static float dot(float[] a, int ao, float[] b, int bo, int n) {
        float sum = 0f;
        for (int c = 0; c < n; c++) {
            sum += a[ao + c] * b[bo + c];
        }
        return sum;
    }
}
