package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Mask matrices drawn by hand (1 = hidden). */
class MasksTest {
    @Test
    void causalHidesTheFuture() {
        Tensor m = Masks.build(1, 3, 3, true, null, null);
        assertArrayEquals(new float[][] {{0, 1, 1}, {0, 0, 1}, {0, 0, 0}}, m.matrix(0));
    }

    @Test
    void windowOfOneWithoutCausalIsABand() {
        Tensor m = Masks.build(1, 4, 4, false, 1, null);
        assertArrayEquals(new float[][] {{0, 0, 1, 1}, {0, 0, 0, 1}, {1, 0, 0, 0}, {1, 1, 0, 0}}, m.matrix(0));
    }

    @Test
    void windowWithCausalLooksBackOnly() {
        Tensor m = Masks.build(1, 4, 4, true, 1, null);
        assertArrayEquals(new float[][] {{0, 1, 1, 1}, {0, 0, 1, 1}, {1, 0, 0, 1}, {1, 1, 0, 0}}, m.matrix(0));
    }

    @Test
    void paddingCombinesWithCausalByOr() {
        Tensor padding = Tensor.matrix(new float[][] {{1, 1, 1}, {1, 1, 0}});
        Tensor m = Masks.build(2, 3, 3, true, null, padding);
        assertArrayEquals(new float[][] {{0, 1, 1}, {0, 0, 1}, {0, 0, 0}}, m.matrix(0));
        assertArrayEquals(new float[][] {{0, 1, 1}, {0, 0, 1}, {0, 0, 1}}, m.matrix(1));
    }

    @Test
    void fullyMaskedQueryGetsZeroWeightsAndContextAndIsReported() {
        Tensor x = Tensor.matrix(new float[][] {{1, 0}, {0, 1}, {1, 1}});
        Tensor padding = Tensor.matrix(new float[][] {{0, 1, 1}});
        // causal + padding of key 0: query 0 sees only key 0, which is padding.
        AttentionTrace trace = new AttentionEngine().compute(AttentionSpec.builder(x)
                .causal(true).padding(padding).build());
        assertEquals(List.of(new MaskedRow(0, 0)), trace.fullyMaskedRows());
        assertArrayEquals(new float[] {0, 0, 0}, trace.weights().row(0, 0, 0));
        assertArrayEquals(new float[] {0, 0}, trace.output().row(0, 0));
        assertTrue(Float.isInfinite(trace.logits().get(0, 0, 0, 0)));
        // query 1 sees key 1 only (key 0 padded, key 2 in the future): all weight on key 1.
        assertArrayEquals(new float[] {0, 1, 0}, trace.weights().row(0, 0, 1), 1e-7f);
    }

    @Test
    void paddingOfAnotherShapeIsRefusedAndNoMaskIsEmpty() {
        Tensor padding = Tensor.matrix(new float[][] {{1, 1}});             // (1, 2) for keys of 3
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Masks.build(1, 3, 3, false, null, padding));
        assertTrue(e.getMessage().contains("(1, 2)"), e.getMessage());
        assertTrue(Masks.isEmpty(null));
        assertTrue(Masks.isEmpty(Masks.build(1, 3, 3, false, null, Tensor.matrix(new float[][] {{1, 1, 1}}))));
        assertFalse(Masks.isEmpty(Masks.build(1, 3, 3, false, null, Tensor.matrix(new float[][] {{1, 1, 0}}))));
    }
}
