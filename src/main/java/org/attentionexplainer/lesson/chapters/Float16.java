package org.attentionexplainer.lesson.chapters;

/**
 * IEEE 754 half precision (float16), emulated: values are held in a float and rounded to the
 * nearest float16 (ties to even) after every operation, as hardware that computes in float16
 * would; sums are accumulated wider and rounded once, as PyTorch reduces float16 tensors. 1 sign bit, 5 exponent bits, 10 fraction bits: the largest finite value is 65504, the
 * smallest normal 2^-14, the smallest subnormal 2^-24.
 *
 * <p>Each operation is carried out exactly enough in double and rounded once: double has more
 * than 2 * 11 + 2 significant bits, so rounding through it never differs from rounding the exact
 * result (no double-rounding error for +, -, *, /).
 */
public final class Float16 {
    public static final float MAX = 65504f;
    /** Halfway between 65504 and 65536 (= 2^16, which float16 cannot hold): from here on, infinity. */
    private static final double OVERFLOW = 65520.0;

    private Float16() {
    }

    /** The float16 nearest to {@code x}, as a float (exactly representable there). */
    public static float round(double x) {
        if (Double.isNaN(x) || Double.isInfinite(x) || x == 0) {
            return (float) x;
        }
        double a = Math.abs(x);
        if (a >= OVERFLOW) {
            return x > 0 ? Float.POSITIVE_INFINITY : Float.NEGATIVE_INFINITY;
        }
        int exponent = Math.max(Math.getExponent(a), -14);
        double quantum = Math.scalb(1.0, exponent - 10);
        double rounded = Math.rint(a / quantum) * quantum;
        return (float) Math.copySign(rounded, x);
    }

    /**
     * The sum of float16 values as PyTorch and GPU libraries reduce them: accumulated in a wider
     * format and rounded to float16 once at the end (not after every addition).
     */
    public static float sum(float[] values) {
        double s = 0;
        for (float v : values) {
            s += v;
        }
        return round(s);
    }

    public static float subtract(float a, float b) {
        return round((double) a - b);
    }

    public static float divide(float a, float b) {
        return round((double) a / b);
    }

    /**
     * e^x as half-precision code paths commonly do it: the exponential in float32, the result
     * rounded to float16.
     */
    public static float exp(float x) {
        return round((float) Math.exp(x));
    }
}
