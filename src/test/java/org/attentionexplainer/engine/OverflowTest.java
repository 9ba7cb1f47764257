package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Settings and values that are each valid but overflow float32 together (largest 3.4028235e38)
 * are refused with the field to change, on the plain-Java path and on the ND4J path alike,
 * instead of returning NaN.
 */
class OverflowTest {
    private static final AttentionEngine PLAIN = new AttentionEngine();
    private static final AttentionEngine ND4J = new AttentionEngine(false);
    private static final Tensor HELLO = Tensor.matrix(new float[][] {{0.34f, 0.22f, 0.54f}, {0.53f, 0.34f, 0.98f},
        {0.29f, 0.54f, 0.93f}});

    /** Both paths refuse the spec with the same field; returns the message. */
    private static String refused(AttentionSpec spec, String field) {
        String message = null;
        for (AttentionEngine engine : List.of(PLAIN, ND4J)) {
            InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> engine.compute(spec));
            assertEquals(field, e.field(), e.getMessage());
            assertTrue(e.getMessage().startsWith(field + ": "), e.getMessage());
            message = e.getMessage();
        }
        return message;
    }

    @Test
    void aTinyTemperatureWithTheUsualScaleOverflows() {
        // (1/sqrt 3) / 1e-39 = 5.77e38 > 3.40e38
        String m = refused(AttentionSpec.builder(HELLO).temperature(1e-39).build(), "temperature");
        assertTrue(m.contains("scale 0.577 / temperature 1.00e-39 = 5.77e+38"), m);
    }

    @Test
    void aHugeScaleOverflows() {
        refused(AttentionSpec.builder(HELLO).scale(Scale.of(1e39)).build(), "scale");
    }

    @Test
    void aScaleAndTemperatureThatAreFineAloneOverflowTogether() {
        // 1e20 / 1e-20 = 1e40; neither is beyond float32 by itself
        refused(AttentionSpec.builder(HELLO).scale(Scale.of(1e20)).temperature(1e-20).build(), "temperature");
    }

    @Test
    void inputsWhoseScoresOverflowNameTheInput() {
        // q0 . k0 = 1e40 + 4e40 + 9e40: beyond float32, while every input value is finite
        Tensor x = Tensor.matrix(new float[][] {{1e20f, 2e20f, 3e20f}, {3e20f, 1e20f, 2e20f}});
        String m = refused(AttentionSpec.builder(x).build(), "input");
        assertTrue(m.contains("values up to 3.00e+20 make the scores Q K^T overflow float32"), m);
    }

    @Test
    void weightsWhoseScoresOverflowNameTheWeights() {
        // q = x W_q has entries 0.34e20 + 0.22e20 + 0.54e20 = 1.1e20; q . k of two such vectors is about 2e40
        Tensor big = Tensor.matrix(new float[][] {{1e20f, 1e20f}, {1e20f, 1e20f}, {1e20f, 1e20f}});
        Tensor small = Tensor.matrix(new float[][] {{1, 0}, {0, 1}, {1, 1}});
        AttentionSpec spec = AttentionSpec.builder(HELLO).projection(new Projection.Separate(big, big, small)).build();
        String m = refused(spec, "weights.query");
        assertTrue(m.contains("values up to 1.00e+20 make the scores Q K^T overflow"), m);
    }

    @Test
    void inputsNearTheLimitOverflowInTheProjection() {
        // q_0 = 3e38 * 0.5 * 3 columns = 4.5e38
        Tensor x = Tensor.matrix(new float[][] {{3e38f, 3e38f, 3e38f}, {1, 2, 3}});
        Tensor half = Tensor.matrix(new float[][] {{0.5f, 0.5f}, {0.5f, 0.5f}, {0.5f, 0.5f}});
        AttentionSpec spec = AttentionSpec.builder(x).projection(new Projection.Separate(half, half, half)).build();
        assertTrue(refused(spec, "input").contains("make Q overflow"));
    }

    @Test
    void finiteScoresThatATemperatureOverflowsNameTheTemperature() {
        // scores: 7e18^2 * 2 = 9.8e37 on the diagonal, finite; / 0.05 = 1.96e39 is not
        Tensor x = Tensor.matrix(new float[][] {{7e18f, 7e18f}, {7e18f, -7e18f}});
        AttentionSpec fine = AttentionSpec.builder(x).scale(Scale.none()).build();
        assertEquals(1f, PLAIN.compute(fine).weights().get(0, 0, 0, 0));
        AttentionSpec hot = fine.toBuilder().temperature(0.05).build();
        String m = refused(hot, "temperature");
        assertTrue(m.contains("scores up to 9.80e+37 times scale 1.00 / temperature 0.0500 overflow float32"), m);
        // a slider step, which takes Q, K, V and the scores over from the trace before, checks the same
        AttentionTrace before = ND4J.compute(fine);
        assertEquals("temperature", assertThrows(InvalidSpecException.class, () -> ND4J.compute(hot, before)).field());
    }

    @Test
    void aHugeScoreAtAMaskedKeyIsNoOverflow() {
        // cross-attention, causal: q_0 . k_1 = 1e38 is masked; the other scores are 0, 1 and 0, so the
        // logits at T = 0.1 are finite, or -inf where masked, although 1e38 / 0.1 would overflow
        Tensor queries = Tensor.matrix(new float[][] {{1e19f, 0}, {0, 1}});
        Tensor keys = Tensor.matrix(new float[][] {{0, 1}, {1e19f, 0}});
        AttentionSpec spec = AttentionSpec.builder(queries).source(keys).scale(Scale.none()).temperature(0.1)
                .causal(true).build();
        for (AttentionEngine engine : List.of(PLAIN, ND4J)) {
            AttentionTrace t = engine.compute(spec);
            assertEquals(1e38f, t.scores().get(0, 0, 0, 1));
            assertEquals(Float.NEGATIVE_INFINITY, t.logits().get(0, 0, 0, 1));
            assertEquals(1f, t.weights().get(0, 0, 0, 0));
        }
    }

    @Test
    void aLayerNormEpsThatIsZeroInFloat32IsRefused() {
        // (float) 5e-324 == 0: a row of equal values would be 0 / sqrt(0 + 0) = NaN
        InvalidSpecException e = assertThrows(InvalidSpecException.class,
                () -> new LayerNormParams(null, null, 5e-324));
        assertEquals("layer_norm.eps", e.field());
        assertTrue(e.getMessage().contains("below float32's smallest normal number"), e.getMessage());
        AttentionSpec ones = AttentionSpec.builder(Tensor.matrix(new float[][] {{1, 1, 1}, {1, 1, 1}}))
                .layerNorm(new LayerNormParams(null, null, Float.MIN_NORMAL)).build();
        assertEquals(0f, PLAIN.compute(ones).result().get(0, 0, 0));
    }
}
