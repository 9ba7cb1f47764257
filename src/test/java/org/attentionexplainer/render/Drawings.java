package org.attentionexplainer.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

/** Compares two drawings as the figure tests do: the same size, background and marks, one by one. */
public final class Drawings {
    private Drawings() {
    }

    public static void assertSameMarks(Drawing expected, Drawing actual) {
        assertEquals(expected.width(), actual.width(), "width");
        assertEquals(expected.height(), actual.height(), "height");
        assertEquals(expected.background(), actual.background(), "background");
        assertEquals(expected.marks().size(), actual.marks().size(), "marks");
        for (int i = 0; i < expected.marks().size(); i++) {
            Mark e = expected.marks().get(i);
            Mark a = actual.marks().get(i);
            if (e instanceof Mark.Raster er && a instanceof Mark.Raster ar) {
                assertEquals(List.of(er.x(), er.y(), er.w(), er.h()), List.of(ar.x(), ar.y(), ar.w(), ar.h()),
                        "raster " + i);
                assertEquals(List.of(er.cols(), er.rows()), List.of(ar.cols(), ar.rows()), "raster " + i);
                assertArrayEquals(er.argb(), ar.argb(), "raster " + i);
            } else if (e instanceof Mark.Hatch eh && a instanceof Mark.Hatch ah) {
                assertArrayEquals(eh.boxes(), ah.boxes(), "hatch " + i);
                assertEquals(List.of(eh.color(), eh.spacing(), eh.width()), List.of(ah.color(), ah.spacing(),
                        ah.width()), "hatch " + i);
            } else {
                assertEquals(e, a, "mark " + i);
            }
        }
    }
}
