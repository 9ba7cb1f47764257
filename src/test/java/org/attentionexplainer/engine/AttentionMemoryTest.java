package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The heap a computation needs is counted before it starts, against what the heap has free. */
class AttentionMemoryTest {

    @Test
    void countsEveryArrayOfTheTrace() {
        // t = s = 5, d = 4, 2 heads, causal: the mask 25 values, scores, logits and weights 3 x 2 x 25,
        // Q, K, V 3 x 5 x 4, heads, context, output, result 4 x 5 x 4: 315 floats
        AttentionSpec spec = AttentionSpec.builder(Tensor.zeros(5, 4)).heads(2).causal(true).build();
        Shapes sh = Shapes.check(spec, spec.input().reshape(1, 5, 4), spec.input().reshape(1, 5, 4));
        assertEquals(4 * 315, AttentionMemory.bytes(spec, sh, false));
        // a slider step keeps Q, K, V and the scores: 25 + 2 x 50 + 80
        assertEquals(4 * 205, AttentionMemory.bytes(spec, sh, true));
        // one that makes the softmax's logits and the heads and all after them when read: 25 + 50
        assertEquals(4 * 75, AttentionMemory.bytes(spec, sh, true, true));
    }

    @Test
    void mapsThatFitTheHeapButNotWhatIsFreeAreRefusedBeforeAllocating() {
        long max = Runtime.getRuntime().maxMemory();
        // live data holding half the heap, and a computation needing 60 % of it: the maps alone are
        // 16 t^2 bytes (mask and three maps), less than the whole heap, more than is left
        // other tests of this JVM may still hold models: the ballast tops live data up to half the heap
        System.gc();
        Runtime rt = Runtime.getRuntime();
        long used = rt.totalMemory() - rt.freeMemory();
        long top = Math.max(0, Math.min(max / 2 - used, max - used - (64L << 20)));
        byte[] ballast = new byte[(int) Math.min(Math.max(top, 1), Memory.MAX_ARRAY)];
        try {
            int t = (int) Math.sqrt(0.6 * max / 16);
            AttentionSpec spec = AttentionSpec.builder(Tensor.zeros(t, 4)).causal(true).build();
            InvalidSpecException e = assertThrows(InvalidSpecException.class,
                    () -> new AttentionEngine(false).compute(spec));
            assertEquals("input", e.field());
            assertTrue(e.getMessage().contains(t + " x " + t + " positions in 1 head need "), e.getMessage());
            assertTrue(e.getMessage().contains("MiB free for it in the " + (max >> 20) + " MiB Java heap"), e.getMessage());
        } finally {
            ballast[0] = 1;
        }
    }

    @Test
    void mapsBeyondAJavaArrayAreRefused() {
        // 50,000 x 50,000 x 1 head = 2.5e9 values > 2^31 - 1
        AttentionSpec spec = AttentionSpec.builder(Tensor.zeros(50_000, 1)).build();
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> new AttentionEngine().compute(spec));
        assertTrue(e.getMessage().contains("more than a Java array holds"), e.getMessage());
    }
}
