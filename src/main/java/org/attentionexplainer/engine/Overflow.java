package org.attentionexplainer.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * float32 ends at 3.4e38. Settings and values that are each valid can overflow it together
 * (a temperature of 1e-39 with the usual scale, inputs of 1e20 whose products reach 1e40), and
 * one infinite logit turns its softmax row into NaN, which a picture paints like 0. These
 * checks refuse such a computation with one line that names the field to change: the combined
 * factor before any work, every step of the trace after it.
 */
public final class Overflow {
    /** The scores last checked and their largest |value|: a slider step reuses them as they are. */
    private Tensor knownScores;
    private float knownScoresMax;

    Overflow() {
    }

    /** The factor on the scores, scale / temperature, as the float32 the engine multiplies by. */
    static float factor(double scaleFactor, double temperature) {
        return (float) (scaleFactor / temperature);
    }

    /** Refuses a scale and temperature whose quotient is beyond float32. */
    public static void requireFiniteFactor(double scaleFactor, double temperature) {
        if (Float.isFinite(factor(scaleFactor, temperature))) {
            return;
        }
        throw new InvalidSpecException(factorField(scaleFactor, temperature), "engine.spec.factorOverflow",
                num(scaleFactor), num(temperature), num(scaleFactor / temperature));
    }

    /**
     * Refuses a temperature (or scale) that makes some logit, scores x scale / temperature,
     * overflow float32; bounded by the largest |score|, masked keys included.
     */
    public static void requireFiniteLogits(Tensor scores, double scaleFactor, double temperature) {
        requireFiniteLogits(maxAbs(scores.data()), scaleFactor, temperature);
    }

    /** As {@link #requireFiniteLogits(Tensor, double, double)}, from the largest |score| (NaN if one is NaN). */
    public static void requireFiniteLogits(float scoresMax, double scaleFactor, double temperature) {
        if (!Float.isFinite(scoresMax * factor(scaleFactor, temperature))) {
            throw logitsOverflow(scoresMax, scaleFactor, temperature);
        }
    }

    private static InvalidSpecException logitsOverflow(float scoresMax, double scaleFactor, double temperature) {
        return new InvalidSpecException(factorField(scaleFactor, temperature), "engine.spec.logitsOverflow",
                num(scoresMax), num(scaleFactor), num(temperature));
    }

    /** The setting further from 1 (on a log scale) is the one to change; temperature on a tie. */
    static String factorField(double scaleFactor, double temperature) {
        return Math.abs(Math.log(scaleFactor)) > Math.abs(Math.log(temperature)) ? "scale" : "temperature";
    }

    /**
     * Refuses a trace with a value beyond float32 anywhere but at its masked logits, naming the
     * earliest step that overflowed and the input or weight of it with the largest values.
     * Weights need no check: softmax of finite logits, hardmax and dropout's 1/(1-p) stay finite;
     * the context holds the heads' values. Heads and the steps after them that are made when
     * first read ({@link AfterWeights#later}) are checked then.
     *
     * @param reused Q, K, V and the scores are those of a trace this checked before
     */
    void requireFinite(AttentionTrace trace, boolean reused) {
        AttentionSpec spec = trace.spec();
        List<Named> q = sources(spec, 0);
        List<Named> k = sources(spec, 1);
        List<Named> v = sources(spec, 2);
        if (!reused) {
            require(trace.q(), q, "q");
            require(trace.k(), k, "k");
            require(trace.v(), v, "v");
        }
        float scoresMax = trace.scores() == knownScores ? knownScoresMax : maxAbs(trace.scores().data());
        if (!(scoresMax <= Float.MAX_VALUE)) {
            List<Named> qk = new ArrayList<>(q);
            qk.addAll(k);
            throw overflow(qk, "scores");
        }
        knownScores = trace.scores();
        knownScoresMax = scoresMax;
        float factor = factor(trace.scaleFactor(), spec.temperature());
        // |score| * factor bounds every logit (rounding is monotonic): scan them only when it overflows
        if (!Float.isFinite(scoresMax * factor) && !logitsFinite(trace)) {
            throw logitsOverflow(scoresMax, trace.scaleFactor(), spec.temperature());
        }
        if (!trace.heads().pending()) {
            requireFinite(spec, new AfterWeights(trace.heads(), trace.context(), trace.output(), trace.result()));
        }
    }

    /** Refuses heads, output or result beyond float32, naming the input or weight with the largest values. */
    static void requireFinite(AttentionSpec spec, AfterWeights steps) {
        List<Named> v = sources(spec, 2);
        require(steps.heads(), v, "heads");
        List<Named> out = new ArrayList<>(v);
        out.add(new Named("weights.out", spec.outWeight()));
        out.add(new Named("weights.out_bias", spec.outBias()));
        require(steps.output(), out, "output");
        List<Named> result = new ArrayList<>(out);
        result.add(new Named("input", spec.input()));
        if (spec.layerNorm() != null) {
            result.add(new Named("layer_norm.gamma", spec.layerNorm().gamma()));
            result.add(new Named("layer_norm.beta", spec.layerNorm().beta()));
        }
        require(steps.result(), result, spec.layerNorm() != null ? "layerNorm" : "residual");
    }

    /**
     * Whether the heads and the steps after them stay within float32 whatever the weights, so
     * that a slider step may leave them to be made when read. A row of weights sums to at most 1
     * (softmax, hardmax), 1 / (1 - p) after dropout, so |heads| <= max|V| / (1 - p); |output| <=
     * max|heads| d_out max|W_o| + max|b_o|; LayerNorm adds d_model squares of centred values of at
     * most twice max|X + output|, and ends at most sqrt(d_model) max|gamma| + max|beta|. Each bound
     * is doubled for rounding; in double, which none of them overflows.
     */
    static boolean afterWeightsBounded(AttentionSpec spec, Tensor v, Shapes sh) {
        double keep = spec.dropout() == null ? 1 : 1 / (1 - spec.dropout().p());
        double heads = 2 * keep * v.maxAbs();
        double output = spec.outWeight() == null ? heads
                : 2 * (heads * sh.dOut() * spec.outWeight().maxAbs() + maxAbs(spec.outBias()));
        double sum = spec.residual() ? 2 * (output + spec.input().maxAbs()) : output;
        double last = sum;
        if (spec.layerNorm() != null) {
            LayerNormParams n = spec.layerNorm();
            last = Math.max(2 * sh.dModel() * (2 * sum) * (2 * sum),
                    2 * (Math.sqrt(sh.dModel()) * maxAbs(n.gamma()) + maxAbs(n.beta())));
        }
        return Math.max(Math.max(heads, output), Math.max(sum, last)) <= Float.MAX_VALUE;
    }

    /** max|x| of a tensor that may be left out (0 then). */
    private static double maxAbs(Tensor x) {
        return x == null ? 0 : x.maxAbs();
    }

    /** What the queries (0), keys (1) or values (2) are made from: the input or source, and their projection. */
    private static List<Named> sources(AttentionSpec spec, int side) {
        Projection p = spec.projection();
        boolean keys = side > 0 && spec.source() != null;
        List<Named> from = new ArrayList<>(List.of(new Named(keys ? "source" : "input",
                keys ? spec.source() : spec.input())));
        if (p instanceof Projection.Separate sep) {
            String name = "weights." + (side == 0 ? "query" : side == 1 ? "key" : "value");
            from.add(new Named(name, side == 0 ? sep.query() : side == 1 ? sep.key() : sep.value()));
            from.add(new Named(name + "_bias", side == 0 ? sep.queryBias() : side == 1 ? sep.keyBias()
                    : sep.valueBias()));
        } else if (p instanceof Projection.Fused f) {
            from.add(new Named("weights.qkv", f.qkv()));
            from.add(new Named("weights.qkv_bias", f.qkvBias()));
        }
        return from;
    }

    /** Whether every logit is finite or -inf where the mask hides its key. */
    private static boolean logitsFinite(AttentionTrace trace) {
        float[] l = trace.logits().data();
        float[] mask = trace.mask().data();
        int h = trace.headCount();
        int t = trace.queryLength();
        int s = trace.keyLength();
        for (int r = 0; r < l.length / s; r++) {
            int o = r * s;
            int m = ((r / (h * t)) * t + r % t) * s;
            for (int j = 0; j < s; j++) {
                float x = l[o + j];
                if (!(Math.abs(x) <= Float.MAX_VALUE) && (x != Float.NEGATIVE_INFINITY || mask[m + j] == 0f)) {
                    return false;
                }
            }
        }
        return true;
    }

    private record Named(String field, Tensor tensor) {
    }

    private static void require(Tensor step, List<Named> from, String what) {
        if (!(maxAbs(step.data()) <= Float.MAX_VALUE)) {
            throw overflow(from, what);
        }
    }

    /** Names the input or weight with the largest values among those a step was made from. */
    private static InvalidSpecException overflow(List<Named> from, String what) {
        Named worst = null;
        float worstMax = -1;
        for (Named n : from) {
            if (n.tensor() != null) {
                float m = maxAbs(n.tensor().data());
                if (m > worstMax) {
                    worst = n;
                    worstMax = m;
                }
            }
        }
        return new InvalidSpecException(worst.field(), "engine.spec.overflow." + what, num(worstMax));
    }

    /** The largest |x|; NaN when a value is NaN, infinity when one is infinite. */
    static float maxAbs(float[] x) {
        return RowMath.best().maxAbs(x, 0, x.length);
    }

    static String num(double x) {
        return String.format(Locale.ROOT, "%.3g", x);
    }
}
