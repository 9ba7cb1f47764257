package org.attentionexplainer.engine;

import java.util.List;
import java.util.function.IntConsumer;

/**
 * The engine's steps on the Java heap for inputs of up to {@link #MAX_ROWS} rows, with every
 * product on the vector micro-kernel of {@link PackedWeights}: the projections on the weights'
 * panels (kept between calls), and per head Q K^T and weights V on panels of that head's K and V
 * laid out for the product (s x hd values each). The ND4J route spent about a third of a
 * 16-token forward beside its products: off-heap buffers, 2 b h OpenBLAS calls of a few
 * microseconds each, and the copies of every step into the trace's heap arrays, which here are
 * where the steps are computed. Pieces of a head's query rows are spread over the cores, each
 * one's scores, rows and context at a time, when the products are large enough to pay for a
 * thread's wake-up.
 * Same steps and float32 arithmetic as {@link AttentionEngine}'s direct route (whose projections
 * of up to 64 rows run on the same kernel, its row passes being {@link MapSteps}'); not for the
 * tiled algorithm.
 * Symbols as in {@link AttentionEngine}; all arrays row-major.
 */
final class HeapAttention {
    /**
     * Queries and keys (b*t and b*s) up to this many take this route; -Dattention.heapRows=0 turns it
     * off, for comparisons. Under load (8 on 2 cores), d_model 768 and 12 heads, alternating with the
     * ND4J route: 16 tokens 0.45-0.53 ms against 0.64-0.93, 128 tokens 2.3 against 4.4 (quietest
     * round), 512 tokens 25 against 41 ms of wall time and 26 against 47 ms of CPU; at 1024 tokens
     * the CPU was about the same and the wall time no better.
     */
    static final int MAX_ROWS = Integer.getInteger("attention.heapRows", 512);

    private HeapAttention() {
    }

    /**
     * Runs small forwards on this route until the JIT has compiled its vector kernel (at most
     * {@code rounds}): interpreted, the kernel is a hundred times slower, and the first real
     * forward of 512 tokens had taken seconds. The app calls it once at start, on a thread of its own.
     * Returns the time it took in milliseconds.
     */
    static long warmUp(int rounds) {
        long begin = System.nanoTime();
        if (!PackedWeights.available()) {
            return 0;
        }
        AttentionEngine engine = new AttentionEngine();
        TorchRandom rng = new TorchRandom(1);
        int t = 64;
        int d = 64;
        AttentionSpec spec = AttentionSpec.builder(rng.rand(1, t, d)).heads(4)
                .projection(new Projection.Separate(rng.linear(d, d, false).weight(),
                        rng.linear(d, d, false).weight(), rng.linear(d, d, false).weight(), null, null, null))
                .outProjection(rng.linear(d, d, false).weight(), null).build();
        for (int i = 0; i < rounds; i++) {
            engine.compute(spec).output();
        }
        return (System.nanoTime() - begin) / 1_000_000;
    }

    /** Whether the route runs on this JVM and backend for these shapes, up to {@code maxRows} rows. */
    static boolean applies(AttentionSpec spec, Shapes sh, Routes routes, int maxRows) {
        return routes.direct() && routes.hostMemory() && PackedWeights.available() && !spec.algorithm().isTiled()
                && (long) sh.b() * sh.t() <= maxRows && (long) sh.b() * sh.s() <= maxRows;
    }

    /** What a forward is given beside the spec: its inputs as (b, n, d) tensors, the mask and the labels. */
    record Inputs(Tensor input, Tensor source, Tensor mask, List<MaskedRow> fullyMasked, double scaleFactor,
                  List<String> tokens, List<String> sourceTokens, String backend) {
    }

    /**
     * One trace. With {@code previous} (the same inputs, projections and heads, see
     * {@link AttentionEngine#compute(AttentionSpec, AttentionTrace)}) its Q, K, V and scores are taken over;
     * with {@code later} too, the heads and the steps after them are made when first read (a slider
     * step, see {@link AfterWeights#later}), which only a spec that {@link Overflow#afterWeightsBounded} may.
     */
    static AttentionTrace compute(AttentionSpec spec, AttentionTrace previous, boolean later, Inputs in, Shapes sh,
                                  PackedWeights.Recent packs, RowMath math) {
        int b = sh.b();
        int t = sh.t();
        int s = sh.s();
        int h = sh.h();
        int hd = sh.hd();
        Tensor q;
        Tensor k;
        Tensor v;
        if (previous != null) {
            q = previous.q();
            k = previous.k();
            v = previous.v();
        } else {
            Tensor[] qkv = project(spec, in.input().data(), in.source().data(), sh, packs);
            q = qkv[0];
            k = qkv[1];
            v = qkv[2];
            if (spec.rope() != null) {                                                     // q and k, never v
                Tensor rotated = spec.rope().apply(q);
                k = k == q ? rotated : spec.rope().apply(k);
                q = rotated;
            }
        }

        float factor = Overflow.factor(in.scaleFactor(), spec.temperature());
        boolean masked = !Masks.isEmpty(in.mask());
        float[] mask = masked ? in.mask().data() : null;
        boolean softmax = spec.normalization() == Normalization.SOFTMAX;
        MapSteps.Maps maps = previous != null
                ? MapSteps.Maps.reusing(previous.scores().data(), factor != 1f || masked, softmax)
                : MapSteps.Maps.allocate(sh, factor != 1f || masked, softmax);              // (b, h, t, s) each
        float[] heads = later ? null : new float[b * h * t * hd];                           // (b, h, t, hd)
        TorchRandom draws = spec.dropout() != null && spec.dropout().p() != 0
                ? WeightRules.dropoutDraws(spec.dropout()) : null;
        float[] qs = q.data();
        float[] ks = k.data();
        float[] vs = v.data();
        boolean scoresKnown = previous != null;
        // dropout draws its numbers in the order of the maps: every head's weights before any context
        eachPiece(sh, (m, first, n) -> {
            int row = m * t + first;
            if (!scoresKnown) {
                scores(qs, ks, maps.scores(), m, row, n, sh);
            }
            MapSteps.rows(maps, null, row, row + n, row, factor, mask, softmax, false, false, math, sh);
            if (!softmax) {
                WeightRules.hardmax(maps.logits(), maps.weights(), row * s, (row + n) * s, s);
            }
            if (heads != null && draws == null) {
                context(maps.weights(), vs, heads, m, row, n, sh);
            }
        });
        if (draws != null) {
            WeightRules.dropout(maps.weights(), 0, maps.weights().length, spec.dropout(), draws);
        }
        if (heads != null && draws != null) {
            eachPiece(sh, (m, first, n) -> context(maps.weights(), vs, heads, m, m * t + first, n, sh));
        }

        // W_o's panels are taken now: what makes the later steps may run on another thread, outside the engine's lock
        PackedWeights out = spec.outWeight() == null ? null : packs.of(spec.outWeight());
        AfterWeights after = heads != null ? afterHeads(spec, in, sh, heads, out) : AfterWeights.later(() -> {
            float[] made = new float[b * h * t * hd];
            eachPiece(sh, (m, first, n) -> context(maps.weights(), vs, made, m, m * t + first, n, sh));
            AfterWeights steps = afterHeads(spec, in, sh, made, out);
            Overflow.requireFinite(spec, steps);
            return steps;
        }, spec, sh);
        Tensor scoresT = previous != null ? previous.scores() : maps.tensor(maps.scores(), sh);
        return new AttentionTrace(spec, in.tokens(), in.sourceTokens(), q, k, v, scoresT, in.mask(),
                maps.logitsTensor(scoresT, factor, mask, sh, math), maps.tensor(maps.weights(), sh),
                after.heads(), after.context(), after.output(), after.result(), in.scaleFactor(), in.fullyMasked(),
                in.backend());
    }

    /** The concatenation, output projection ({@code out}: W_o's panels, null for none), residual and LayerNorm. */
    private static AfterWeights afterHeads(AttentionSpec spec, Inputs in, Shapes sh, float[] heads, PackedWeights out) {
        int bt = sh.b() * sh.t();
        float[] context = PlainAttention.concatHeads(heads, sh);                           // (b, t, d_out)
        float[] output = out == null ? context : out.linear(context, bt, data(spec.outBias()));  // (b, t, d_model)
        float[] result = PlainAttention.residualAndNorm(in.input().data(), output, spec, bt, sh.dModel());
        Tensor contextT = Tensor.wrap(context, sh.b(), sh.t(), sh.dOut());
        Tensor outputT = output == context ? contextT : Tensor.wrap(output, sh.b(), sh.t(), sh.dModel());
        return new AfterWeights(Tensor.wrap(heads, sh.b(), sh.h(), sh.t(), sh.hd()), contextT, outputT,
                result == output ? outputT : Tensor.wrap(result, sh.b(), sh.t(), sh.dModel()));
    }

    /** Q (b, h, t, hd), K and V (b, kvh, s, hd); the inputs themselves for identity. */
    private static Tensor[] project(AttentionSpec spec, float[] x, float[] src, Shapes sh, PackedWeights.Recent packs) {
        int bt = sh.b() * sh.t();
        int bs = sh.b() * sh.s();
        int d = sh.dOut();
        int kv = sh.dKv();
        Projection projection = spec.projection();
        if (projection instanceof Projection.Identity) {
            Tensor q = PlainAttention.splitHeads(x, d, 0, sh.t(), sh.h(), sh);
            Tensor k = spec.source() == null ? q : PlainAttention.splitHeads(src, kv, 0, sh.s(), sh.kvh(), sh);
            return new Tensor[] {q, k, k};
        }
        if (projection instanceof Projection.Separate p) {
            float[] qf = packs.of(p.query()).linear(x, bt, data(p.queryBias()));           // (b*t, d_out)
            float[] kf = packs.of(p.key()).linear(src, bs, data(p.keyBias()));             // (b*s, d_kv)
            float[] vf = packs.of(p.value()).linear(src, bs, data(p.valueBias()));         // (b*s, d_kv)
            return new Tensor[] {PlainAttention.splitHeads(qf, d, 0, sh.t(), sh.h(), sh),
                PlainAttention.splitHeads(kf, kv, 0, sh.s(), sh.kvh(), sh),
                PlainAttention.splitHeads(vf, kv, 0, sh.s(), sh.kvh(), sh)};
        }
        Projection.Fused f = (Projection.Fused) projection;
        int width = d + 2 * kv;                                                             // Q, then K, then V
        PackedWeights w = packs.of(f.qkv());
        float[] qkv = w.linear(x, bt, data(f.qkvBias()));                                   // (b*t, width)
        float[] kvs = spec.source() == null ? qkv : w.linear(src, bs, data(f.qkvBias()));  // (b*s, width)
        return new Tensor[] {PlainAttention.splitHeads(qkv, width, 0, sh.t(), sh.h(), sh),
            PlainAttention.splitHeads(kvs, width, d, sh.s(), sh.kvh(), sh),
            PlainAttention.splitHeads(kvs, width, d + kv, sh.s(), sh.kvh(), sh)};
    }

    /**
     * Rows [row, row + n) of the (b*h*t, s) scores, queries of the m-th of the b*h query heads: their
     * Q (n, hd) times the key head's K^T (hd, s).
     */
    private static void scores(float[] q, float[] k, float[] scores, int m, int row, int n, Shapes sh) {
        int s = sh.s();
        int hd = sh.hd();
        float[] keys = PackedWeights.panels(k, PlainAttention.kvHead(m, sh) * s * hd, hd, s, true,
                PackedWeights.widthFor(s));                                                     // K^T (hd, s)
        PackedWeights.multiplyAdd(keys, hd, s, q, row * hd, n, scores, row * s);
    }

    /** Rows [row, row + n) of the (b*h*t, hd) heads += their weights (n, s) times the value head's V (s, hd). */
    private static void context(float[] weights, float[] v, float[] heads, int m, int row, int n, Shapes sh) {
        int s = sh.s();
        int hd = sh.hd();
        float[] values = PackedWeights.panels(v, PlainAttention.kvHead(m, sh) * s * hd, s, hd, false,
                PackedWeights.widthFor(hd));                                                     // V (s, hd)
        PackedWeights.multiplyAdd(values, s, hd, weights, row * s, n, heads, row * hd);
    }

    /** A step on query rows [first, first + n) of the m-th of the b*h query heads. */
    interface Piece {
        void run(int m, int first, int n);
    }

    /**
     * Whether the heads' work is spread over the cores ({@link Team}): when all heads' products
     * together make at least {@link ParallelHeads#MULTIPLY_ADDS} multiply-adds (below, handing work to
     * another thread costs more than it saves) and there is more than one core.
     */
    static boolean spread(Shapes sh) {
        long multiplyAdds = 2L * sh.b() * sh.h() * sh.t() * sh.s() * sh.hd();
        return multiplyAdds >= ParallelHeads.MULTIPLY_ADDS && Runtime.getRuntime().availableProcessors() >= 2;
    }

    /**
     * Runs a step on every head in pieces of at most {@link ParallelHeads#ROWS} query rows (a piece's
     * map stays in its core's cache from the scores through the softmax to the product with V): on
     * the calling thread alone unless {@link #spread}, else on the {@link Team}.
     */
    static void eachPiece(Shapes sh, Piece step) {
        int t = sh.t();
        int rows = ParallelHeads.rows(sh);
        int perHead = (t + rows - 1) / rows;
        int count = sh.b() * sh.h() * perHead;
        IntConsumer piece = p -> {
            int first = p % perHead * rows;
            step.run(p / perHead, first, Math.min(rows, t - first));
        };
        if (!spread(sh)) {
            for (int p = 0; p < count; p++) {
                piece.accept(p);
            }
            return;
        }
        Team.forEach(count, piece);
    }

    private static float[] data(Tensor t) {
        return t == null ? null : t.data();
    }
}
