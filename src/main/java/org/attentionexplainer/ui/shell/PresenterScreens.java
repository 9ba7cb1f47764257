package org.attentionexplainer.ui.shell;

import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.input.KeyEvent;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;

/**
 * The main window's full screen, and presentation mode across displays. With one display the
 * window goes full screen where it is. With more, presentation mode puts the window (the slide)
 * full screen on the projector and opens the presenter console on the teacher's display
 * ({@link ScreenChoice} says which is which); ending presentation mode closes the console and
 * brings the window back where it was.
 */
public final class PresenterScreens {
    private final Stage stage;
    private final MainViewModel model;
    private final BiConsumer<KeyEvent, Scene> keys;
    private PresenterConsole console;
    private Rectangle2D before;
    private boolean wasMaximized;
    /** Set while the window itself is taken in and out of full screen, which is no request of the user's. */
    private boolean moving;

    /**
     * Keeps the window's full screen and the view-model's in step from now on.
     *
     * @param keys the window's key handling, given a key and the scene it was pressed in: the console's keys go there too
     */
    public PresenterScreens(Stage stage, MainViewModel model, BiConsumer<KeyEvent, Scene> keys) {
        this.stage = stage;
        this.model = model;
        this.keys = keys;
        model.fullScreenProperty().addListener((o, was, on) -> fullScreen(on));
        stage.fullScreenProperty().addListener((o, was, on) -> {
            if (!moving) {
                model.fullScreenProperty().set(on);
            }
        });
        stage.addEventHandler(WindowEvent.WINDOW_HIDDEN, e -> closeConsole());
    }

    private void fullScreen(boolean on) {
        if (on && console == null && model.presentingProperty().get() && !stage.isFullScreen()) {
            List<Screen> screens = Screen.getScreens();
            Optional<ScreenChoice.Placement> placement = ScreenChoice.choose(
                    screens.stream().map(Screen::getBounds).toList(), screens.indexOf(Screen.getPrimary()),
                    new Rectangle2D(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight()));
            if (placement.isPresent()) {
                present(screens.get(placement.get().projector()).getBounds(),
                        screens.get(placement.get().teacher()).getVisualBounds());
                return;
            }
        }
        if (!on && console != null) {
            end();
            return;
        }
        stage.setFullScreen(on);
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
        before = new Rectangle2D(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight());
        wasMaximized = stage.isMaximized();
        moving = true;
        try {
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
