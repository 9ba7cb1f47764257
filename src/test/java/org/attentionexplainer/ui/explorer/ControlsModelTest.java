package org.attentionexplainer.ui.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The live controls keep their ranges; file names say which weight they hold. */
class ControlsModelTest {
    @Test
    void propertiesStayWithinTheirRanges() {
        ControlsModel m = new ControlsModel();
        m.windowProperty().set(0);
        assertEquals(1, m.windowProperty().get());
        m.temperatureProperty().set(0);
        assertEquals(0.05, m.temperatureProperty().get());
        m.temperatureProperty().set(1e6);
        assertEquals(10, m.temperatureProperty().get());
        m.temperatureProperty().set(Double.NaN);
        assertEquals(1, m.temperatureProperty().get());
        m.dropoutProperty().set(1);
        assertEquals(0.9, m.dropoutProperty().get(), 1e-12);
    }

    @Test
    void weightRolesFromFileNames() {
        assertEquals(1, DataFiles.role("W_key.npy"));
        assertEquals(0, DataFiles.role("wq.npy"));
        assertEquals(2, DataFiles.role("layer0_value.npy"));
        assertEquals(-1, DataFiles.role("weights.npy"));
    }
}
