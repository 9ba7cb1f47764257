package org.attentionexplainer.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.FloatBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.List;
import org.attentionexplainer.engine.Tensor;
import org.junit.jupiter.api.Test;

/** A head's map read through a view of the trace's tensor is the map of a copy of its values. */
class HeadViewTest {
    private static final List<String> TOKENS = List.of("a", "b", "c");

    /** (b, h, t, s) = (2, 2, 3, 3): value 100 b + 10 h + cell, by hand. */
    private static Tensor weights() {
        float[] v = new float[2 * 2 * 9];
        for (int b = 0; b < 2; b++) {
            for (int h = 0; h < 2; h++) {
                for (int c = 0; c < 9; c++) {
                    v[(b * 2 + h) * 9 + c] = 100 * b + 10 * h + c;
                }
            }
        }
        return Tensor.of(v, 2, 2, 3, 3);
    }

    @Test
    void aViewHoldsItsHeadsValuesFromZeroAndCannotBeWritten() {
        FloatBuffer head = weights().view(1, 0);
        assertEquals(9, head.limit());
        assertEquals(100f, head.get(0));
        assertEquals(108f, head.get(8));
        assertTrue(head.isReadOnly());
        assertThrows(ReadOnlyBufferException.class, () -> head.put(0, 1f));
        assertArrayEquals(new float[] {110, 111, 112, 113, 114, 115, 116, 117, 118},
                new HeatmapData(TOKENS, TOKENS, weights().view(1, 1), null).values());
    }

    @Test
    void aMapOverAViewIsColouredAndMeasuredAsAMapOverACopy() {
        Tensor t = weights();
        boolean[] masked = {false, true, true, false, false, true, false, false, false};
        ColorScale scale = new ColorScale(ColorMap.VIRIDIS, 100, 120);
        for (int h = 0; h < 2; h++) {
            HeatmapData view = new HeatmapData(TOKENS, TOKENS, t.view(1, h), masked);
            HeatmapData copy = new HeatmapData(TOKENS, TOKENS, t.values(1, h), masked);
            PanelLayout.Panel a = PanelLayout.Panel.of(view, scale, "head");
            PanelLayout.Panel b = PanelLayout.Panel.of(copy, scale, "head");
            assertArrayEquals(b.cells().all(), a.cells().all());
            assertEquals(b.maxAbs(), a.maxAbs());
            assertArrayEquals(copy.rowSums(), view.rowSums());
            assertEquals(copy.value(2, 1), view.value(2, 1));
            int[] chosen = {8, 0, 4};
            int[] fromView = new int[3];
            a.cells().argb(chosen, fromView);
            // the colours one value at a time, of the values written out by hand
            assertArrayEquals(new int[] {scale.argb(108 + 10 * h), scale.argb(100 + 10 * h),
                scale.argb(104 + 10 * h)}, fromView);
        }
    }
}
