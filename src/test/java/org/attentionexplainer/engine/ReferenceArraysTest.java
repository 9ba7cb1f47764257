package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Golden arrays that are not COMPUTE specs: LayerNorm, positional encoding, softmax, dropout. */
class ReferenceArraysTest {
    private final AttentionEngine engine = new AttentionEngine();

    private static Tensor golden(String file) throws Exception {
        return Npy.read(Path.of(ReferenceArraysTest.class.getResource("/golden/shared/" + file).toURI()));
    }

    @Test
    void layerNormMatchesPyTorchWithAndWithoutAffine() throws Exception {
        Tensor x = golden("layernorm_only/x.npy");
        Arrays32.assertClose("default", golden("layernorm_only/output_default.npy"),
                engine.layerNorm(x, LayerNormParams.defaults()), 1e-5);
        LayerNormParams affine = new LayerNormParams(golden("layernorm_only/gamma.npy"),
                golden("layernorm_only/beta.npy"), 1e-5);
        Arrays32.assertClose("affine", golden("layernorm_only/output_affine.npy"), engine.layerNorm(x, affine), 1e-5);
    }

    @Test
    void sinusoidalEncodingMatchesTheFormula() throws Exception {
        Tensor pe = PositionalEncoding.sinusoidal(50, 16);
        Arrays32.assertClose("f64 formula", golden("positional_encoding/pe_f64_rounded.npy"), pe, 1e-6);
        Arrays32.assertClose("torch f32 code", golden("positional_encoding/pe.npy"), pe, 1e-6);
        // Hand values: PE[0] alternates sin 0 = 0 and cos 0 = 1; PE[1, 0] = sin 1.
        assertEquals(0f, pe.get(0, 0));
        assertEquals(1f, pe.get(0, 1));
        assertEquals((float) Math.sin(1), pe.get(1, 0));
    }

    @Test
    void softmaxOfLargeLogitsIsStable() throws Exception {
        Tensor x = golden("softmax_stability/x.npy");
        Tensor w = engine.softmax(x);
        assertTrue(!w.hasNonFinite(), "stable softmax must not overflow");
        Arrays32.assertClose("stable", golden("softmax_stability/softmax_stable_f32.npy"), w, 1e-6);
    }

    @Test
    void softmaxOfAllMaskedRowIsZeroNotNaN() {
        float inf = Float.NEGATIVE_INFINITY;
        Tensor w = engine.softmax(Tensor.matrix(new float[][] {{inf, inf}, {0f, inf}}));
        assertEquals(List.of(0f, 0f, 1f, 0f), List.of(w.get(0, 0), w.get(0, 1), w.get(1, 0), w.get(1, 1)));
    }

    @Test
    void dropoutKeepsTheRuleOfTheReference() throws Exception {
        // PyTorch's draws cannot be matched; its rule can: every weight is 0 or w/(1-p).
        Tensor reference = golden("dropout/output.npy");
        for (float v : reference.toArray()) {
            assertTrue(v == 0f || v == 2f);
        }
        int t = 64;
        float[][] x = new float[t][4];
        for (int i = 0; i < t; i++) {
            x[i][i % 4] = 1f;
        }
        AttentionSpec base = AttentionSpec.builder(Tensor.matrix(x)).scale(Scale.none()).build();
        Tensor plain = engine.compute(base).weights();
        Tensor dropped = engine.compute(base.toBuilder().dropout(new Dropout(0.5, 123)).build()).weights();
        int kept = 0;
        for (int i = 0; i < plain.size(); i++) {
            float p = plain.toArray()[i];
            float d = dropped.toArray()[i];
            assertTrue(d == 0f || Math.abs(d - 2 * p) < 1e-6, "kept weights are doubled");
            kept += d != 0f ? 1 : 0;
        }
        int n = plain.size();
        double sigma = Math.sqrt(n * 0.25);
        assertTrue(Math.abs(kept - n * 0.5) < 5 * sigma, "kept " + kept + " of " + n);
        assertEquals(dropped, engine.compute(base.toBuilder().dropout(new Dropout(0.5, 123)).build()).weights(),
                "same seed, same draws");
    }
}
