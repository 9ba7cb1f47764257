package org.attentionexplainer.ui;

import java.util.concurrent.TimeoutException;
import javafx.scene.Scene;
import javafx.scene.input.KeyEvent;
import org.attentionexplainer.ui.common.TrainedModel;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.MainView;
import org.attentionexplainer.ui.shell.MainViewModel;
import org.attentionexplainer.ui.theme.Theme;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The app's main window as the UI tests open it: every screen, the light theme, the presenter
 * keys, 1200 × 760 (inside Monocle's 1280 × 800 headless screen), showing the given screen.
 */
final class MainWindow {
    /** The trained model, loaded once for every window of the test run (a load reads 90 MB). */
    static final TrainedModel TRAINED = sharedOnce();

    private MainWindow() {
    }

    private static TrainedModel sharedOnce() {
        TrainedModel classPath = TrainedModel.classPath();
        return new TrainedModel(classPath::available, classPath::get);
    }

    /** Opens the window on the primary stage and returns its view-model once it is shown. */
    static MainViewModel open(AppContext context, String screenId) throws TimeoutException {
        return open(context, screenId, 1200, 760);
    }

    /** Opens the window {@code width} × {@code height} (the whole screen of a projector test). */
    static MainViewModel open(AppContext context, String screenId, double width, double height)
            throws TimeoutException {
        javafx.stage.Stage stage = FxToolkit.registerPrimaryStage();
        MainViewModel[] model = new MainViewModel[1];
        FxToolkit.setupStage(s -> {
            model[0] = new MainViewModel(context, DesktopApp.createScreens(context, TRAINED));
            model[0].currentProperty().set(model[0].screens().stream().filter(x -> x.id().equals(screenId))
                    .findFirst().orElseThrow());
            Scene scene = new Scene(new MainView(model[0], s::close).createView(), width, height);
            scene.getStylesheets().setAll(Theme.base(), Theme.LIGHT.stylesheet());
            scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> DesktopApp.handleKey(e, scene, model[0]));
            s.setScene(scene);
            // the one primary stage outlives each test: one that went full screen or was given bounds
            // (presentation on two displays) must not leave its size to the next window
            s.setFullScreen(false);
            s.setMaximized(false);
            s.sizeToScene();
            s.show();
            s.toFront();
        });
        WaitForAsyncUtils.waitForFxEvents();
        if (!stage.isShowing()) {
            throw new IllegalStateException("the main window did not show");
        }
        return model[0];
    }

    /** Hides and forgets the window, so that the next test starts afresh. */
    static void close() throws TimeoutException {
        FxToolkit.hideStage();
        FxToolkit.cleanupStages();
    }
}
