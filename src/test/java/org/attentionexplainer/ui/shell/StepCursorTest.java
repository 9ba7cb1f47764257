package org.attentionexplainer.ui.shell;

import org.attentionexplainer.ui.MemorySettings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class StepCursorTest {
    @Test
    void movesWithinThePagesAndRemembersWhereItStopped() {
        Settings settings = new MemorySettings();
        StepCursor<String> cursor = new StepCursor<>(List.of("a", "b", "c"), settings, "page");
        assertEquals("a", cursor.currentProperty().get());
        assertFalse(cursor.previous(), "nothing before the first page");
        assertTrue(cursor.last());
        assertFalse(cursor.next(), "nothing after the last page");
        assertFalse(cursor.goTo("c"), "already shown");
        assertFalse(cursor.goTo("z"), "no such page");
        assertTrue(cursor.goTo("b"));
        assertEquals(1, settings.getInt("page", -1));
        // a second cursor over the same settings resumes on "b"
        assertEquals("b", new StepCursor<>(List.of("a", "b", "c"), settings, "page").currentProperty().get());
    }

    @Test
    void aSavedIndexOutOfRangeFallsBackToTheNearestPage() {
        Settings settings = new MemorySettings();
        settings.put("page", "99");
        assertEquals("c", new StepCursor<>(List.of("a", "b", "c"), settings, "page").currentProperty().get());
        settings.put("page", "-4");
        assertEquals("a", new StepCursor<>(List.of("a", "b", "c"), settings, "page").currentProperty().get());
        assertThrows(IllegalArgumentException.class, () -> new StepCursor<>(List.of(), settings, "page"));
    }
}
