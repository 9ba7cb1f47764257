package org.attentionexplainer.lesson.explorer;

import java.util.Set;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.Dropout;
import org.attentionexplainer.engine.Normalization;
import org.attentionexplainer.engine.Scale;
import org.attentionexplainer.engine.Tensor;

/**
 * The settings a teacher changes live, as one value: what the explorer applies on top of the
 * model (tokens, vectors, weights) for every computation, and what "compare" pins as A.
 *
 * @param paddedKeys key positions marked as padding (used when {@code padding} is on)
 * @param window     keys further than this from the query are masked (when {@code windowOn})
 */
public record AttentionControls(boolean causal, boolean padding, Set<Integer> paddedKeys, boolean windowOn,
                                int window, boolean hard, double temperature, ScaleMode scaleMode,
                                double customScale, double dropoutP, long dropoutSeed) {
    public static final double MIN_TEMPERATURE = 0.05;
    public static final double MAX_TEMPERATURE = 10;
    public static final double MIN_CUSTOM_SCALE = 0.01;
    public static final double MAX_CUSTOM_SCALE = 10;
    public static final double MAX_DROPOUT = 0.9;

    public AttentionControls {
        paddedKeys = paddedKeys == null ? Set.of() : Set.copyOf(paddedKeys);
        if (scaleMode == null) {
            throw new SettingsProblem("explorer.problem.scaleMode");
        }
        if (window < 1) {
            throw new SettingsProblem("explorer.problem.window", String.valueOf(window));
        }
        if (!(temperature >= MIN_TEMPERATURE && temperature <= MAX_TEMPERATURE)) {
            throw new SettingsProblem("explorer.problem.temperature", String.valueOf(temperature));
        }
        if (!(customScale > 0)) {
            throw new SettingsProblem("explorer.problem.customScale", String.valueOf(customScale));
        }
        if (!(dropoutP >= 0 && dropoutP <= MAX_DROPOUT)) {
            throw new SettingsProblem("explorer.problem.dropout", String.valueOf(dropoutP));
        }
    }

    /** Nothing masked, T = 1, 1/√d_k, softmax, no dropout. */
    public static AttentionControls defaults() {
        return new AttentionControls(false, false, Set.of(), false, 2, false, 1.0, ScaleMode.INVERSE_SQRT_DK, 1.0,
                0.0, 0);
    }

    /** The model's spec with these settings; padding covers every batch entry alike. */
    public AttentionSpec applyTo(AttentionSpec base) {
        AttentionSpec.Builder b = base.toBuilder()
                .causal(causal)
                .window(windowOn ? window : null)
                .normalization(hard ? Normalization.HARDMAX : Normalization.SOFTMAX)
                .temperature(temperature)
                .scale(switch (scaleMode) {
                    case INVERSE_SQRT_DK -> Scale.inverseSqrtDk();
                    case NONE -> Scale.none();
                    case CUSTOM -> Scale.of(customScale);
                })
                .dropout(dropoutP > 0 ? new Dropout(dropoutP, dropoutSeed) : null)
                .padding(padding && !paddedKeys.isEmpty() ? paddingTensor(base) : null);
        return b.build();
    }

    private Tensor paddingTensor(AttentionSpec base) {
        Tensor keysSide = base.source() != null ? base.source() : base.input();
        int batch = keysSide.rank() == 3 ? keysSide.dim(0) : 1;
        int s = keysSide.dim(-2);
        float[] keep = new float[batch * s];
        for (int b = 0; b < batch; b++) {
            for (int j = 0; j < s; j++) {
                keep[b * s + j] = paddedKeys.contains(j) ? 0f : 1f;
            }
        }
        return Tensor.of(keep, batch, s);
    }

    /** The settings a loaded COMPUTE spec asks for (padding from its first batch entry). */
    public static AttentionControls of(AttentionSpec spec) {
        java.util.Set<Integer> padded = new java.util.HashSet<>();
        if (spec.padding() != null) {
            float[] p = spec.padding().row(0);
            for (int j = 0; j < p.length; j++) {
                if (p[j] == 0f) {
                    padded.add(j);
                }
            }
        }
        Scale scale = spec.scale();
        ScaleMode mode = switch (scale.kind()) {
            case INVERSE_SQRT_DK -> ScaleMode.INVERSE_SQRT_DK;
            case NONE -> ScaleMode.NONE;
            case CUSTOM -> ScaleMode.CUSTOM;
        };
        double custom = scale.kind() == Scale.Kind.CUSTOM
                ? clamp(scale.factor(), MIN_CUSTOM_SCALE, MAX_CUSTOM_SCALE) : 1.0;
        Integer w = spec.window();
        return new AttentionControls(spec.causal(), !padded.isEmpty(), padded, w != null,
                w == null ? 2 : Math.max(1, w),
                spec.normalization() == Normalization.HARDMAX,
                clamp(spec.temperature(), MIN_TEMPERATURE, MAX_TEMPERATURE), mode, custom,
                spec.dropout() == null ? 0 : clamp(spec.dropout().p(), 0, MAX_DROPOUT),
                spec.dropout() == null ? 0 : spec.dropout().seed());
    }

    public static double clamp(double v, double lo, double hi) {
        return Math.max(lo, Math.min(hi, v));
    }
}
