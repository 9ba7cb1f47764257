package org.attentionexplainer.engine;

import java.util.Arrays;

/**
 * Causal decoding with a key/value cache, the way a language model generates text one token at
 * a time: each new token is projected alone, its (rotated) key and its value are appended to
 * those of the tokens before it, which are kept instead of being computed again, and only its
 * own query row of the maps is computed. The rows come out equal to those of one full causal
 * computation of the same model over all the tokens ({@link AttentionEngine#compute}); a step
 * costs multiply-adds proportional to n instead of n². Each step counts both
 * ({@link DecodeStep#multiplyAdds()}, {@link DecodeStep#multiplyAddsWithoutCache()}).
 *
 * <p>The model is self-attention with a causal mask (and optionally a window, grouped K/V
 * heads, RoPE, hardmax, output projection, residual and LayerNorm); padding, dropout and
 * cross-attention have no meaning for a growing sequence and are refused. The arithmetic is
 * the plain-Java route's, a row is tiny. Not thread-safe. Symbols as in {@link AttentionEngine}.
 */
public final class KvCache {
    private static final RowMath ROWS = new ScalarRowMath();

    private final AttentionSpec model;
    private final Shapes sh;
    private final float factor;
    /** Per (batch, K/V head): its n rows of hd values, room for more at the end. */
    private final float[][] keys;
    private final float[][] values;
    private int length;
    private long multiplyAdds;
    private long multiplyAddsWithoutCache;

    private KvCache(AttentionSpec model, Shapes sh) {
        this.model = model;
        this.sh = sh;
        double scale = model.scale().factorFor(sh.hd());
        Overflow.requireFiniteFactor(scale, model.temperature());
        this.factor = Overflow.factor(scale, model.temperature());
        this.keys = new float[sh.b() * sh.kvh()][16 * sh.hd()];
        this.values = new float[sh.b() * sh.kvh()][16 * sh.hd()];
    }

    /**
     * An empty cache for the model of {@code model}; its input only gives the batch and the
     * width (its tokens are not fed: {@link #append} them).
     */
    public static KvCache empty(AttentionSpec model) {
        Tensor input = model.input().rank() == 2 ? model.input().reshape(1, model.input().dim(0),
                model.input().dim(1)) : model.input();
        if (input.rank() != 3) {
            throw new InvalidSpecException("input", "engine.spec.inputShape", input.shapeString());
        }
        requireDecodable(model);
        return new KvCache(model, Shapes.check(model, input, input));
    }

    /**
     * A cache that goes on after a causal trace of a prompt: its keys (as rotated) and values
     * are taken as the cache, the next token is at position t. The counts start at 0.
     */
    public static KvCache of(AttentionTrace prompt) {
        AttentionSpec model = prompt.spec();
        KvCache cache = empty(model);
        int n = prompt.keyLength();
        int hd = cache.sh.hd();
        float[] k = prompt.k().data();
        float[] v = prompt.v().data();
        for (int m = 0; m < cache.keys.length; m++) {
            cache.keys[m] = new float[2 * n * hd];
            cache.values[m] = new float[2 * n * hd];
            System.arraycopy(k, m * n * hd, cache.keys[m], 0, n * hd);
            System.arraycopy(v, m * n * hd, cache.values[m], 0, n * hd);
        }
        cache.length = n;
        return cache;
    }

    private static void requireDecodable(AttentionSpec model) {
        if (model.source() != null) {
            throw new InvalidSpecException("source", "engine.spec.kvCross");
        }
        if (!model.causal()) {
            throw new InvalidSpecException("causal", "engine.spec.kvCausal");
        }
        if (model.padding() != null) {
            throw new InvalidSpecException("padding", "engine.spec.kvPadding");
        }
        if (model.dropout() != null) {
            throw new InvalidSpecException("dropout", "engine.spec.kvDropout");
        }
    }

    /** Tokens so far. */
    public int length() {
        return length;
    }

    /** The cached keys (b, kvh, n, hd), rotated with RoPE. */
    public Tensor keys() {
        return cached(keys);
    }

    /** The cached values (b, kvh, n, hd). */
    public Tensor values() {
        return cached(values);
    }

    /** Multiply-adds of every step so far with the cache. */
    public long multiplyAdds() {
        return multiplyAdds;
    }

    /** Multiply-adds of every step so far had each recomputed all its tokens. */
    public long multiplyAddsWithoutCache() {
        return multiplyAddsWithoutCache;
    }

    /**
     * Feeds the next token: its input (b, d_in), or (d_in) for a batch of one. Returns its row of
     * every step; the cache then holds its key and value too.
     */
    public DecodeStep append(Tensor token) {
        int b = sh.b();
        if (token.rank() == 1 && b == 1) {
            token = token.reshape(1, token.dim(0));
        }
        if (token.rank() == 3 && token.dim(1) == 1) {
            token = token.reshape(token.dim(0), token.dim(2));
        }
        if (token.rank() != 2 || token.dim(0) != b || token.dim(1) != sh.dIn()) {
            throw new InvalidSpecException("input", "engine.spec.kvToken", String.valueOf(b),
                    String.valueOf(sh.dIn()), token.shapeString());
        }
        Shapes.requireFinite("input", token);
        int position = length;
        int n = position + 1;
        int h = sh.h();
        int hd = sh.hd();
        float[][] qkv = project(token.data());                                  // (b, d_out), (b, d_kv) x 2
        Rope rope = model.rope();
        if (rope != null) {
            for (int row = 0; row < b * h; row++) {
                rope.rotate(qkv[0], row * hd, hd, (long) rope.offset() + position);
            }
            for (int row = 0; row < b * sh.kvh(); row++) {
                rope.rotate(qkv[1], row * hd, hd, (long) rope.offset() + position);
            }
        }
        for (int m = 0; m < keys.length; m++) {
            keys[m] = appendRow(keys[m], qkv[1], m * hd, position, hd);
            values[m] = appendRow(values[m], qkv[2], m * hd, position, hd);
        }
        length = n;

        float[] scores = new float[b * h * n];                                  // (b, h, n)
        float[] logits = new float[b * h * n];
        float[] weights = new float[b * h * n];
        float[] heads = new float[b * h * hd];                                  // (b, h, hd)
        boolean overflow = false;
        for (int m = 0; m < b * h; m++) {
            int kv = m / h * sh.kvh() + (m % h) / sh.group();
            for (int j = 0; j < n; j++) {
                float sum = 0f;
                for (int c = 0; c < hd; c++) {
                    sum += qkv[0][m * hd + c] * keys[kv][j * hd + c];
                }
                scores[m * n + j] = sum;
                boolean hidden = model.window() != null && position - j > model.window();
                logits[m * n + j] = hidden ? Float.NEGATIVE_INFINITY : sum * factor;
                overflow |= !hidden && !Float.isFinite(logits[m * n + j]);
            }
            if (model.normalization() == Normalization.SOFTMAX) {
                ROWS.softmax(logits, weights, m, m + 1, n);
            } else {
                WeightRules.hardmax(logits, weights, m * n, (m + 1) * n, n);
            }
            for (int j = 0; j < n; j++) {
                float w = weights[m * n + j];
                for (int c = 0; c < hd; c++) {
                    heads[m * hd + c] += w * values[kv][j * hd + c];
                }
            }
        }
        float[] output = model.outWeight() == null ? heads                      // heads (b, h, hd) = context (b, d_out)
                : PlainAttention.linear(heads, b, sh.dOut(), model.outWeight().data(), sh.dModel(),
                        model.outBias() == null ? null : model.outBias().data());
        float[] result = residualAndNorm(token.data(), output);

        if (overflow || !finite(qkv[0], qkv[1], qkv[2], scores, heads, output, result)) {
            length = position;                                                  // the token is not kept
            throw new InvalidSpecException("input", "engine.spec.kvOverflow");
        }
        long step = stepMultiplyAdds(n);
        long again = PlainAttention.multiplyAdds(model, new Shapes(b, n, n, sh.dIn(), sh.dSrc(), sh.dOut(), h, hd,
                sh.dModel(), sh.kvh()));
        multiplyAdds += step;
        multiplyAddsWithoutCache += again;
        Tensor context = Tensor.wrap(heads.clone(), b, sh.dOut());
        return new DecodeStep(position, Tensor.wrap(qkv[0], b, h, hd), Tensor.wrap(qkv[1], b, sh.kvh(), hd),
                Tensor.wrap(qkv[2], b, sh.kvh(), hd), Tensor.wrap(scores, b, h, n), Tensor.wrap(logits, b, h, n),
                Tensor.wrap(weights, b, h, n), Tensor.wrap(heads, b, h, hd), context,
                output == heads ? context : Tensor.wrap(output, b, sh.dModel()),
                result == heads ? context : Tensor.wrap(result, b, sh.dModel()), step, again);
    }

    private static boolean finite(float[]... steps) {
        for (float[] step : steps) {
            if (!(Overflow.maxAbs(step) <= Float.MAX_VALUE)) {
                return false;
            }
        }
        return true;
    }

    /** One token's q (b, d_out), k and v (b, d_kv), as the plain route projects them. */
    private float[][] project(float[] x) {
        int b = sh.b();
        Projection projection = model.projection();
        if (projection instanceof Projection.Identity) {
            return new float[][] {x.clone(), x.clone(), x.clone()};
        }
        if (projection instanceof Projection.Separate p) {
            return new float[][] {
                PlainAttention.linear(x, b, sh.dIn(), p.query().data(), sh.dOut(), data(p.queryBias())),
                PlainAttention.linear(x, b, sh.dIn(), p.key().data(), sh.dKv(), data(p.keyBias())),
                PlainAttention.linear(x, b, sh.dIn(), p.value().data(), sh.dKv(), data(p.valueBias()))};
        }
        Projection.Fused f = (Projection.Fused) projection;
        int width = sh.dOut() + 2 * sh.dKv();
        float[] qkv = PlainAttention.linear(x, b, sh.dIn(), f.qkv().data(), width, data(f.qkvBias()));
        float[][] out = {new float[b * sh.dOut()], new float[b * sh.dKv()], new float[b * sh.dKv()]};
        for (int i = 0; i < b; i++) {
            System.arraycopy(qkv, i * width, out[0], i * sh.dOut(), sh.dOut());
            System.arraycopy(qkv, i * width + sh.dOut(), out[1], i * sh.dKv(), sh.dKv());
            System.arraycopy(qkv, i * width + sh.dOut() + sh.dKv(), out[2], i * sh.dKv(), sh.dKv());
        }
        return out;
    }

    /** One token's projections (none for identity), its two products over n keys, its output projection. */
    private long stepMultiplyAdds(int n) {
        long b = sh.b();
        long projections = model.projection() instanceof Projection.Identity ? 0
                : b * sh.dIn() * (sh.dOut() + 2L * sh.dKv());
        long attention = 2 * b * sh.h() * n * sh.hd();
        long out = model.outWeight() == null ? 0 : b * sh.dOut() * sh.dModel();
        return projections + attention + out;
    }

    private float[] residualAndNorm(float[] x, float[] output) {
        if (!model.residual() && model.layerNorm() == null) {
            return output;
        }
        float[] sum = output;
        if (model.residual()) {
            sum = new float[output.length];
            for (int i = 0; i < sum.length; i++) {
                sum[i] = output[i] + x[i];
            }
        }
        return model.layerNorm() == null ? sum : PlainAttention.layerNorm(sum, sh.b(), sh.dModel(), model.layerNorm());
    }

    /** {@code rows} with row {@code position} set to hd values of {@code from}, grown (doubled) when full. */
    private static float[] appendRow(float[] rows, float[] from, int at, int position, int hd) {
        float[] out = rows.length < (position + 1) * hd ? Arrays.copyOf(rows, 2 * rows.length) : rows;
        System.arraycopy(from, at, out, position * hd, hd);
        return out;
    }

    private Tensor cached(float[][] rows) {
        int hd = sh.hd();
        float[] out = new float[rows.length * length * hd];
        for (int m = 0; m < rows.length; m++) {
            System.arraycopy(rows[m], 0, out, m * length * hd, length * hd);
        }
        return Tensor.wrap(out, sh.b(), sh.kvh(), length, hd);
    }

    private static float[] data(Tensor t) {
        return t == null ? null : t.data();
    }
}
