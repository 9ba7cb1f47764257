package org.attentionexplainer.ui.heatmap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.attentionexplainer.render.Mark;
import org.junit.jupiter.api.Test;

class FxPainterTest {
    @Test
    void aMapWithMoreCellsThanPixelsKeepsTheCellUnderEachPixelCentre() {
        // 4 x 4 cells numbered 0..15, drawn into 2 x 2 pixels: pixel centres 0.5 and 1.5 fall
        // on cells 1 and 3 of each axis (0.5 * 4 / 2 = 1, 1.5 * 4 / 2 = 3)
        int[] cells = new int[16];
        for (int i = 0; i < 16; i++) {
            cells[i] = 0xff000000 | i;
        }
        Mark.Raster r = new Mark.Raster(0, 0, 2, 2, 4, 4, cells);
        assertArrayEquals(new int[] {0xff000000 | 5, 0xff000000 | 7, 0xff000000 | 13, 0xff000000 | 15},
                FxPainter.sample(r, 2, 2));
    }

    @Test
    void opaqueAndMaskedCellsNeedNoPremultiplication() {
        int[] argb = {0xff336699, 0, 0xff000000};
        assertSame(argb, FxPainter.premultiplied(argb));
        // half-transparent red: 255 * 128 / 255 = 128 in the red channel
        assertArrayEquals(new int[] {0x80800000, 0xff00ff00},
                FxPainter.premultiplied(new int[] {0x80ff0000, 0xff00ff00}));
    }
}
