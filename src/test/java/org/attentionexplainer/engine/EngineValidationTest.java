package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Bad input names its field and says what is wrong. */
class EngineValidationTest {
    private final AttentionEngine engine = new AttentionEngine();
    private final Tensor x = Tensor.matrix(new float[][] {{1, 2, 3, 4}, {5, 6, 7, 8}});

    private InvalidSpecException fails(AttentionSpec spec) {
        return assertThrows(InvalidSpecException.class, () -> engine.compute(spec));
    }

    @Test
    void headsThatDoNotDivideTheWidth() {
        InvalidSpecException e = fails(AttentionSpec.builder(x).heads(3).build());
        assertEquals("heads", e.field());
        assertTrue(e.getMessage().contains("do not divide the width 4"), e.getMessage());
    }

    @Test
    void nanInTheInput() {
        Tensor bad = Tensor.matrix(new float[][] {{1, 2, 3, 4}, {5, Float.NaN, 7, 8}});
        InvalidSpecException e = fails(AttentionSpec.builder(bad).build());
        assertEquals("input", e.field());
        assertTrue(e.getMessage().contains("(1, 1)"), e.getMessage());
    }

    @Test
    void weightOfTheWrongShape() {
        Tensor w = Tensor.zeros(3, 2);
        InvalidSpecException e = fails(AttentionSpec.builder(x).projection(new Projection.Separate(w, w, w)).build());
        assertEquals("weights.query", e.field());
        assertTrue(e.getMessage().contains("(4, d_out)"), e.getMessage());
    }

    @Test
    void emptyInput() {
        assertEquals("input", fails(AttentionSpec.builder(Tensor.zeros(0, 4)).build()).field());
    }

    @Test
    void paddingOfTheWrongShape() {
        assertEquals("padding", fails(AttentionSpec.builder(x).padding(Tensor.zeros(1, 3)).build()).field());
    }

    @Test
    void residualNeedsEqualWidths() {
        Tensor w = Tensor.zeros(4, 2);
        AttentionSpec spec = AttentionSpec.builder(x).projection(new Projection.Separate(w, w, w)).residual(true)
                .build();
        assertEquals("residual", fails(spec).field());
    }

    @Test
    void nonPositiveTemperature() {
        assertEquals("temperature", fails(AttentionSpec.builder(x).temperature(0).build()).field());
    }

    @Test
    void crossAttentionWithMismatchedBatch() {
        Tensor source = Tensor.zeros(2, 3, 4);
        assertEquals("source", fails(AttentionSpec.builder(x).source(source).build()).field());
    }
}
