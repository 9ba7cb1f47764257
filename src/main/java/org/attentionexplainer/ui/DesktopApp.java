package org.attentionexplainer.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Slider;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.Backends;
import org.attentionexplainer.ui.chapters.ChaptersScreen;
import org.attentionexplainer.ui.common.TrainedModel;
import org.attentionexplainer.ui.explorer.ExplorerScreen;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.home.HomeScreen;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.realmodel.ModelProvider;
import org.attentionexplainer.ui.realmodel.RealModelScreen;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.AppIcons;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.MainView;
import org.attentionexplainer.ui.shell.MainViewModel;
import org.attentionexplainer.ui.shell.PresenterScreens;
import org.attentionexplainer.ui.shell.Settings;
import org.attentionexplainer.ui.theme.Theme;
import org.attentionexplainer.ui.tinygpt.TinyGptScreen;
import org.attentionexplainer.ui.walkthrough.WalkthroughScreen;

/**
 * The desktop window. The window is shown at once; ND4J starts on the worker thread
 * meanwhile (about a second) and the status bar says when it is ready.
 */
public final class DesktopApp extends Application {
    private ExecutorService worker;
    private Settings settings;

    /** Opens the window and returns when it is closed. */
    public static void launchWindow(String[] args) {
        try {
            Application.launch(DesktopApp.class);
        } catch (UnsupportedOperationException | IllegalStateException e) {
            System.err.println("attention-explainer: cannot open a window (" + e.getMessage()
                    + "); run with a display, or use a command such as 'compute' (see --help)");
        }
    }

    @Override
    public void start(Stage stage) {
        settings = Settings.userPreferences();
        worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "attention-worker");
            t.setDaemon(true);
            return t;
        });
        // ND4J's start takes a second of CPU; on two cores it would slow the window's own start,
        // so the worker starts it once the window is up (or after 3 s at the latest). It is still
        // the worker's first task, so work that screens queue meanwhile runs after it.
        CountDownLatch windowShown = new CountDownLatch(1);
        CompletableFuture<AttentionEngine> engine = CompletableFuture.supplyAsync(() -> {
            awaitQuietly(windowShown);
            Backends.warmUp();
            AttentionEngine made = new AttentionEngine();
            // the vector kernel compiled beside the first computations, not before them
            Thread kernels = new Thread(() -> {
                try {
                    Backends.warmUpKernels();
                } catch (RuntimeException e) {
                    System.err.println("attention-explainer: warming the kernels up failed (" + e
                            + "); the first long input will take longer");
                }
            }, "kernel-warm-up");
            kernels.setDaemon(true);
            kernels.setPriority(Thread.MIN_PRIORITY);
            kernels.start();
            return made;
        }, worker);
        engine.whenComplete((e, error) -> {
            if (error != null) {
                System.err.println("attention-explainer: the compute engine failed to start: " + error);
            }
        });
        I18n i18n = new I18n(Locale.forLanguageTag(settings.get("language", Locale.getDefault().getLanguage())));
        AppContext context = new AppContext(i18n, BackgroundWork.forApp(worker), engine, settings);
        MainViewModel model = new MainViewModel(context, createScreens(context));
        Parent root = new MainView(model, () -> stage.close()).createView();

        Scene scene = new Scene(root);
        applyTheme(scene, model.themeProperty().get());
        model.themeProperty().addListener((o, a, b) -> applyTheme(scene, b));
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> handleKey(e, scene, model));

        AppIcons.onEveryWindow();
        stage.getIcons().setAll(AppIcons.images());
        stage.titleProperty().bind(i18n.text("app.title"));
        stage.setScene(scene);
        restoreBounds(stage);
        stage.setFullScreenExitHint("");
        new PresenterScreens(stage, model, (e, keyScene) -> handleKey(e, keyScene, model));
        stage.setOnHidden(e -> saveBounds(stage));
        stage.show();
        Platform.runLater(windowShown::countDown);
        // a file given on the command line (a double-click on a session) opens where it belongs
        getParameters().getRaw().stream().findFirst().map(java.nio.file.Path::of)
                .ifPresent(file -> Platform.runLater(() -> model.openFile(file, stage)));
        // the window, not the first text field of the screen, has the focus: presenter keys work at once
        root.requestFocus();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(3, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The screens in navigation order. */
    static List<org.attentionexplainer.ui.shell.Screen> createScreens(AppContext context) {
        return createScreens(context, TrainedModel.classPath());
    }

    /** The screens, the explorer and the real-model screen sharing one trained model. */
    static List<org.attentionexplainer.ui.shell.Screen> createScreens(AppContext context, TrainedModel trained) {
        List<org.attentionexplainer.ui.shell.Screen> screens = new ArrayList<>();
        // "start here" first: a new user, or a class, meets what the app teaches and the ways in
        screens.add(new HomeScreen(context));
        screens.add(new WalkthroughScreen(context));
        screens.add(new ChaptersScreen(context));
        screens.add(new ExplorerScreen(context, trained));
        screens.add(new RealModelScreen(context, ModelProvider.of(trained)));
        screens.add(new TinyGptScreen(context));
        return screens;
    }

    private static void applyTheme(Scene scene, Theme theme) {
        scene.getStylesheets().setAll(Theme.base(), theme.stylesheet());
    }

    /**
     * The window's keys, one rule (Help > Keyboard shortcuts states it): F-keys and Ctrl
     * shortcuts always work; while a text field (a spinner's too) has the focus, letters, Space,
     * arrows, Home and End are typed, not taken as shortcuts; a focused slider, spinner or map
     * keeps its arrow keys (and a slider Home and End), a focused button or map its Space; otherwise Right/Left, Page Down/Up,
     * Space, Home and End turn parts and pages (in the chapters' class mode Space first reveals
     * the quiz's answer). Escape leaves a text field first, then closes an open overlay (the
     * chapter index), then ends presentation mode.
     */
    static void handleKey(KeyEvent e, Scene scene, MainViewModel model) {
        Node focus = scene.getFocusOwner();
        boolean typing = focus instanceof TextInputControl;
        boolean ownsArrows = focus instanceof Slider || focus instanceof Spinner || focus instanceof HeatmapControl;
        KeyCode code = e.getCode();
        boolean arrow = code == KeyCode.LEFT || code == KeyCode.RIGHT || code == KeyCode.UP || code == KeyCode.DOWN;
        if (e.isShortcutDown() && e.isShiftDown() && code == KeyCode.F) {
            model.toggleFullScreen();
        } else if (e.isShortcutDown() && (code == KeyCode.EQUALS || code == KeyCode.PLUS || code == KeyCode.ADD)) {
            model.zoomIn();
        } else if (e.isShortcutDown() && (code == KeyCode.MINUS || code == KeyCode.SUBTRACT)) {
            model.zoomOut();
        } else if (code == KeyCode.F5) {
            model.togglePresenting();
        } else if (code == KeyCode.ESCAPE) {
            if (typing) {
                scene.getRoot().requestFocus();                              // leave the field, keep its text
            } else if (!model.closeOverlay()) {
                if (!model.presentingProperty().get()) {
                    return;
                }
                model.presentingProperty().set(false);
            }
        } else if (e.isShortcutDown() || e.isAltDown() || typing) {
            return;
        } else if (ownsArrows && (arrow || (focus instanceof Slider && (code == KeyCode.HOME || code == KeyCode.END)))) {
            return;
        } else if (code == KeyCode.SPACE && (focus instanceof ButtonBase || focus instanceof HeatmapControl)) {
            return;                                                          // Space presses the focused button
        } else if (code == KeyCode.P) {
            model.togglePresenting();
        } else if (code == KeyCode.B || code == KeyCode.PERIOD) {
            if (!model.toggleBlank()) {
                return;
            }
        } else if (code == KeyCode.I || code == KeyCode.G) {
            if (!model.toggleIndex()) {
                return;
            }
        } else if (code == KeyCode.RIGHT || code == KeyCode.PAGE_DOWN || (code == KeyCode.SPACE && !e.isShiftDown())) {
            if (code != KeyCode.SPACE || !model.revealAnswer()) {
                model.next();
            }
        } else if (code == KeyCode.LEFT || code == KeyCode.PAGE_UP || (code == KeyCode.SPACE && e.isShiftDown())) {
            model.previous();
        } else if (code == KeyCode.HOME) {
            model.first();
        } else if (code == KeyCode.END) {
            model.last();
        } else {
            return;
        }
        e.consume();
    }

    private void restoreBounds(Stage stage) {
        Rectangle2D visual = Screen.getPrimary().getVisualBounds();
        double w = Math.min(settings.getDouble("window.width", Math.min(1280, visual.getWidth())), visual.getWidth());
        double h = Math.min(settings.getDouble("window.height", Math.min(820, visual.getHeight())), visual.getHeight());
        stage.setWidth(Math.max(640, w));
        stage.setHeight(Math.max(480, h));
        double x = settings.getDouble("window.x", Double.NaN);
        double y = settings.getDouble("window.y", Double.NaN);
        boolean onScreen = !Screen.getScreensForRectangle(x, y, 50, 50).isEmpty();
        if (Double.isFinite(x) && Double.isFinite(y) && onScreen) {
            stage.setX(x);
            stage.setY(y);
        } else {
            stage.centerOnScreen();
        }
        stage.setMaximized(Boolean.parseBoolean(settings.get("window.maximized", "false")));
        stage.setMinWidth(640);
        stage.setMinHeight(480);
    }

    private void saveBounds(Stage stage) {
        settings.put("window.maximized", Boolean.toString(stage.isMaximized()));
        if (!stage.isMaximized() && !stage.isFullScreen()) {
            settings.put("window.x", Double.toString(stage.getX()));
            settings.put("window.y", Double.toString(stage.getY()));
            settings.put("window.width", Double.toString(stage.getWidth()));
            settings.put("window.height", Double.toString(stage.getHeight()));
        }
        settings.flush();
    }

    @Override
    public void stop() {
        if (worker != null) {
            worker.shutdownNow();
        }
        if (settings != null) {
            settings.flush();
        }
    }

    /** Exits the JavaFX runtime (the launcher then ends the process). */
    static void exit() {
        Platform.exit();
    }
}
