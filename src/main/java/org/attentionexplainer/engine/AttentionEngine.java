package org.attentionexplainer.engine;

import java.util.ArrayList;
import java.util.List;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Scaled dot-product multi-head attention on ND4J, one named step at a time.
 *
 * <p>Symbols: b batch, t query positions, s key positions, d_in / d_src input widths,
 * d_out = h * hd projected width, h heads, hd head width, kvh key/value heads (h, or fewer
 * for grouped-query attention), d_kv = kvh * hd, d_model output width.
 * All arithmetic is float32, like PyTorch's default.
 *
 * <pre>
 *   Q = X W_q + b_q, K = S W_k + b_k, V = S W_v + b_v      (b, t, d_out), (b, s, d_kv)
 *   split heads                                              (b, h, t, hd), (b, kvh, s, hd)
 *   rotate q and k by position (RoPE, optional)
 *   scores  = Q K^T, query head i with K head i / (h / kvh)  (b, h, t, s)
 *   logits  = scores * scale / T, -inf where masked          (b, h, t, s)
 *   weights = softmax(logits) or hardmax, then dropout       (b, h, t, s)
 *   heads   = weights V                                      (b, h, t, hd)
 *   context = concat(heads)                                  (b, t, d_out)
 *   output  = context W_o + b_o                              (b, t, d_model)
 *   result  = LayerNorm(X + output)                          (b, t, d_model)
 * </pre>
 *
 * <p>The tiled algorithm computes the weights and heads from the logits by FlashAttention's
 * online softmax instead ({@link TiledAttention}), on the heap.
 *
 * <p>Speed: every product calls the BLAS on blocks of reused off-heap arrays ({@link Products},
 * {@link HeadLayout}): heads are read where the projection wrote them and written where the
 * concatenation wants them. The (b, h, t, s) maps dominate time and memory for long inputs;
 * their products go a few heads at a time through one reused off-heap array, and their row
 * passes (scale, mask, softmax) run in Java on the heap arrays of the trace, which hold each
 * step's value anyway ({@link MapSteps}, {@link RowMath}). Weights and inputs are converted off
 * the heap once while the same tensors come back (see {@link NdBuffers}). Problems too small
 * for ND4J's cost per operation to pay off take the same steps in plain Java
 * ({@link PlainAttention}); short inputs run on the heap with the products on a vector kernel
 * ({@link HeapAttention}). Computations on one engine run one at a time.
 */
public final class AttentionEngine {
    static {
        NativeThreads.preferSleepingThreads();
    }

    private final String backend;
    private final boolean plainJavaWhenSmall;
    private final int heapRows;
    private final Routes routes;
    private final NdBuffers buffers;
    private final Overflow overflow = new Overflow();
    private final PackedWeights.Recent packs = new PackedWeights.Recent();

    public AttentionEngine() {
        this(true);
    }

    /** @param plainJavaWhenSmall compute tiny problems in plain Java (see {@link PlainAttention}) */
    AttentionEngine(boolean plainJavaWhenSmall) {
        this(plainJavaWhenSmall, Routes.BEST);
    }

    /** @param routes how the steps run on the backend: {@link Routes#BEST} but for another backend's way */
    AttentionEngine(boolean plainJavaWhenSmall, Routes routes) {
        this(plainJavaWhenSmall, routes, plainJavaWhenSmall ? HeapAttention.MAX_ROWS : 0);
    }

    /** @param heapRows inputs of up to this many rows run on the heap where they can ({@link HeapAttention}) */
    AttentionEngine(boolean plainJavaWhenSmall, Routes routes, int heapRows) {
        // Backends first: a GPU backend that cannot start is then reported in one sentence.
        this.backend = Backends.describe();
        Nd4j.setDefaultDataTypes(DataType.FLOAT, DataType.FLOAT);
        this.plainJavaWhenSmall = plainJavaWhenSmall;
        this.heapRows = heapRows;
        this.routes = routes;
        this.buffers = new NdBuffers(routes.hostMemory());
    }

    public String backend() {
        return backend;
    }

    public synchronized AttentionTrace compute(AttentionSpec spec) {
        return compute(spec, null);
    }

    /**
     * Like {@link #compute(AttentionSpec)}, but when {@code previous} was computed from the same
     * inputs, projection and heads (the same tensor objects), its Q, K, V and scores are taken as
     * they are and only the later steps run: what a drag of the temperature, scale, mask,
     * dropout or hardmax controls needs. The result is the same as without {@code previous}.
     *
     * @param previous an earlier trace of this model, or null
     */
    public synchronized AttentionTrace compute(AttentionSpec spec, AttentionTrace previous) {
        Shapes.requireFinite("input", spec.input());
        if (spec.source() != null) {
            Shapes.requireFinite("source", spec.source());
        }
        Tensor input = asBatch(spec.input(), "input");
        Tensor sourceTensor = spec.source() == null ? input : asBatch(spec.source(), "source");
        Shapes sh = Shapes.check(spec, input, sourceTensor);
        double scaleFactor = spec.scale().factorFor(sh.hd());
        Overflow.requireFiniteFactor(scaleFactor, spec.temperature());
        boolean reuse = previous != null && Reuse.sameProjections(previous, spec, sh);
        boolean plain = plainJavaWhenSmall && PlainAttention.multiplyAdds(spec, sh) <= PlainAttention.MAX_MULTIPLY_ADDS;
        boolean heap = !plain && HeapAttention.applies(spec, sh, routes, heapRows);
        // a slider step makes the heads and all after them when first read, where nothing can overflow
        boolean later = reuse && !plain && !spec.algorithm().isTiled()
                && Overflow.afterWeightsBounded(spec, previous.v(), sh);
        AttentionMemory.require(spec, sh, reuse, later);
        // a slider that leaves the masks' settings alone takes the last mask over (1 MiB at 512 tokens)
        AttentionSpec before = reuse ? previous.spec() : null;
        boolean sameMask = reuse && spec.causal() == before.causal() && spec.padding() == before.padding()
                && java.util.Objects.equals(spec.window(), before.window());
        Tensor mask = sameMask ? previous.mask()
                : Masks.build(sh.b(), sh.t(), sh.s(), spec.causal(), spec.window(), spec.padding());
        List<MaskedRow> fullyMasked = sameMask ? previous.fullyMaskedRows() : WeightRules.fullyMaskedRows(mask);
        List<String> tokens = spec.tokens() != null ? spec.tokens() : defaultLabels(sh.t());
        List<String> sourceTokens = spec.sourceTokens() != null ? spec.sourceTokens()
                : spec.source() == null ? tokens : defaultLabels(sh.s());
        AttentionTrace trace;
        if (plain) {
            trace = PlainAttention.compute(spec, input, sourceTensor, sh, mask, fullyMasked, scaleFactor,
                    tokens, sourceTokens, backend);
        } else if (heap) {
            HeapAttention.Inputs in = new HeapAttention.Inputs(input, sourceTensor, mask, fullyMasked, scaleFactor,
                    tokens, sourceTokens, backend);
            trace = HeapAttention.compute(spec, reuse ? previous : null, later, in, sh, packs, routes.rows());
        } else {
            trace = computeOnNd4j(spec, previous, reuse, later, input, sourceTensor, sh, mask, fullyMasked,
                    scaleFactor, tokens, sourceTokens);
        }
        overflow.requireFinite(trace, reuse && !plain);               // the plain path computes everything anew
        return trace;
    }

    private AttentionTrace computeOnNd4j(AttentionSpec spec, AttentionTrace previous, boolean reuse, boolean later,
                                         Tensor input, Tensor sourceTensor, Shapes sh, Tensor mask,
                                         List<MaskedRow> fullyMasked, double scaleFactor, List<String> tokens,
                                         List<String> sourceTokens) {
        INDArray x = buffers.constant(input);                                          // (b, t, d_in)
        boolean tiled = spec.algorithm().isTiled();
        HeadLayout q;
        HeadLayout k;
        HeadLayout v;
        Tensor qT;
        Tensor kT;
        Tensor vT;
        if (reuse) {
            qT = previous.q();
            kT = previous.k();
            vT = previous.v();
            q = null;                                                               // the scores are known
            k = null;
            v = later ? null : HeadLayout.split(buffers.constant(vT), sh.s(), sh.kvh(), sh.group(), sh);
        } else {
            INDArray src = spec.source() == null ? x : buffers.constant(sourceTensor); // (b, s, d_src)
            HeadLayout[] qkv = project(spec.projection(), x, src, sh);
            q = qkv[0];
            k = qkv[1];
            v = qkv[2];
            qT = NdBuffers.heads(q, sh);
            kT = spec.projection() instanceof Projection.Identity && spec.source() == null
                    ? qT : NdBuffers.heads(k, sh);
            vT = spec.projection() instanceof Projection.Identity ? kT : NdBuffers.heads(v, sh);
            if (spec.rope() != null) {
                // rotated on the heap, where the trace keeps them anyway; the products read the
                // rotated copies, v keeps its layout
                Tensor rotated = spec.rope().apply(qT);                                 // (b, h, t, hd)
                kT = kT == qT ? rotated : spec.rope().apply(kT);                        // (b, kvh, s, hd)
                qT = rotated;
                q = HeadLayout.split(buffers.copyOf("q.rope", qT), sh.t(), sh);
                k = HeadLayout.split(buffers.copyOf("k.rope", kT), sh.s(), sh.kvh(), sh.group(), sh);
            }
        }
        float factor = Overflow.factor(scaleFactor, spec.temperature());
        boolean masked = !Masks.isEmpty(mask);
        if (tiled) {
            return tiled(spec, sh, x, qT, kT, vT, mask, masked, factor, reuse ? previous.scores() : null, tokens,
                    sourceTokens, scaleFactor, fullyMasked);
        }

        // the (b, h, t, s) maps: products a group of heads at a time through one reused
        // off-heap array, row passes on the heap arrays of the trace
        boolean softmax = spec.normalization() == Normalization.SOFTMAX;
        MapSteps.Maps maps = reuse ? MapSteps.Maps.reusing(previous.scores().data(), factor != 1f || masked, softmax)
                : MapSteps.Maps.allocate(sh, factor != 1f || masked, softmax);
        INDArray context = buffers.scratch("context", (long) sh.b() * sh.t(), sh.dOut()); // (b*t, d_out)
        HeadLayout heads = HeadLayout.columns(context, 1, 0, sh.t(), sh);             // heads side by side
        int groupSize = MapSteps.headsPerGroup(sh);
        INDArray group = buffers.scratch("maps", groupSize, sh.t(), sh.s());         // (g, t, s)
        TorchRandom draws = spec.dropout() != null && spec.dropout().p() != 0
                ? WeightRules.dropoutDraws(spec.dropout()) : null;
        // on the CPU the row passes read the scores from, and write the weights into, the group's
        // memory themselves, a row at a time on every core; a GPU's memory is copied as a whole
        boolean host = routes.hostMemory();
        for (int first = 0; first < sh.b() * sh.h(); first += groupSize) {
            int offset = first * sh.t() * sh.s();
            int end = offset + groupSize * sh.t() * sh.s();
            if (!reuse) {
                MapSteps.scores(q, k, first, group, groupSize, sh, routes);
                if (!host) {
                    NdBuffers.readInto(group, maps.scores(), offset);
                }
            }
            boolean weightsLater = !softmax || draws != null || !host;
            MapSteps.rows(maps, group, first * sh.t(), (first + groupSize) * sh.t(), factor,
                    masked ? mask.data() : null, softmax, !reuse && host, !weightsLater && !later, sh, routes.rows());
            if (weightsLater) {
                if (!softmax) {
                    WeightRules.hardmax(maps.logits(), maps.weights(), offset, end, sh.s());
                }
                if (draws != null) {
                    WeightRules.dropout(maps.weights(), offset, end, spec.dropout(), draws);
                }
                if (!later) {
                    NdBuffers.write(group, maps.weights(), offset, host);
                }
            }
            if (!later) {
                MapSteps.headContexts(group, v, heads, first, groupSize, sh, routes);
            }
        }

        Tensor scores = reuse ? previous.scores() : maps.tensor(maps.scores(), sh);
        Tensor logits = maps.logitsTensor(scores, factor, masked ? mask.data() : null, sh, routes.rows());
        Tensor weights = maps.tensor(maps.weights(), sh);
        Tensor values = vT;
        AfterWeights after = later ? AfterWeights.later(() -> contexts(spec, sh, input, values, weights), spec, sh)
                : afterWeights(spec, sh, x, context, NdBuffers.heads(heads, sh));
        return new AttentionTrace(spec, tokens, sourceTokens, qT, kT, vT, scores, mask, logits, weights, after.heads(),
                after.context(), after.output(), after.result(), scaleFactor, fullyMasked, backend);
    }

    /**
     * The heads and all after them, when first read: on the engine's scratch arrays, so under its
     * lock; checked for overflow, which {@link Overflow#afterWeightsBounded} rules out.
     */
    private AfterWeights contexts(AttentionSpec spec, Shapes sh, Tensor input, Tensor vT, Tensor weights) {
        synchronized (this) {
            INDArray context = buffers.scratch("context", (long) sh.b() * sh.t(), sh.dOut()); // (b*t, d_out)
            HeadLayout heads = MapSteps.headContexts(weights.data(), buffers.constant(vT), context, buffers, sh,
                    routes);
            AfterWeights made = afterWeights(spec, sh, buffers.constant(input), context, NdBuffers.heads(heads, sh));
            Overflow.requireFinite(spec, made);
            return made;
        }
    }

    /**
     * The maps, heads and running maxima and sums of FlashAttention's online softmax over key
     * blocks ({@link TiledAttention}, on the heap), then the same later steps as the direct route.
     */
    private AttentionTrace tiled(AttentionSpec spec, Shapes sh, INDArray x, Tensor q, Tensor k, Tensor v, Tensor mask,
                                 boolean masked, float factor, Tensor knownScores, List<String> tokens,
                                 List<String> sourceTokens, double scaleFactor, List<MaskedRow> fullyMasked) {
        TiledAttention.Maps maps = TiledAttention.compute(q.data(), k.data(), v.data(), masked ? mask.data() : null,
                factor, knownScores == null ? null : knownScores.data(), spec.algorithm(), sh);
        INDArray context = buffers.scratch("context", (long) sh.b() * sh.t(), sh.dOut());  // (b*t, d_out)
        NdBuffers.write(context, PlainAttention.concatHeads(maps.heads(), sh), 0, routes.hostMemory());
        int blocks = spec.algorithm().keyBlocks(sh.s());
        AfterWeights after = afterWeights(spec, sh, x, context,
                Tensor.wrap(maps.heads(), sh.b(), sh.h(), sh.t(), sh.hd()));
        return new AttentionTrace(spec, tokens, sourceTokens, q, k, v,
                knownScores != null ? knownScores : Tensor.wrap(maps.scores(), sh.b(), sh.h(), sh.t(), sh.s()), mask,
                Tensor.wrap(maps.logits(), sh.b(), sh.h(), sh.t(), sh.s()),
                Tensor.wrap(maps.weights(), sh.b(), sh.h(), sh.t(), sh.s()), after.heads(), after.context(),
                after.output(), after.result(), scaleFactor, fullyMasked, backend,
                Tensor.wrap(maps.onlineMax(), sh.b(), sh.h(), sh.t(), blocks),
                Tensor.wrap(maps.onlineSum(), sh.b(), sh.h(), sh.t(), blocks));
    }

    /** The output projection, residual and LayerNorm after the context (b*t, d_out). */
    private AfterWeights afterWeights(AttentionSpec spec, Shapes sh, INDArray x, INDArray context, Tensor heads) {
        INDArray output = outProject(context, spec.outWeight(), spec.outBias(), sh);  // (b*t, d_model)
        INDArray result = residualAndNorm(x, output, spec, sh);                       // (b*t, d_model)

        Tensor contextT = NdBuffers.tensor(context).reshape(sh.b(), sh.t(), sh.dOut());
        Tensor outputT = output == context ? contextT
                : NdBuffers.tensor(output).reshape(sh.b(), sh.t(), sh.dModel());
        return new AfterWeights(heads, contextT, outputT,
                result == output ? outputT : NdBuffers.tensor(result).reshape(sh.b(), sh.t(), sh.dModel()));
    }

    /**
     * Projects into Q (b*t, ...), K and V (b*s, ...) and says where their heads lie: head i
     * owns columns [i*hd, (i+1)*hd) of the projected width; a fused W_qkv is one product whose
     * columns split Q (d_out), K (d_kv), V (d_kv). K and V have kvh heads, d_kv = kvh * hd, and
     * their layouts point a group of query heads at each. Identity leaves the inputs as they are.
     */
    private HeadLayout[] project(Projection projection, INDArray x, INDArray src, Shapes sh) {
        long bt = sh.b() * (long) sh.t();
        long bs = sh.b() * (long) sh.s();
        INDArray x2 = x.reshape(bt, sh.dIn());                                  // (b*t, d_in)
        INDArray s2 = src == x ? x2 : src.reshape(bs, sh.dSrc());               // (b*s, d_src)
        if (projection instanceof Projection.Identity) {
            HeadLayout keys = HeadLayout.columns(s2, 1, 0, sh.s(), sh);
            return new HeadLayout[] {HeadLayout.columns(x2, 1, 0, sh.t(), sh), keys, keys};
        }
        if (projection instanceof Projection.Separate p) {
            return new HeadLayout[] {
                HeadLayout.columns(linear("q.flat", x2, p.query(), p.queryBias(), sh.dOut()), 1, 0, sh.t(), sh),
                keyValues(linear("k.flat", s2, p.key(), p.keyBias(), sh.dKv()), 0, sh.s(), sh),
                keyValues(linear("v.flat", s2, p.value(), p.valueBias(), sh.dKv()), 0, sh.s(), sh)};
        }
        Projection.Fused f = (Projection.Fused) projection;
        int width = sh.dOut() + 2 * sh.dKv();                                   // Q, then K, then V
        INDArray qkv = linear("qkv", x2, f.qkv(), f.qkvBias(), width);          // (b*t, d_out + 2 d_kv)
        INDArray kv = s2 == x2 ? qkv : linear("kv", s2, f.qkv(), f.qkvBias(), width);
        return new HeadLayout[] {HeadLayout.columns(qkv, 0, sh.t(), sh.h(), 1, sh),
            keyValues(kv, sh.dOut(), sh.s(), sh), keyValues(kv, sh.dOut() + sh.dKv(), sh.s(), sh)};
    }

    /** The kvh key or value heads from column {@code from}, each read by h / kvh query heads. */
    private static HeadLayout keyValues(INDArray flat, long from, int n, Shapes sh) {
        return HeadLayout.columns(flat, from, n, sh.kvh(), sh.group(), sh);
    }

    /** (rows, width) -> (rows, cols): rows W + bias, into the scratch array of the role. */
    private INDArray linear(String role, INDArray rows, Tensor w, Tensor bias, int cols) {
        INDArray y = buffers.scratch(role, rows.size(0), cols);
        PackedWeights packed = routes.direct() && rows.size(0) <= PackedWeights.ENGINE_MAX_ROWS ? packs.of(w) : null;
        if (packed != null) {                                   // few rows: no packing of W at every call
            packed.linear(rows, bias == null ? null : bias.data(), y);
            return y;
        }
        INDArray w2 = buffers.constant(w, w.dim(0), w.dim(1));
        if (bias != null && routes.direct()) {
            NdBuffers.fillRows(y, bias.data());                 // as PyTorch's addmm: the bias first, then
            Products.gemm(Block.of(rows), false, Block.of(w2), false, Block.of(y), 1f, true);  // += the product
            return y;
        }
        Products.gemm(Block.of(rows), false, Block.of(w2), false, Block.of(y), 0f, routes.direct());
        return bias == null ? y : y.addiRowVector(buffers.constant(bias));
    }

    /**
     * Softmax along the last axis of any tensor: exp(x - rowmax) / sum. -inf entries get 0;
     * a row that is all -inf gets 0 everywhere instead of NaN.
     */
    public synchronized Tensor softmax(Tensor logits) {
        if (logits.rank() < 1 || logits.size() == 0) {
            throw new InvalidSpecException("logits", "engine.spec.softmaxEmpty");
        }
        int s = logits.dim(-1);
        float[] l = logits.data();
        float[] w = new float[l.length];
        routes.rows().softmax(l, w, 0, l.length / s, s);
        return Tensor.wrap(w, logits.shape());
    }

    /** context (b*t, d_out) -> (b*t, d_model): context W_o + b_o, or the context itself without W_o. */
    private INDArray outProject(INDArray context, Tensor w, Tensor bias, Shapes sh) {
        return w == null ? context : linear("output", context, w, bias, sh.dModel());
    }

    private INDArray residualAndNorm(INDArray x, INDArray output, AttentionSpec spec, Shapes sh) {
        if (!spec.residual() && spec.layerNorm() == null) {
            return output;
        }
        INDArray sum = spec.residual() ? output.add(x.reshape(sh.b() * (long) sh.t(), sh.dIn())) : output;
        return spec.layerNorm() == null ? sum : NdArrays.layerNorm(sum, spec.layerNorm());
    }

    /** LayerNorm of each row of a (n, d) tensor, as PyTorch's nn.LayerNorm(d) computes it. */
    public synchronized Tensor layerNorm(Tensor rows, LayerNormParams params) {
        if (rows.rank() != 2) {
            throw new InvalidSpecException("x", "engine.spec.layerNormShape", rows.shapeString());
        }
        Shapes.requireFinite("x", rows);
        return NdBuffers.tensor(NdArrays.layerNorm(NdArrays.nd(rows), params));
    }

    /** The position-wise feed-forward network of a transformer block on (n, d_model) rows. */
    public FeedForwardTrace feedForward(Tensor rows, FeedForward ffn) {
        return ffn.apply(rows);
    }

    private static Tensor asBatch(Tensor x, String field) {
        if (x.rank() == 2) {
            return x.reshape(1, x.dim(0), x.dim(1));
        }
        if (x.rank() != 3) {
            throw new InvalidSpecException(field, "engine.spec.inputShape", x.shapeString());
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

}
