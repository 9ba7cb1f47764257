package org.attentionexplainer.ui.shell;

import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Function;
import javafx.beans.InvalidationListener;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;

/**
 * The main window's full screen, and presentation mode across displays. With one display the
 * window goes full screen where it is. With more, presentation mode puts the window (the slide)
 * full screen on the projector and opens the presenter console on the teacher's display
 * ({@link ScreenChoice} says which is which), from a window or from full screen alike; ending
 * presentation mode closes the console and brings the window back where it was, full screen if
 * it was.
 */
public final class PresenterScreens {
    /** The display for the slide (its whole bounds) and the teacher's (what windows may fill there). */
    public record Displays(Rectangle2D projector, Rectangle2D teacher) {
    }

    private final Stage stage;
    private final MainViewModel model;
    private final BiConsumer<KeyEvent, Scene> keys;
    private final Function<Rectangle2D, Optional<Displays>> displays;
    private PresenterConsole console;
    private Rectangle2D before;
    private boolean wasMaximized;
    /** The window's bounds the last time it was neither full screen nor being moved here. */
    private Rectangle2D windowed;
    /** Set while the window itself is taken in and out of full screen, which is no request of the user's. */
    private boolean moving;

    /**
     * Keeps the window's full screen and the view-model's in step from now on.
     *
     * @param keys the window's key handling, given a key and the scene it was pressed in: the console's keys go there too
     */
    public PresenterScreens(Stage stage, MainViewModel model, BiConsumer<KeyEvent, Scene> keys) {
        this(stage, model, keys, PresenterScreens::systemDisplays);
    }

    /**
     * @param displays given the window's bounds, where the slide and the console go; empty with one display
     *                 (the system's displays in the app, two given ones in a test: headless Monocle has one)
     */
    public PresenterScreens(Stage stage, MainViewModel model, BiConsumer<KeyEvent, Scene> keys,
                            Function<Rectangle2D, Optional<Displays>> displays) {
        this.stage = stage;
        this.model = model;
        this.keys = keys;
        this.displays = displays;
        // the view-model's own listeners come first: presentation mode has set the full screen it wants
        // before these run; each reads the values of now, as one change may set off another inside it
        model.fullScreenProperty().addListener(o -> fullScreen(model.fullScreenProperty().get()));
        // from full screen (F11) presentation mode changes no full screen, and starts here
        model.presentingProperty().addListener(o -> presenting(model.presentingProperty().get()));
        stage.fullScreenProperty().addListener((o, was, on) -> {
            if (!moving) {
                model.fullScreenProperty().set(on);
            }
        });
        InvalidationListener remember = o -> {
            if (!moving && !stage.isFullScreen()) {
                windowed = bounds();
            }
        };
        for (javafx.beans.Observable b : List.of(stage.xProperty(), stage.yProperty(), stage.widthProperty(),
                stage.heightProperty())) {
            b.addListener(remember);
        }
        stage.addEventHandler(WindowEvent.WINDOW_HIDDEN, e -> closeConsole());
        // Escape while presenting ends presentation mode (the window's keys), not the full screen
        // under it, which the system would leave before the window saw the key; otherwise, once no
        // text field or overlay took it, Escape leaves full screen as the system's would
        stage.setFullScreenExitKeyCombination(KeyCombination.NO_MATCH);
        stage.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE && model.fullScreenProperty().get()
                    && !model.presentingProperty().get()) {
                model.fullScreenProperty().set(false);
                e.consume();
            }
        });
    }

    private static Optional<Displays> systemDisplays(Rectangle2D window) {
        List<Screen> screens = Screen.getScreens();
        return ScreenChoice.choose(screens.stream().map(Screen::getBounds).toList(),
                screens.indexOf(Screen.getPrimary()), window).map(p -> new Displays(
                screens.get(p.projector()).getBounds(), screens.get(p.teacher()).getVisualBounds()));
    }

    private Rectangle2D bounds() {
        return new Rectangle2D(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight());
    }

    private void fullScreen(boolean on) {
        if (on && presentAcross()) {
            return;
        }
        if (!on && console != null) {
            end();
            return;
        }
        stage.setFullScreen(on);
    }

    private void presenting(boolean on) {
        if (on) {
            presentAcross();
        } else if (console != null) {
            end();
        }
    }

    /** True if presenting across two displays: the console open already, or opened now. */
    private boolean presentAcross() {
        if (console != null) {
            return true;
        }
        if (!model.presentingProperty().get()) {
            return false;
        }
        Optional<Displays> d = displays.apply(bounds());
        d.ifPresent(two -> present(two.projector(), two.teacher()));
        return d.isPresent();
    }

    /**
     * Presents across two displays: the window full screen on {@code projector}, the console
     * filling {@code teacher}; presentation mode is on afterwards. Presentation mode starting with
     * more than one display comes here; so does a test, which has one.
     */
    public void present(Rectangle2D projector, Rectangle2D teacher) {
        if (console != null) {
            return;
        }
        // a window full screen (F11) comes back to the bounds it had before, full screen again
        before = stage.isFullScreen() && windowed != null ? windowed : bounds();
        wasMaximized = stage.isMaximized();
        moving = true;
        try {
            stage.setFullScreen(false);
            stage.setMaximized(false);
            stage.setX(projector.getMinX());
            stage.setY(projector.getMinY());
            stage.setWidth(projector.getWidth());
            stage.setHeight(projector.getHeight());
            stage.setFullScreen(true);
        } finally {
            moving = false;
        }
        console = new PresenterConsole(model, stage.getScene(), keys);
        console.show(teacher);
        model.presentingProperty().set(true);
    }

    private void end() {
        closeConsole();
        moving = true;
        try {
            stage.setFullScreen(false);
            stage.setX(before.getMinX());
            stage.setY(before.getMinY());
            stage.setWidth(before.getWidth());
            stage.setHeight(before.getHeight());
            stage.setMaximized(wasMaximized);
            // the full screen the teacher had before presenting, which the view-model keeps
            stage.setFullScreen(model.fullScreenProperty().get());
        } finally {
            moving = false;
        }
        stage.requestFocus();
    }

    private void closeConsole() {
        if (console != null) {
            console.close();
            console = null;
        }
    }
}
