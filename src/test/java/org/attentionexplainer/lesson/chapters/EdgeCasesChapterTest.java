package org.attentionexplainer.lesson.chapters;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Iterator;
import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.junit.jupiter.api.Test;

class EdgeCasesChapterTest {
    private final AttentionEngine engine = new AttentionEngine();

    @Test
    void anEmptyInputIsRefusedWithAClearMessage() {
        EdgeCasesChapter.Empty e = EdgeCasesChapter.empty(engine);
        assertEquals("input", e.field());
        assertEquals("input: is empty: attention needs at least one token", e.message());
    }

    @Test
    void aSingleTokenGivesItselfWeightOne() {
        EdgeCasesChapter.Single s = EdgeCasesChapter.single(engine);
        assertEquals("sun", s.token());
        assertArrayEquals(new float[] {1f}, s.weights().toArray());
        assertArrayEquals(new float[] {0.29f, 0.54f, 0.93f}, s.context().toArray(), 1e-7f);
        // (0.29^2 + 0.54^2 + 0.93^2) / sqrt(3) = 1.2406 / 1.7320508
        assertEquals(0.716260, s.score(), 1e-6);
    }

    @Test
    void aLongInputHasAHugeMatrixWhoseRowsStillSumToOne() {
        Iterator<Long> ticks = List.of(1_000_000L, 6_000_000L).iterator();
        EdgeCasesChapter.LongInput l = EdgeCasesChapter.longInput(engine, 2048, ticks::next);
        assertEquals(4_194_304L, l.entries(), "2048^2");
        assertEquals(16_777_216L, l.matrixBytes(), "16 MiB");
        assertEquals(67_108_864L, l.traceBytes());
        assertEquals(5.0, l.elapsedMillis());
        assertTrue(l.maxRowSumError() < 1e-4, "row sums " + l.maxRowSumError());
        assertEquals(1.0 / 2048, l.meanWeight());
        assertTrue(l.maxWeight() < 0.05, "no token dominates random keys: " + l.maxWeight());
        assertEquals("chapter.edge.long.summary", l.summary().key());
    }
}
