package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TensorValuesTest {
    /** (2, 3, 2): value = 100 * i + 10 * j + k, so each block can be written down by hand. */
    private static Tensor numbered() {
        float[] v = new float[12];
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 3; j++) {
                for (int k = 0; k < 2; k++) {
                    v[i * 6 + j * 2 + k] = 100 * i + 10 * j + k;
                }
            }
        }
        return Tensor.of(v, 2, 3, 2);
    }

    @Test
    void theValuesUnderLeadingIndicesAreOneBlockCopied() {
        Tensor t = numbered();
        assertArrayEquals(new float[] {100, 101, 110, 111, 120, 121}, t.values(1));
        assertArrayEquals(new float[] {110, 111}, t.values(1, 1));
        assertArrayEquals(new float[] {121}, t.values(1, 2, 1));
        float[] all = t.values();
        assertArrayEquals(t.toArray(), all);
        all[0] = -1;
        assertArrayEquals(new float[] {0, 1}, t.values(0, 0), "a copy: the tensor is unchanged");
        assertNotSame(t.values(0), t.values(0));
    }

    @Test
    void indicesOutsideTheShapeAreRefused() {
        Tensor t = numbered();
        assertThrows(IndexOutOfBoundsException.class, () -> t.values(2));
        assertThrows(IndexOutOfBoundsException.class, () -> t.values(0, 3));
        assertThrows(IllegalArgumentException.class, () -> t.values(0, 0, 0, 0));
    }
}
