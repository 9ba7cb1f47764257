package org.attentionexplainer.ui.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import javafx.geometry.Rectangle2D;
import org.attentionexplainer.ui.shell.ScreenChoice.Placement;
import org.junit.jupiter.api.Test;

class ScreenChoiceTest {
    private static final Rectangle2D LAPTOP = new Rectangle2D(0, 0, 1280, 800);
    private static final Rectangle2D PROJECTOR = new Rectangle2D(1280, 0, 1920, 1080);
    private static final Rectangle2D SMALL = new Rectangle2D(-1024, 0, 1024, 768);

    @Test
    void oneDisplayLeavesPresentationModeAsItWas() {
        assertEquals(Optional.empty(), ScreenChoice.choose(List.of(LAPTOP), 0, new Rectangle2D(40, 40, 1200, 700)));
        assertEquals(Optional.empty(), ScreenChoice.choose(List.of(), 0, new Rectangle2D(40, 40, 1200, 700)));
    }

    @Test
    void theSlideGoesWhereTheWindowIsNot() {
        assertEquals(Optional.of(new Placement(1, 0)),
                ScreenChoice.choose(List.of(LAPTOP, PROJECTOR), 0, new Rectangle2D(40, 40, 1200, 700)));
        // the window dragged onto the large display: the teacher sits there, the laptop shows the slide
        assertEquals(Optional.of(new Placement(0, 1)),
                ScreenChoice.choose(List.of(LAPTOP, PROJECTOR), 0, new Rectangle2D(1400, 100, 1200, 700)));
    }

    @Test
    void theTeachersDisplayHoldsMostOfTheWindow() {
        // 1280 - 1000 = 280 px on the laptop, 600 px on the projector
        assertEquals(Optional.of(new Placement(0, 1)),
                ScreenChoice.choose(List.of(LAPTOP, PROJECTOR), 0, new Rectangle2D(1000, 100, 880, 600)));
        // 1280 - 600 = 680 px on the laptop, 200 px on the projector
        assertEquals(Optional.of(new Placement(1, 0)),
                ScreenChoice.choose(List.of(LAPTOP, PROJECTOR), 0, new Rectangle2D(600, 100, 880, 600)));
    }

    @Test
    void aWindowOnNoDisplayCountsAsOnThePrimary() {
        Rectangle2D nowhere = new Rectangle2D(9000, 9000, 800, 600);
        assertEquals(Optional.of(new Placement(0, 1)), ScreenChoice.choose(List.of(LAPTOP, PROJECTOR), 1, nowhere));
        assertEquals(Optional.of(new Placement(1, 0)), ScreenChoice.choose(List.of(LAPTOP, PROJECTOR), 0, nowhere));
    }

    @Test
    void ofSeveralOtherDisplaysTheLargestShowsTheSlide() {
        // 1920 x 1080 = 2,073,600 px beats 1024 x 768 = 786,432 px, wherever it is listed
        Placement p = ScreenChoice.choose(List.of(SMALL, LAPTOP, PROJECTOR), 1, new Rectangle2D(40, 40, 1200, 700))
                .orElseThrow();
        assertEquals(new Placement(2, 1), p);
        p = ScreenChoice.choose(List.of(PROJECTOR, SMALL, LAPTOP), 2, new Rectangle2D(40, 40, 1200, 700))
                .orElseThrow();
        assertEquals(new Placement(0, 2), p);
        // on the large display, the teacher sends the slide to the larger of the other two: the laptop
        p = ScreenChoice.choose(List.of(SMALL, LAPTOP, PROJECTOR), 1, new Rectangle2D(1300, 40, 1200, 700))
                .orElseThrow();
        assertEquals(new Placement(1, 2), p);
        assertTrue(p.projector() != p.teacher());
    }
}
