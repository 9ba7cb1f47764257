package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.fail;

/** Comparison of engine output against reference arrays, as the golden check script does it. */
public final class Arrays32 {
    public static final double RTOL = 1e-4;
    public static final double ATOL = 2e-5;

    private Arrays32() {
    }

    /** Same size, same -inf places, and |got - want| <= atol + rtol |want| elsewhere. */
    public static void assertClose(String what, Tensor want, Tensor got, double atol) {
        if (want.size() != got.size()) {
            fail(what + ": size " + got.shapeString() + " vs expected " + want.shapeString());
        }
        float[] w = want.toArray();
        float[] g = got.toArray();
        for (int i = 0; i < w.length; i++) {
            boolean wantInf = w[i] == Float.NEGATIVE_INFINITY;
            boolean gotInf = g[i] == Float.NEGATIVE_INFINITY;
            if (wantInf != gotInf) {
                fail(what + ": -inf mismatch at flat index " + i + " (got " + g[i] + ", want " + w[i] + ")");
            }
            if (wantInf) {
                continue;
            }
            if (!Float.isFinite(g[i]) || Math.abs(g[i] - w[i]) > atol + RTOL * Math.abs(w[i])) {
                fail(what + ": at flat index " + i + " got " + g[i] + ", want " + w[i]);
            }
        }
    }

    public static void assertClose(String what, float[] want, float[] got, double tol) {
        assertArrayEquals(want, got, (float) tol, what);
    }
}
