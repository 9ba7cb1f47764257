package org.attentionexplainer.engine;

/** The factor on {@code Q K^T}: 1/sqrt(hd) (the transformer default), none, or any positive number. */
public record Scale(Kind kind, double factor) {
    public enum Kind { INVERSE_SQRT_DK, NONE, CUSTOM }

    public Scale {
        if (kind == Kind.CUSTOM && !(factor > 0 && Double.isFinite(factor))) {
            throw new InvalidSpecException("scale", "engine.spec.positive", String.valueOf(factor));
        }
    }

    public static Scale inverseSqrtDk() {
        return new Scale(Kind.INVERSE_SQRT_DK, Double.NaN);
    }

    public static Scale none() {
        return new Scale(Kind.NONE, 1.0);
    }

    public static Scale of(double factor) {
        return new Scale(Kind.CUSTOM, factor);
    }

    /** The factor for a head of width {@code headDim}. */
    public double factorFor(int headDim) {
        return switch (kind) {
            case INVERSE_SQRT_DK -> 1.0 / Math.sqrt(headDim);
            case NONE -> 1.0;
            case CUSTOM -> factor;
        };
    }

    /** The name used in spec and summary files. */
    public Object specValue() {
        return switch (kind) {
            case INVERSE_SQRT_DK -> "inverse_sqrt_dk";
            case NONE -> "none";
            case CUSTOM -> factor;
        };
    }
}
