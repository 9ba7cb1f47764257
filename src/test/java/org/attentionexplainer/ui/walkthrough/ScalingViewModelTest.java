package org.attentionexplainer.ui.walkthrough;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.ui.shell.AppContext;
import org.junit.jupiter.api.Test;

/** Step 8: Var(q · k) ≈ d_k without scaling, ≈ 1 with it, and saturation at large d_k. */
class ScalingViewModelTest {
    private final ScalingViewModel model = new ScalingViewModel(TestContexts.english());

    @Test
    void spreadFollowsDk() {
        assertEquals(64, model.dkProperty().get());
        assertEquals(64, model.resultProperty().get().unscaled().variance(), 64 * 0.12);
        model.dkProperty().set(1024);
        assertEquals(1024, model.resultProperty().get().dk());
        assertEquals(1024, model.resultProperty().get().unscaled().variance(), 1024 * 0.12);
        assertEquals(1.0, model.resultProperty().get().scaled().variance(), 0.12);
        assertTrue(model.resultProperty().get().maxWeightUnscaled() > 0.9);
    }

    @Test
    void dkStaysFromOneTo1024() {
        model.dkProperty().set(5000);
        assertEquals(1024, model.dkProperty().get());
        model.dkProperty().set(0);
        assertEquals(1, model.dkProperty().get());
        assertFalse(model.editDk("abc"));
        assertFalse(model.editDk("2000"));
        assertTrue(model.dkErrorProperty().get().contains("2000"));
        assertEquals(1, model.dkProperty().get());
        assertTrue(model.editDk("16"));
        assertEquals(16, model.resultProperty().get().dk());
        assertEquals("", model.dkErrorProperty().get());
    }

    @Test
    void reseedingDrawsOtherVectors() {
        double before = model.resultProperty().get().unscaled().variance();
        assertTrue(model.reseed("7"));
        assertEquals(7, model.resultProperty().get().seed());
        assertTrue(before != model.resultProperty().get().unscaled().variance());
        assertFalse(model.reseed("seven"));
        assertEquals(7, model.seedProperty().get());
    }
}
