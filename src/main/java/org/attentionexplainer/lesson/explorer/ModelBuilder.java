package org.attentionexplainer.lesson.explorer;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.Projection;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.TorchRandom;

/**
 * Builds the model the controls act on: token vectors, labels, Q/K/V projection, heads.
 * Seeded weights are made as PyTorch makes them after {@code torch.manual_seed(seed)}:
 * {@code nn.Linear(d, d, bias=False)} for query, key, value in that order, or one
 * {@code nn.Linear(d, 3d, bias=False)} when fused. The last weights and token vectors are
 * kept, because a 768-wide model draws 1.8 million numbers and a slider drag must not redraw
 * them (nor make the engine project them again).
 */
public final class ModelBuilder {
    private record WeightKey(ProjectionKind kind, int width, long seed) {
    }

    private record InputKey(List<String> tokens, int width, long seed, boolean positional) {
    }

    private WeightKey cachedKey;
    private Projection cached;
    private InputKey cachedInputKey;
    private Tensor cachedInput;

    /** The base spec (no masks, T = 1...): the controls are applied on top. */
    public AttentionSpec build(ModelSettings s, LoadedData loaded) {
        if (loaded.spec() != null) {
            return loaded.spec().toBuilder().heads(s.heads()).build();
        }
        Tensor input = loaded.input() != null ? loaded.input()
                : embeddings(s.tokens(), s.dModel(), s.embeddingSeed(), s.positional());
        List<String> labels = s.tokens().size() == input.dim(-2) ? s.tokens() : null;
        Projection projection = loaded.weights() != null ? loaded.weights()
                : weights(s.projection(), input.dim(-1), s.weightSeed());
        return AttentionSpec.builder(input).tokens(labels).projection(projection).heads(s.heads()).build();
    }

    /**
     * The token vectors, the same tensor while the tokens and settings stay, so that the engine
     * sees an unchanged model and reuses its projections.
     */
    public synchronized Tensor embeddings(List<String> tokens, int width, long seed, boolean positional) {
        InputKey key = new InputKey(List.copyOf(tokens), width, seed, positional);
        if (!key.equals(cachedInputKey)) {
            cachedInput = Embeddings.build(tokens, width, seed, positional);
            cachedInputKey = key;
        }
        return cachedInput;
    }

    public synchronized Projection weights(ProjectionKind kind, int width, long seed) {
        WeightKey key = new WeightKey(kind, width, seed);
        if (!Objects.equals(key, cachedKey)) {
            cached = create(kind, width, seed);
            cachedKey = key;
        }
        return cached;
    }

    private static Projection create(ProjectionKind kind, int d, long seed) {
        TorchRandom rng = new TorchRandom(seed);
        return switch (kind) {
            case IDENTITY -> new Projection.Identity();
            case SEPARATE -> new Projection.Separate(rng.linear(d, d, false).weight(),
                    rng.linear(d, d, false).weight(), rng.linear(d, d, false).weight());
            case FUSED -> new Projection.Fused(rng.linear(d, 3 * d, false).weight(), null);
        };
    }

    /**
     * True when the attention comes from seeded random numbers rather than from training or the
     * course: the projection weights are drawn from the seed (not loaded), or, with no
     * projection, the token vectors are (a word the course has no embedding for, or more than
     * its three numbers). Patterns drawn from such a model mean nothing yet.
     */
    public static boolean randomWeights(ModelSettings s, LoadedData loaded) {
        if (loaded.spec() != null || loaded.weights() != null) {
            return false;
        }
        if (s.projection() != ProjectionKind.IDENTITY) {
            return true;
        }
        return loaded.input() == null && (s.dModel() > Embeddings.COURSE_WIDTH
                || !s.tokens().stream().allMatch(Embeddings::isCourseWord));
    }

    /** The width of Q, K and V that a projection makes from inputs of width {@code dIn}. */
    public static int projectedWidth(Projection p, int dIn) {
        if (p instanceof Projection.Separate s) {
            return s.query().dim(-1);
        }
        if (p instanceof Projection.Fused f) {
            return f.qkv().dim(-1) / 3;
        }
        return dIn;
    }

    /** The width of Q, K and V of a model: of the loaded spec or weights, else of the vectors (square weights). */
    public static int projectedWidth(LoadedData loaded, int dModel) {
        if (loaded.spec() != null) {
            return projectedWidth(loaded.spec().projection(), loaded.spec().input().dim(-1));
        }
        int dIn = loaded.input() != null ? loaded.input().dim(-1) : dModel;
        return loaded.weights() != null ? projectedWidth(loaded.weights(), dIn) : dIn;
    }

    /** The largest divisor of width that is at most {@code wanted} (at least 1). */
    public static int nearestDivisor(int width, int wanted) {
        int best = 1;
        for (int h : divisors(width)) {
            if (h <= wanted) {
                best = h;
            }
        }
        return best;
    }

    /** Every divisor of n, from 1 up. */
    public static List<Integer> divisors(int n) {
        List<Integer> out = new ArrayList<>();
        for (int k = 1; k <= n; k++) {
            if (n % k == 0) {
                out.add(k);
            }
        }
        return out;
    }
}
