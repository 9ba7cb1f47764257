package org.attentionexplainer.engine;

/**
 * The sizes of one computation, checked against each other before any arithmetic:
 * b batch, t queries, s keys, dIn / dSrc input widths, dOut projected width, h heads,
 * hd = dOut / h, dModel output width, kvh key/value heads (h for plain multi-head attention).
 */
record Shapes(int b, int t, int s, int dIn, int dSrc, int dOut, int h, int hd, int dModel, int kvh) {

    /** Sizes with as many key/value heads as query heads. */
    Shapes(int b, int t, int s, int dIn, int dSrc, int dOut, int h, int hd, int dModel) {
        this(b, t, s, dIn, dSrc, dOut, h, hd, dModel, h);
    }

    /** Query heads per key/value head: query head i reads K/V head i / group. */
    int group() {
        return h / kvh;
    }

    /** The projected width of K and of V: kvh * hd. */
    int dKv() {
        return kvh * hd;
    }

    static Shapes check(AttentionSpec spec, Tensor input, Tensor source) {
        int b = input.dim(0);
        int t = input.dim(1);
        int dIn = input.dim(2);
        int s = source.dim(1);
        int dSrc = source.dim(2);
        if (t == 0) {
            throw new InvalidSpecException("input", "engine.spec.inputEmpty");
        }
        if (dIn == 0) {
            throw new InvalidSpecException("input", "engine.spec.inputWidth");
        }
        if (spec.source() != null) {
            if (s == 0) {
                throw new InvalidSpecException("source", "engine.spec.sourceEmpty");
            }
            if (source.dim(0) != b) {
                throw new InvalidSpecException("source", "engine.spec.sourceBatch", String.valueOf(source.dim(0)),
                        String.valueOf(b));
            }
        }
        if (spec.heads() < 1) {
            throw new InvalidSpecException("heads", "engine.spec.atLeastOne", String.valueOf(spec.heads()));
        }
        int kvh = kvHeads(spec);
        int dOut = kvh == spec.heads() ? projectedWidth(spec.projection(), dIn, dSrc)
                : groupedWidth(spec.projection(), dIn, dSrc, spec.heads(), kvh);
        if (dOut % spec.heads() != 0) {
            throw new InvalidSpecException("heads", "engine.spec.headsDivide", String.valueOf(spec.heads()),
                    String.valueOf(dOut), divisors(dOut));
        }
        int hd = dOut / spec.heads();
        if (spec.rope() != null && hd % 2 != 0) {
            throw new InvalidSpecException("rope", "engine.spec.ropeOdd", String.valueOf(hd), String.valueOf(dOut),
                    String.valueOf(spec.heads()));
        }
        if (spec.algorithm().isTiled() && spec.dropout() != null) {
            throw new InvalidSpecException("algorithm", "engine.spec.tiledDropout");
        }
        if (spec.algorithm().isTiled() && spec.normalization() != Normalization.SOFTMAX) {
            throw new InvalidSpecException("algorithm", "engine.spec.tiledNormalization",
                    spec.normalization().specValue());
        }
        int dModel = dOut;
        if (spec.outWeight() != null) {
            Tensor w = spec.outWeight();
            requireShape("weights.out", w, dOut, -1);
            dModel = w.dim(1);
            optionalBias("weights.out_bias", spec.outBias(), dModel);
        } else if (spec.outBias() != null) {
            throw new InvalidSpecException("weights.out_bias", "engine.spec.outBiasAlone");
        }
        if (!(spec.temperature() > 0 && Double.isFinite(spec.temperature()))) {
            throw new InvalidSpecException("temperature", "engine.spec.positive",
                    String.valueOf(spec.temperature()));
        }
        if (spec.window() != null && spec.window() < 0) {
            throw new InvalidSpecException("window", "engine.spec.notNegative", String.valueOf(spec.window()));
        }
        if (spec.padding() != null) {
            Tensor p = spec.padding();
            if (p.rank() != 2 || p.dim(0) != b || p.dim(1) != s) {
                throw new InvalidSpecException("padding", "engine.spec.paddingShape", p.shapeString(),
                        String.valueOf(b), String.valueOf(s));
            }
            for (float v : p.data()) {
                if (v != 0f && v != 1f) {
                    throw new InvalidSpecException("padding", "engine.spec.paddingValue", String.valueOf(v));
                }
            }
        }
        if (spec.tokens() != null && spec.tokens().size() != t) {
            throw new InvalidSpecException("tokens", "engine.spec.labels", String.valueOf(spec.tokens().size()),
                    String.valueOf(t));
        }
        if (spec.sourceTokens() != null && spec.sourceTokens().size() != s) {
            throw new InvalidSpecException("source_tokens", "engine.spec.sourceLabels",
                    String.valueOf(spec.sourceTokens().size()), String.valueOf(s));
        }
        if (spec.residual() && dModel != dIn) {
            throw new InvalidSpecException("residual", "engine.spec.residualWidths", String.valueOf(dIn),
                    String.valueOf(dModel));
        }
        if (spec.layerNorm() != null) {
            optionalBias("layer_norm.gamma", spec.layerNorm().gamma(), dModel);
            optionalBias("layer_norm.beta", spec.layerNorm().beta(), dModel);
        }
        return new Shapes(b, t, s, dIn, dSrc, dOut, spec.heads(), hd, dModel, kvh);
    }

    private static int kvHeads(AttentionSpec spec) {
        int kvh = spec.kvHeadCount();
        if (kvh < 1) {
            throw new InvalidSpecException("kv_heads", "engine.spec.atLeastOne", String.valueOf(kvh));
        }
        if (spec.heads() % kvh != 0) {
            throw new InvalidSpecException("kv_heads", "engine.spec.kvHeadsDivide", String.valueOf(kvh),
                    String.valueOf(spec.heads()), divisors(spec.heads()));
        }
        if (kvh != spec.heads() && spec.projection() instanceof Projection.Identity) {
            throw new InvalidSpecException("kv_heads", "engine.spec.kvHeadsIdentity", String.valueOf(spec.heads()),
                    String.valueOf(kvh));
        }
        return kvh;
    }

    private static int projectedWidth(Projection projection, int dIn, int dSrc) {
        if (projection instanceof Projection.Identity) {
            if (dIn != dSrc) {
                throw new InvalidSpecException("projection", "engine.spec.identityWidths", String.valueOf(dIn),
                        String.valueOf(dSrc));
            }
            return dIn;
        }
        if (projection instanceof Projection.Separate sep) {
            requireShape("weights.query", sep.query(), dIn, -1);
            int dOut = sep.query().dim(1);
            requireShape("weights.key", sep.key(), dSrc, dOut);
            requireShape("weights.value", sep.value(), dSrc, dOut);
            optionalBias("weights.query_bias", sep.queryBias(), dOut);
            optionalBias("weights.key_bias", sep.keyBias(), dOut);
            optionalBias("weights.value_bias", sep.valueBias(), dOut);
            return dOut;
        }
        Projection.Fused fused = (Projection.Fused) projection;
        requireShape("weights.qkv", fused.qkv(), dIn, -1);
        if (dIn != dSrc) {
            throw new InvalidSpecException("weights.qkv", "engine.spec.fusedWidths", String.valueOf(dIn),
                    String.valueOf(dSrc));
        }
        int cols = fused.qkv().dim(1);
        if (cols % 3 != 0 || cols == 0) {
            throw new InvalidSpecException("weights.qkv", "engine.spec.fusedColumns", String.valueOf(cols));
        }
        optionalBias("weights.qkv_bias", fused.qkvBias(), cols);
        return cols / 3;
    }

    /**
     * d_out for grouped-query attention (kvh != h, never identity): K and V have kvh * hd
     * columns each, hd taken from the query side; a fused W_qkv's columns are Q (h * hd), K
     * (kvh * hd), V (kvh * hd).
     */
    private static int groupedWidth(Projection projection, int dIn, int dSrc, int h, int kvh) {
        if (projection instanceof Projection.Separate sep) {
            requireShape("weights.query", sep.query(), dIn, -1);
            int dOut = sep.query().dim(1);
            if (dOut % h != 0) {
                return dOut;                                            // the caller names heads
            }
            int dKv = kvh * (dOut / h);
            requireKeyValue("weights.key", sep.key(), dSrc, dKv, kvh, dOut / h);
            requireKeyValue("weights.value", sep.value(), dSrc, dKv, kvh, dOut / h);
            optionalBias("weights.query_bias", sep.queryBias(), dOut);
            optionalBias("weights.key_bias", sep.keyBias(), dKv);
            optionalBias("weights.value_bias", sep.valueBias(), dKv);
            return dOut;
        }
        Projection.Fused fused = (Projection.Fused) projection;
        requireShape("weights.qkv", fused.qkv(), dIn, -1);
        if (dIn != dSrc) {
            throw new InvalidSpecException("weights.qkv", "engine.spec.fusedWidths", String.valueOf(dIn),
                    String.valueOf(dSrc));
        }
        int cols = fused.qkv().dim(1);
        int parts = h + 2 * kvh;
        if (cols % parts != 0) {
            throw new InvalidSpecException("weights.qkv", "engine.spec.groupedColumns", String.valueOf(cols),
                    String.valueOf(parts));
        }
        optionalBias("weights.qkv_bias", fused.qkvBias(), cols);
        return h * (cols / parts);
    }

    private static void requireKeyValue(String field, Tensor w, int dSrc, int dKv, int kvh, int hd) {
        if (w != null && w.rank() == 2 && w.dim(0) == dSrc && w.dim(1) != dKv) {
            throw new InvalidSpecException(field, "engine.spec.kvWeightShape", w.shapeString(), String.valueOf(dSrc),
                    String.valueOf(dKv), String.valueOf(kvh), String.valueOf(hd));
        }
        requireShape(field, w, dSrc, dKv);
    }

    static void requireShape(String field, Tensor w, int rows, int cols) {
        if (w == null) {
            throw new InvalidSpecException(field, "engine.spec.missing");
        }
        if (w.rank() != 2 || w.dim(0) != rows || (cols >= 0 && w.dim(1) != cols) || w.dim(1) == 0) {
            throw new InvalidSpecException(field, "engine.spec.weightShape", w.shapeString(), String.valueOf(rows),
                    cols >= 0 ? String.valueOf(cols) : "d_out");
        }
        requireFinite(field, w);
    }

    private static void optionalBias(String field, Tensor bias, int width) {
        if (bias == null) {
            return;
        }
        if (bias.rank() != 1 || bias.dim(0) != width) {
            throw new InvalidSpecException(field, "engine.spec.biasShape", bias.shapeString(), String.valueOf(width));
        }
        requireFinite(field, bias);
    }

    static void requireFinite(String field, Tensor x) {
        if (x.allFinite()) {
            return;
        }
        float[] d = x.data();
        for (int i = 0; i < d.length; i++) {
            if (!Float.isFinite(d[i])) {
                throw new InvalidSpecException(field, "engine.spec.notFinite", String.valueOf(d[i]),
                        indexOf(i, x.shape()), x.shapeString());
            }
        }
    }

    private static String indexOf(int flat, int[] shape) {
        int[] idx = new int[shape.length];
        for (int a = shape.length - 1; a >= 0; a--) {
            idx[a] = shape[a] == 0 ? 0 : flat % shape[a];
            flat = shape[a] == 0 ? 0 : flat / shape[a];
        }
        return Tensor.describe(idx);
    }

    private static String divisors(int n) {
        StringBuilder sb = new StringBuilder();
        for (int d = 1; d <= n; d++) {
            if (n % d == 0) {
                sb.append(sb.length() == 0 ? "" : ", ").append(d);
            }
        }
        return sb.toString();
    }
}
