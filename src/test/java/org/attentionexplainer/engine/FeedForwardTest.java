package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The position-wise feed-forward step, by hand arithmetic; PyTorch checks it in EncoderChapterTest. */
class FeedForwardTest {
    private final AttentionEngine engine = new AttentionEngine();

    // x = [2]: hidden = [2 * 1 + 0, 2 * -1 + 0.5] = [2, -1.5]
    private final FeedForward relu = new FeedForward(Tensor.matrix(new float[][] {{1f, -1f}}), Tensor.vector(0f, 0.5f),
            Tensor.matrix(new float[][] {{2f}, {3f}}), Tensor.vector(1f), Activation.RELU);

    @Test
    void reluNetworkByHand() {
        FeedForwardTrace f = engine.feedForward(Tensor.matrix(new float[][] {{2f}}), relu);
        assertArrayEquals(new float[] {2f, -1.5f}, f.hidden().toArray());
        assertArrayEquals(new float[] {2f, 0f}, f.activated().toArray());
        assertArrayEquals(new float[] {5f}, f.output().toArray(), "2*2 + 0*3 + 1");
    }

    @Test
    void geluIsXTimesTheNormalCdf() {
        // Phi(2) = 0.9772499, Phi(-1.5) = 0.0668072 (standard normal table)
        FeedForwardTrace f = engine.feedForward(Tensor.matrix(new float[][] {{2f}}), relu.withActivation(Activation.GELU));
        assertEquals(2 * 0.9772499, f.activated().get(0, 0), 2e-6);
        assertEquals(-1.5 * 0.0668072, f.activated().get(0, 1), 2e-6);
        assertEquals(2 * 2 * 0.9772499 + 3 * -1.5 * 0.0668072 + 1, f.output().get(0, 0), 1e-5);
    }

    @Test
    void badShapesAreRefusedWithTheField() {
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () ->
                new FeedForward(Tensor.matrix(new float[][] {{1f, 1f}}), null, Tensor.matrix(new float[][] {{1f}}),
                        null, Activation.RELU));
        assertTrue(e.getMessage().startsWith("ffn.w2: shape (1, 1) should be (2, 1)"), e.getMessage());
        InvalidSpecException x = assertThrows(InvalidSpecException.class, () ->
                engine.feedForward(Tensor.matrix(new float[][] {{1f, 2f}}), relu));
        assertEquals("x: shape (1, 2) should be (n, 1)", x.getMessage());
    }

    @Test
    void dropoutKeepMaskIsWhatTheEngineApplies() {
        Tensor x = Tensor.matrix(new float[][] {{1f, 0f}, {0f, 1f}, {1f, 1f}, {0.5f, 0.2f}});
        AttentionSpec spec = AttentionSpec.builder(x).build();
        Dropout d = new Dropout(0.3, 7);
        float[] before = engine.compute(spec).weights().toArray();
        float[] after = engine.compute(spec.toBuilder().dropout(d).build()).weights().toArray();
        float[] keep = d.keepMask(before.length).toArray();
        for (int i = 0; i < before.length; i++) {
            assertEquals(keep[i] == 1f ? before[i] * d.rescale() : 0f, after[i]);
        }
        assertEquals((float) (1 / 0.7), d.rescale());
    }
}
