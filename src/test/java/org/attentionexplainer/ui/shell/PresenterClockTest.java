package org.attentionexplainer.ui.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PresenterClockTest {
    @Test
    void theElapsedTimeReadsAsAClock() {
        assertEquals("0:00", PresenterConsole.clockText(0));
        assertEquals("0:07", PresenterConsole.clockText(7));
        assertEquals("12:30", PresenterConsole.clockText(12 * 60 + 30));
        assertEquals("59:59", PresenterConsole.clockText(3599));
        assertEquals("1:02:05", PresenterConsole.clockText(3600 + 2 * 60 + 5));
    }
}
