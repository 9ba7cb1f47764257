package org.attentionexplainer.engine;

import java.util.List;

/**
 * The engine's steps in plain Java loops, for problems so small that ND4J's cost per
 * operation (tens of microseconds each, some twenty operations a forward) would dominate:
 * the worked example a learner drags sliders on. Same steps, same float32 arithmetic and the
 * same trace as the ND4J path; sums run in a fixed order, so a value may differ from it in
 * the last bit. Symbols as in {@link AttentionEngine}; all arrays are row-major.
 */
final class PlainAttention {
    /** Above this many multiply-adds the ND4J path is faster (measured on a 2-core AMD EPYC). */
    static final long MAX_MULTIPLY_ADDS = 150_000;
    /** Plain loops here too: rows this short gain nothing from vectors. */
    private static final RowMath ROWS = new ScalarRowMath();

    private PlainAttention() {
    }

    /** Multiply-adds of the four products: projections, Q K^T, weights V, output projection. */
    static long multiplyAdds(AttentionSpec spec, Shapes sh) {
        long bt = (long) sh.b() * sh.t();
        long bs = (long) sh.b() * sh.s();
        long projections = spec.projection() instanceof Projection.Identity ? 0
                : bt * sh.dIn() * sh.dOut() + 2 * bs * sh.dSrc() * sh.dKv();
        long attention = 2L * sh.b() * sh.h() * sh.t() * sh.s() * sh.hd();
        long out = spec.outWeight() == null ? 0 : bt * sh.dOut() * sh.dModel();
        return projections + attention + out;
    }

    /** One trace; {@code input} and {@code source} are (b, t, d_in) and (b, s, d_src). */
    static AttentionTrace compute(AttentionSpec spec, Tensor input, Tensor source, Shapes sh, Tensor mask,
                                  List<MaskedRow> fullyMasked, double scaleFactor, List<String> tokens,
                                  List<String> sourceTokens, String backend) {
        int b = sh.b();
        int t = sh.t();
        int s = sh.s();
        int h = sh.h();
        int hd = sh.hd();
        int d = sh.dOut();
        float[][] flat = project(spec.projection(), input.data(), source.data(), sh);   // (b*t|s, d_out|d_kv) each
        Tensor q = splitHeads(flat[0], d, 0, t, h, sh);
        boolean identity = spec.projection() instanceof Projection.Identity;
        Tensor k = identity && spec.source() == null ? q : splitHeads(flat[1], sh.dKv(), 0, s, sh.kvh(), sh);
        Tensor v = identity ? k : splitHeads(flat[2], sh.dKv(), 0, s, sh.kvh(), sh);
        if (spec.rope() != null) {                                                     // q and k, never v
            Tensor rotated = spec.rope().apply(q);
            k = k == q ? rotated : spec.rope().apply(k);
            q = rotated;
        }

        float factor = Overflow.factor(scaleFactor, spec.temperature());
        boolean masked = !Masks.isEmpty(mask);
        float[] scores;
        float[] logits;
        float[] weights;
        float[] heads;
        TiledAttention.Maps tiled = null;
        if (spec.algorithm().isTiled()) {
            tiled = TiledAttention.compute(q.data(), k.data(), v.data(), masked ? mask.data() : null, factor, null,
                    spec.algorithm(), sh);
            scores = tiled.scores();
            logits = tiled.logits();
            weights = tiled.weights();
            heads = tiled.heads();
        } else {
            scores = scores(q.data(), k.data(), sh);                                     // (b, h, t, s)
            logits = factor != 1f || masked ? logits(scores, factor, masked ? mask.data() : null, sh) : scores;
            if (spec.normalization() == Normalization.SOFTMAX) {
                weights = softmax(logits, s);
            } else {
                weights = new float[logits.length];
                WeightRules.hardmax(logits, weights, 0, logits.length, s);
            }
            if (spec.dropout() != null && spec.dropout().p() != 0) {
                WeightRules.dropout(weights, 0, weights.length, spec.dropout(),
                        WeightRules.dropoutDraws(spec.dropout()));
            }
            heads = headContexts(weights, v.data(), sh);                                 // (b, h, t, hd)
        }
        float[] context = concatHeads(heads, sh);                                       // (b, t, d_out)
        float[] output = spec.outWeight() == null ? context
                : linear(context, b * t, d, spec.outWeight().data(), sh.dModel(), data(spec.outBias()));
        float[] result = residualAndNorm(input.data(), output, spec, b * t, sh.dModel());

        Tensor scoresT = Tensor.wrap(scores, b, h, t, s);
        Tensor contextT = Tensor.wrap(context, b, t, d);
        Tensor outputT = output == context ? contextT : Tensor.wrap(output, b, t, sh.dModel());
        int blocks = spec.algorithm().isTiled() ? spec.algorithm().keyBlocks(s) : 0;
        return new AttentionTrace(spec, tokens, sourceTokens, q, k, v, scoresT, mask,
                logits == scores ? scoresT : Tensor.wrap(logits, b, h, t, s), Tensor.wrap(weights, b, h, t, s),
                Tensor.wrap(heads, b, h, t, hd), contextT, outputT,
                result == output ? outputT : Tensor.wrap(result, b, t, sh.dModel()),
                scaleFactor, fullyMasked, backend,
                tiled == null ? null : Tensor.wrap(tiled.onlineMax(), b, h, t, blocks),
                tiled == null ? null : Tensor.wrap(tiled.onlineSum(), b, h, t, blocks));
    }

    /**
     * Q as (b*t, d_out), K and V as (b*s, d_kv); the inputs themselves for identity. A fused
     * W_qkv's columns are Q [0, d_out), K [d_out, d_out + d_kv), V after it.
     */
    private static float[][] project(Projection projection, float[] x, float[] src, Shapes sh) {
        int bt = sh.b() * sh.t();
        int bs = sh.b() * sh.s();
        if (projection instanceof Projection.Identity) {
            return new float[][] {x, src, src};
        }
        if (projection instanceof Projection.Separate p) {
            return new float[][] {
                linear(x, bt, sh.dIn(), p.query().data(), sh.dOut(), data(p.queryBias())),
                linear(src, bs, sh.dSrc(), p.key().data(), sh.dKv(), data(p.keyBias())),
                linear(src, bs, sh.dSrc(), p.value().data(), sh.dKv(), data(p.valueBias()))};
        }
        Projection.Fused f = (Projection.Fused) projection;
        int d = sh.dOut();
        int kv = sh.dKv();
        int width = d + 2 * kv;
        float[] qkv = linear(x, bt, sh.dIn(), f.qkv().data(), width, data(f.qkvBias()));   // (b*t, d_out + 2 d_kv)
        float[] kvs = src == x ? qkv : linear(src, bs, sh.dSrc(), f.qkv().data(), width, data(f.qkvBias()));
        return new float[][] {columns(qkv, bt, width, 0, d), columns(kvs, bs, width, d, kv),
            columns(kvs, bs, width, d + kv, kv)};
    }

    /** (rows, width) @ (width, cols) + bias. */
    static float[] linear(float[] x, int rows, int width, float[] w, int cols, float[] bias) {
        float[] y = new float[rows * cols];
        for (int i = 0; i < rows; i++) {
            int yo = i * cols;
            for (int kk = 0; kk < width; kk++) {
                float a = x[i * width + kk];
                int wo = kk * cols;
                for (int j = 0; j < cols; j++) {
                    y[yo + j] += a * w[wo + j];
                }
            }
            if (bias != null) {
                for (int j = 0; j < cols; j++) {
                    y[yo + j] += bias[j];
                }
            }
        }
        return y;
    }

    private static float[] columns(float[] m, int rows, int cols, int from, int width) {
        float[] out = new float[rows * width];
        for (int i = 0; i < rows; i++) {
            System.arraycopy(m, i * cols + from, out, i * width, width);
        }
        return out;
    }

    /** Columns [from, from + heads*hd) of (b*n, width) -> (b, heads, n, hd). */
    static Tensor splitHeads(float[] flat, int width, int from, int n, int heads, Shapes sh) {
        int b = sh.b();
        int hd = sh.hd();
        float[] out = new float[b * heads * n * hd];
        for (int bi = 0; bi < b; bi++) {
            for (int hi = 0; hi < heads; hi++) {
                for (int i = 0; i < n; i++) {
                    System.arraycopy(flat, (bi * n + i) * width + from + hi * hd, out,
                            ((bi * heads + hi) * n + i) * hd, hd);
                }
            }
        }
        return Tensor.wrap(out, b, heads, n, hd);
    }

    /** Which (b, kvh) key/value head the m-th of the b*h query heads reads. */
    static int kvHead(int m, Shapes sh) {
        return m / sh.h() * sh.kvh() + (m % sh.h()) / sh.group();
    }

    /** Q K^T per (batch, query head). */
    private static float[] scores(float[] q, float[] k, Shapes sh) {
        int t = sh.t();
        int s = sh.s();
        int hd = sh.hd();
        float[] out = new float[sh.b() * sh.h() * t * s];
        for (int m = 0; m < sh.b() * sh.h(); m++) {
            int km = kvHead(m, sh);
            for (int i = 0; i < t; i++) {
                for (int j = 0; j < s; j++) {
                    float sum = 0f;
                    for (int c = 0; c < hd; c++) {
                        sum += q[(m * t + i) * hd + c] * k[(km * s + j) * hd + c];
                    }
                    out[(m * t + i) * s + j] = sum;
                }
            }
        }
        return out;
    }

    /** scores * factor, then -inf where the mask (b, t, s) hides the key, for every head. */
    private static float[] logits(float[] scores, float factor, float[] mask, Shapes sh) {
        float[] out = new float[scores.length];
        for (int r = 0; r < scores.length / sh.s(); r++) {
            ROWS.logits(scores, out, r * sh.s(), sh.s(), factor, mask, MapSteps.maskRow(r, sh));
        }
        return out;
    }

    /** exp(x - rowmax) / sum per row; a row with every key masked stays 0. */
    private static float[] softmax(float[] logits, int s) {
        float[] w = new float[logits.length];
        ROWS.softmax(logits, w, 0, logits.length / s, s);
        return w;
    }

    /** weights V per (batch, query head). */
    private static float[] headContexts(float[] w, float[] v, Shapes sh) {
        int t = sh.t();
        int s = sh.s();
        int hd = sh.hd();
        float[] out = new float[sh.b() * sh.h() * t * hd];
        for (int m = 0; m < sh.b() * sh.h(); m++) {
            int vm = kvHead(m, sh);
            for (int i = 0; i < t; i++) {
                int oo = (m * t + i) * hd;
                for (int j = 0; j < s; j++) {
                    float a = w[(m * t + i) * s + j];
                    int vo = (vm * s + j) * hd;
                    for (int c = 0; c < hd; c++) {
                        out[oo + c] += a * v[vo + c];
                    }
                }
            }
        }
        return out;
    }

    /** (b, h, t, hd) -> (b, t, h*hd). */
    static float[] concatHeads(float[] heads, Shapes sh) {
        int t = sh.t();
        int h = sh.h();
        int hd = sh.hd();
        float[] out = new float[sh.b() * t * h * hd];
        for (int bi = 0; bi < sh.b(); bi++) {
            for (int hi = 0; hi < h; hi++) {
                for (int i = 0; i < t; i++) {
                    System.arraycopy(heads, ((bi * h + hi) * t + i) * hd, out, (bi * t + i) * h * hd + hi * hd, hd);
                }
            }
        }
        return out;
    }

    /** Residual and post-norm LayerNorm over rows of width d, as the ND4J path computes them. */
    static float[] residualAndNorm(float[] x, float[] output, AttentionSpec spec, int rows, int d) {
        if (!spec.residual() && spec.layerNorm() == null) {
            return output;
        }
        float[] sum = output;
        if (spec.residual()) {
            sum = new float[output.length];
            for (int i = 0; i < sum.length; i++) {
                sum[i] = output[i] + x[i];
            }
        }
        return spec.layerNorm() == null ? sum : layerNorm(sum, rows, d, spec.layerNorm());
    }

    /** (x - mean) / sqrt(var + eps) * gamma + beta per row, biased variance. */
    static float[] layerNorm(float[] x, int rows, int d, LayerNormParams p) {
        float[] gamma = data(p.gamma());
        float[] beta = data(p.beta());
        float eps = (float) p.eps();
        float[] y = new float[x.length];
        for (int r = 0; r < rows; r++) {
            int o = r * d;
            float total = 0f;
            for (int j = 0; j < d; j++) {
                total += x[o + j];
            }
            float mean = total / d;
            float squares = 0f;
            for (int j = 0; j < d; j++) {
                float c = x[o + j] - mean;
                y[o + j] = c;
                squares += c * c;
            }
            float std = (float) Math.sqrt(squares / d + eps);
            for (int j = 0; j < d; j++) {
                float value = y[o + j] / std;
                if (gamma != null) {
                    value *= gamma[j];
                }
                if (beta != null) {
                    value += beta[j];
                }
                y[o + j] = value;
            }
        }
        return y;
    }

    private static float[] data(Tensor t) {
        return t == null ? null : t.data();
    }
}
