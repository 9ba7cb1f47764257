package org.attentionexplainer.ui.shell;

import java.util.List;
import java.util.Optional;
import javafx.geometry.Rectangle2D;

/**
 * Which display shows the class the slide and which keeps the teacher's console, when
 * presentation mode starts with more than one: the teacher stays at the display the window is on
 * (the one holding most of it; the primary display if the window lies on none), and the slide goes
 * to the largest of the others, a projector being as a rule the larger picture.
 */
public final class ScreenChoice {
    /** Indexes into the list of displays given to {@link #choose}. */
    public record Placement(int projector, int teacher) {
    }

    private ScreenChoice() {
    }

    /**
     * @param screens the displays' bounds, as the system lists them
     * @param primary the index of the primary display in {@code screens}
     * @param window  the window's bounds now
     * @return where the slide and the console go; empty with fewer than two displays
     */
    public static Optional<Placement> choose(List<Rectangle2D> screens, int primary, Rectangle2D window) {
        if (screens.size() < 2) {
            return Optional.empty();
        }
        int teacher = primary >= 0 && primary < screens.size() ? primary : 0;
        double most = 0;
        for (int i = 0; i < screens.size(); i++) {
            double shared = overlap(screens.get(i), window);
            if (shared > most) {
                most = shared;
                teacher = i;
            }
        }
        int projector = -1;
        for (int i = 0; i < screens.size(); i++) {
            if (i != teacher && (projector < 0 || area(screens.get(i)) > area(screens.get(projector)))) {
                projector = i;
            }
        }
        return Optional.of(new Placement(projector, teacher));
    }

    private static double area(Rectangle2D r) {
        return r.getWidth() * r.getHeight();
    }

    private static double overlap(Rectangle2D a, Rectangle2D b) {
        double w = Math.min(a.getMaxX(), b.getMaxX()) - Math.max(a.getMinX(), b.getMinX());
        double h = Math.min(a.getMaxY(), b.getMaxY()) - Math.max(a.getMinY(), b.getMinY());
        return w > 0 && h > 0 ? w * h : 0;
    }
}
