package org.attentionexplainer.engine.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.attentionexplainer.engine.TurkishWording;
import org.junit.jupiter.api.Test;

/**
 * A text too long for the memory of a loaded model is refused in the reader's language, with the
 * tokens and the sizes in it; the English stays as it was.
 */
class TraceMemoryTurkishTest {
    @Test
    void mapsLargerThanAJavaArrayAreRefusedInTurkish() {
        // 1 x 1 x 50000 x 50000 = 2 500 000 000 values, past the 2^31 - 9 an array holds
        TraceTooLargeException e = assertThrows(TraceTooLargeException.class,
                () -> TraceMemory.require(1, 50_000, 1, 1, 1, 1));
        assertEquals("a text of 50000 tokens make attention maps of 2500000000 values, more than a Java array holds;"
                + " use a shorter text", e.getMessage());
        assertEquals("50000 tokenlık bir metin, 2500000000 değerlik dikkat haritaları yapar; bu bir Java dizisinin"
                + " alabileceğinden fazla: daha kısa bir metin kullanın", TurkishWording.assertTurkish(e));
        e = assertThrows(TraceTooLargeException.class, () -> TraceMemory.require(2, 40_000, 1, 1, 1, 1));
        assertEquals("2 texts of up to 40000 tokens make attention maps of 3200000000 values, more than a Java array"
                + " holds; use a shorter text", e.getMessage());
        assertTrue(TurkishWording.assertTurkish(e).startsWith("en çok 40000 tokenlık 2 metin, 3200000000 değerlik"));
    }

    @Test
    void aTraceLargerThanTheHeapIsRefusedInTurkish() {
        // 1000 layers of 3 maps of 40000 x 40000 floats: 19.2 TB, more than any test heap
        TraceTooLargeException e = assertThrows(TraceTooLargeException.class,
                () -> TraceMemory.require(1, 40_000, 1000, 1, 1, 1));
        assertTrue(e.getMessage().startsWith("a text of 40000 tokens need "), e.getMessage());
        assertTrue(e.getMessage().endsWith(" Java heap (use a shorter text, or start Java with a larger -Xmx)"),
                e.getMessage());
        String turkish = TurkishWording.assertTurkish(e);
        assertTrue(turkish.startsWith("40000 tokenlık bir metin, her katmanın haritaları"), turkish);
        assertTrue(turkish.contains("Java yığınında"), turkish);
    }

    @Test
    void workLargerThanTheNativeMemoryIsRefusedInTurkish() {
        // 4 (6 · 40² + 40 (8 + 2 (2^31 - 1))) = 687 194 806 720 bytes, 655 361 MiB rounded up
        TraceTooLargeException e = assertThrows(TraceTooLargeException.class,
                () -> TraceMemory.require(1, 40, 1, 1, 1, Integer.MAX_VALUE));
        assertTrue(e.getMessage().startsWith("a text of 40 tokens need 655361 MiB of native memory for one layer's"
                + " work, more than the "), e.getMessage());
        String turkish = TurkishWording.assertTurkish(e);
        assertTrue(turkish.startsWith("40 tokenlık bir metin, tek bir katmanın işi için 655361 MiB yerel bellek ister;"
                + " bu, boştaki "), turkish);
    }
}
