package org.attentionexplainer.engine;

import java.util.ArrayList;
import java.util.List;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.indexing.NDArrayIndex;

/**
 * Scaled dot-product multi-head attention on ND4J, one named step at a time.
 *
 * <p>Symbols: b batch, t query positions, s key positions, d_in / d_src input widths,
 * d_out = h * hd projected width, h heads, hd head width, d_model output width.
 * All arithmetic is float32, like PyTorch's default.
 *
 * <pre>
 *   Q = X W_q + b_q, K = S W_k + b_k, V = S W_v + b_v      (b, t|s, d_out)
 *   split heads                                              (b, h, t|s, hd)
 *   scores  = Q K^T                                          (b, h, t, s)
 *   logits  = scores * scale / T, -inf where masked          (b, h, t, s)
 *   weights = softmax(logits) or hardmax, then dropout       (b, h, t, s)
 *   heads   = weights V                                      (b, h, t, hd)
 *   context = concat(heads)                                  (b, t, d_out)
 *   output  = context W_o + b_o                              (b, t, d_model)
 *   result  = LayerNorm(X + output)                          (b, t, d_model)
 * </pre>
 */
public final class AttentionEngine {
    private final String backend;

    public AttentionEngine() {
        // Backends first: a GPU backend that cannot start is then reported in one sentence.
        this.backend = Backends.describe();
        Nd4j.setDefaultDataTypes(DataType.FLOAT, DataType.FLOAT);
    }

    public String backend() {
        return backend;
    }

    public AttentionTrace compute(AttentionSpec spec) {
        Shapes.requireFinite("input", spec.input());
        if (spec.source() != null) {
            Shapes.requireFinite("source", spec.source());
        }
        Tensor input = asBatch(spec.input(), "input");
        Tensor sourceTensor = spec.source() == null ? input : asBatch(spec.source(), "source");
        Shapes sh = Shapes.check(spec, input, sourceTensor);

        INDArray x = nd(input);                                        // (b, t, d_in)
        INDArray src = spec.source() == null ? x : nd(sourceTensor);   // (b, s, d_src)
        INDArray[] qkv = project(spec.projection(), x, src, sh);
        INDArray q = splitHeads(qkv[0], sh.b(), sh.t(), sh);           // (b, h, t, hd)
        INDArray k = splitHeads(qkv[1], sh.b(), sh.s(), sh);           // (b, h, s, hd)
        INDArray v = splitHeads(qkv[2], sh.b(), sh.s(), sh);           // (b, h, s, hd)

        INDArray scores = scores(q, k);                                // (b, h, t, s)
        Tensor mask = Masks.build(sh.b(), sh.t(), sh.s(), spec.causal(), spec.window(), spec.padding());
        double scaleFactor = spec.scale().factorFor(sh.hd());
        INDArray logits = logits(scores, scaleFactor, spec.temperature(), mask);
        List<MaskedRow> fullyMasked = fullyMaskedRows(mask);

        INDArray normalized = spec.normalization() == Normalization.SOFTMAX
                ? NdArrays.softmax(logits) : hardmax(logits, sh);
        INDArray weights = spec.dropout() == null ? normalized : dropout(normalized, spec.dropout(), sh);
        INDArray heads = Nd4j.matmul(weights, v);                      // (b, h, t, hd)
        INDArray context = concatHeads(heads, sh);                     // (b, t, d_out)
        INDArray output = outProject(context, spec.outWeight(), spec.outBias(), sh);
        INDArray result = residualAndNorm(x, output, spec, sh);

        List<String> tokens = spec.tokens() != null ? spec.tokens() : defaultLabels(sh.t());
        List<String> sourceTokens = spec.sourceTokens() != null ? spec.sourceTokens()
                : spec.source() == null ? tokens : defaultLabels(sh.s());
        Tensor outputTensor = tensor(output);
        return new AttentionTrace(spec, tokens, sourceTokens,
                tensor(q), tensor(k), tensor(v), tensor(scores), mask, tensor(logits),
                tensor(weights), tensor(heads), tensor(context), outputTensor,
                result == output ? outputTensor : tensor(result),
                scaleFactor, fullyMasked, backend);
    }

    /** Q, K, V as (b*t, d_out), (b*s, d_out), (b*s, d_out). */
    private static INDArray[] project(Projection projection, INDArray x, INDArray src, Shapes sh) {
        INDArray x2 = x.reshape(sh.b() * (long) sh.t(), sh.dIn());             // (b*t, d_in)
        INDArray s2 = src == x ? x2 : src.reshape(sh.b() * (long) sh.s(), sh.dSrc()); // (b*s, d_src)
        if (projection instanceof Projection.Identity) {
            return new INDArray[] {x2, s2, s2};
        }
        if (projection instanceof Projection.Separate p) {
            return new INDArray[] {
                linear(x2, p.query(), p.queryBias()),
                linear(s2, p.key(), p.keyBias()),
                linear(s2, p.value(), p.valueBias())};
        }
        Projection.Fused f = (Projection.Fused) projection;
        int d = sh.dOut();
        INDArray qkv = linear(x2, f.qkv(), f.qkvBias());                        // (b*t, 3 d_out)
        INDArray kvSource = s2 == x2 ? qkv : linear(s2, f.qkv(), f.qkvBias());
        return new INDArray[] {
            qkv.get(NDArrayIndex.all(), NDArrayIndex.interval(0, d)),
            kvSource.get(NDArrayIndex.all(), NDArrayIndex.interval(d, 2 * d)),
            kvSource.get(NDArrayIndex.all(), NDArrayIndex.interval(2 * d, 3 * d))};
    }

    private static INDArray linear(INDArray x2, Tensor w, Tensor bias) {
        INDArray y = x2.mmul(nd(w));
        return bias == null ? y : y.addiRowVector(nd(bias));
    }

    /** (b*n, h*hd) -> (b, h, n, hd). */
    private static INDArray splitHeads(INDArray flat, int b, int n, Shapes sh) {
        return flat.dup('c').reshape(b, n, sh.h(), sh.hd()).permute(0, 2, 1, 3).dup('c');
    }

    /** Q K^T, batched over (b, h). */
    private static INDArray scores(INDArray q, INDArray k) {
        return Nd4j.matmul(q, k, false, true, false);
    }

    private static INDArray logits(INDArray scores, double scale, double temperature, Tensor mask) {
        return NdArrays.maskInPlace(scores.mul(scale / temperature), mask);
    }

    /**
     * Softmax along the last axis of any tensor: exp(x - rowmax) / sum. -inf entries get 0;
     * a row that is all -inf gets 0 everywhere instead of NaN.
     */
    public Tensor softmax(Tensor logits) {
        if (logits.rank() < 1 || logits.size() == 0) {
            throw new InvalidSpecException("logits", "softmax needs at least one value");
        }
        return tensor(NdArrays.softmax(nd(logits)));
    }

    /** One-hot on the largest logit per row, the first one on ties; all-masked rows stay 0. */
    private static INDArray hardmax(INDArray logits, Shapes sh) {
        float[] l = data(logits);
        float[] w = new float[l.length];
        int s = sh.s();
        for (int row = 0; row < l.length / s; row++) {
            int best = -1;
            float bestValue = Float.NEGATIVE_INFINITY;
            for (int j = 0; j < s; j++) {
                float value = l[row * s + j];
                if (value > bestValue) {
                    bestValue = value;
                    best = j;
                }
            }
            if (best >= 0) {
                w[row * s + best] = 1f;
            }
        }
        return Nd4j.create(w, logits.shape(), DataType.FLOAT);
    }

    /** Keeps each weight with probability 1 - p and scales survivors by 1 / (1 - p). */
    private static INDArray dropout(INDArray weights, Dropout dropout, Shapes sh) {
        if (dropout.p() == 0) {
            return weights;
        }
        float[] w = data(weights);
        float[] keep = dropout.keepMask(w.length).data();
        float rescale = dropout.rescale();
        for (int i = 0; i < w.length; i++) {
            w[i] = keep[i] != 0f ? w[i] * rescale : 0f;
        }
        return Nd4j.create(w, weights.shape(), DataType.FLOAT);
    }

    /** (b, h, t, hd) -> (b, t, h*hd). */
    private static INDArray concatHeads(INDArray heads, Shapes sh) {
        return heads.permute(0, 2, 1, 3).dup('c').reshape(sh.b(), sh.t(), sh.dOut());
    }

    private static INDArray outProject(INDArray context, Tensor w, Tensor bias, Shapes sh) {
        if (w == null) {
            return context;
        }
        INDArray y = linear(context.reshape(sh.b() * (long) sh.t(), sh.dOut()), w, bias);
        return y.reshape(sh.b(), sh.t(), sh.dModel());
    }

    private static INDArray residualAndNorm(INDArray x, INDArray output, AttentionSpec spec, Shapes sh) {
        if (!spec.residual() && spec.layerNorm() == null) {
            return output;
        }
        INDArray sum = spec.residual() ? output.add(x) : output;
        if (spec.layerNorm() == null) {
            return sum;
        }
        INDArray rows = sum.reshape(sh.b() * (long) sh.t(), sh.dModel());
        return NdArrays.layerNorm(rows, spec.layerNorm()).reshape(sh.b(), sh.t(), sh.dModel());
    }

    /** LayerNorm of each row of a (n, d) tensor, as PyTorch's nn.LayerNorm(d) computes it. */
    public Tensor layerNorm(Tensor rows, LayerNormParams params) {
        if (rows.rank() != 2) {
            throw new InvalidSpecException("x", "LayerNorm needs (n, d), got " + rows.shapeString());
        }
        Shapes.requireFinite("x", rows);
        return tensor(NdArrays.layerNorm(nd(rows), params));
    }

    /** The position-wise feed-forward network of a transformer block on (n, d_model) rows. */
    public FeedForwardTrace feedForward(Tensor rows, FeedForward ffn) {
        return ffn.apply(rows);
    }

    private static List<MaskedRow> fullyMaskedRows(Tensor mask) {
        int b = mask.dim(0);
        int t = mask.dim(1);
        int s = mask.dim(2);
        float[] m = mask.data();
        List<MaskedRow> rows = new ArrayList<>();
        for (int bi = 0; bi < b; bi++) {
            for (int i = 0; i < t; i++) {
                boolean all = true;
                for (int j = 0; j < s && all; j++) {
                    all = m[(bi * t + i) * s + j] != 0f;
                }
                if (all) {
                    rows.add(new MaskedRow(bi, i));
                }
            }
        }
        return rows;
    }

    private static Tensor asBatch(Tensor x, String field) {
        if (x.rank() == 2) {
            return x.reshape(1, x.dim(0), x.dim(1));
        }
        if (x.rank() != 3) {
            throw new InvalidSpecException(field, "shape " + x.shapeString() + " should be (t, d) or (b, t, d)");
        }
        return x;
    }

    private static List<String> defaultLabels(int n) {
        List<String> labels = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            labels.add("t" + i);
        }
        return labels;
    }

    private static INDArray nd(Tensor t) {
        return NdArrays.nd(t);
    }

    private static float[] data(INDArray a) {
        return NdArrays.data(a);
    }

    private static Tensor tensor(INDArray a) {
        return NdArrays.tensor(a);
    }
}
