package org.attentionexplainer.ui.realmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javafx.geometry.Bounds;
import javafx.geometry.VerticalDirection;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ScrollPane;
import javafx.stage.Stage;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.render.FigureLayout;
import org.attentionexplainer.ui.MemorySettings;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.home.HomeScreen;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.MainView;
import org.attentionexplainer.ui.shell.MainViewModel;
import org.attentionexplainer.ui.theme.Theme;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The real-model screen in Turkish (the longest labels) at the headless screen's 1280 × 800, in
 * the light and the high-contrast theme (bold type), at a desk and presenting: the 6 × 12
 * overview lies whole in its pane, the token strip shows whole chips, the focused head draws
 * every token label, and the "too small for numbers" note is there only when they do not fit.
 */
class RealModelLayoutFxTest {
    private static final double WIDTH = 1280;
    private static final double HEIGHT = 800;
    private static final Locale TURKISH = Locale.forLanguageTag("tr");

    private final FxRobot robot = new FxRobot();
    private Stage stage;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "test-worker");
        t.setDaemon(true);
        return t;
    });

    static Stream<Arguments> looks() {
        return Stream.of(Arguments.of(Theme.LIGHT, false), Arguments.of(Theme.LIGHT, true),
                Arguments.of(Theme.HIGH_CONTRAST, false), Arguments.of(Theme.HIGH_CONTRAST, true));
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.hideStage();
        FxToolkit.cleanupStages();
        worker.shutdownNow();
    }

    private RealModelViewModel open(Theme theme, boolean presenting) throws Exception {
        return open(TURKISH, theme, presenting);
    }

    private RealModelViewModel open(Locale locale, Theme theme, boolean presenting) throws Exception {
        stage = FxToolkit.registerPrimaryStage();
        RealModelScreen[] screen = new RealModelScreen[1];
        FxToolkit.setupStage(s -> {
            AppContext context = new AppContext(new I18n(locale), BackgroundWork.forApp(worker),
                    CompletableFuture.supplyAsync(AttentionEngine::new, worker), new MemorySettings());
            screen[0] = new RealModelScreen(context, TestModels.loaded());
            MainViewModel main = new MainViewModel(context, List.of(new HomeScreen(context), screen[0]));
            main.currentProperty().set(screen[0]);
            Scene scene = new Scene(new MainView(main, s::close).createView(), WIDTH, HEIGHT);
            scene.getStylesheets().setAll(Theme.base(), theme.stylesheet());
            s.setScene(scene);
            // the primary stage outlives each test; one given bounds before keeps them over a new scene
            s.setFullScreen(false);
            s.setMaximized(false);
            s.sizeToScene();
            s.show();
            main.presentingProperty().set(presenting);
        });
        WaitForAsyncUtils.waitForFxEvents();
        RealModelViewModel vm = screen[0].model();
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> vm.overviewProperty().get() != null
                && vm.focusModel().traceProperty().get() != null
                && vm.focusModel().traceProperty().get().headCount() == 12);
        settle();
        return vm;
    }

    /** The visible part of the scroll pane that holds {@code content}, in scene coordinates. */
    private static Bounds viewport(Node content) {
        Parent p = content.getParent();
        while (!(p instanceof ScrollPane)) {
            p = p.getParent();
        }
        ScrollPane scroll = (ScrollPane) p;
        Bounds v = scroll.getViewportBounds();
        Node clip = scroll.lookup(".viewport");
        return clip.localToScene(new javafx.geometry.BoundingBox(0, 0, v.getWidth(), v.getHeight()));
    }

    private static boolean inside(Bounds inner, Bounds outer) {
        return inner.getMinX() >= outer.getMinX() - 0.5 && inner.getMaxX() <= outer.getMaxX() + 0.5
                && inner.getMinY() >= outer.getMinY() - 0.5 && inner.getMaxY() <= outer.getMaxY() + 0.5;
    }

    private static Bounds inScene(Node n) {
        return n.localToScene(n.getLayoutBounds());
    }

    @ParameterizedTest(name = "{0}, presenting {1}")
    @MethodSource("looks")
    void theOverviewIsWholeInItsPane(Theme theme, boolean presenting) throws Exception {
        open(theme, presenting);
        Node grid = robot.lookup("#real-overview").query();
        Bounds pane = viewport(grid);
        for (int l = 1; l <= 6; l++) {
            for (int h = 1; h <= 12; h++) {
                Bounds b = inScene(robot.lookup("#real-thumb-" + l + "-" + h).query());
                assertTrue(inside(b, pane), "L" + l + " H" + h + " " + b + " lies in the visible pane " + pane);
            }
        }
        // both axes: the heads' numbers above the columns and the layers' names beside the rows
        for (Node axis : robot.lookup(".real-axis").queryAll()) {
            assertTrue(inside(inScene(axis), pane), axis + " lies in the visible pane " + pane);
        }
        assertEquals(18, robot.lookup(".real-axis").queryAll().size());
    }

    @ParameterizedTest(name = "{0}, presenting {1}")
    @MethodSource("looks")
    void theTokenStripShowsWholeChips(Theme theme, boolean presenting) throws Exception {
        open(theme, presenting);
        Node strip = robot.lookup("#real-tokens").query();
        Bounds pane = viewport(strip);
        List<Node> chips = List.copyOf(robot.lookup("#real-tokens .token-chip").queryAll());
        assertEquals(13, chips.size());
        // whole rows of chips: none is cut by the strip's edge; at a desk the thirteen fit in it, in
        // presentation's large type its first two rows do and the third scrolls into sight whole
        assertTrue(wholeChipsInSight(chips, pane) >= (presenting ? 10 : 13));
        if (presenting) {
            // one notch of the wheel (a negative delta, which TestFX's UP sends under Monocle) brings the
            // last row into sight, whole
            robot.moveTo(strip);
            robot.scroll(1, VerticalDirection.UP);
            settle();
            wholeChipsInSight(chips, pane);
            assertTrue(inside(inScene(chips.get(12)), pane), "[SEP] in sight after one turn of the wheel");
        }
    }

    /** The chips wholly in sight; fails if one is cut by the strip's edge. */
    private static int wholeChipsInSight(List<Node> chips, Bounds pane) {
        int seen = 0;
        for (Node chip : chips) {
            Bounds b = inScene(chip);
            boolean in = inside(b, pane);
            assertTrue(in || b.getMinY() >= pane.getMaxY() - 0.5 || b.getMaxY() <= pane.getMinY() + 0.5,
                    chip + " " + b + " is not cut by the strip " + pane);
            seen += in ? 1 : 0;
        }
        return seen;
    }

    @ParameterizedTest(name = "{0}, presenting {1}")
    @MethodSource("looks")
    void theFocusedHeadDrawsEveryLabelAndSaysTooSmallOnlyWhenItIs(Theme theme, boolean presenting)
            throws Exception {
        open(theme, presenting);
        HeatmapControl map = robot.lookup("#explorer-heatmap").queryAs(HeatmapControl.class);
        FigureLayout l = map.shownProperty().get();
        String described = String.format(Locale.ROOT, "cell %.1f px, labels %s, every %s, values %s (pane %.0f x %.0f)",
                l.cellSize(), l.labelsShown(), l.everyLabelShown(), l.valuesShown(), map.getWidth(), map.getHeight());
        assertEquals(13, map.getFigure().data(0).rows());
        System.out.println("focused head, " + theme + (presenting ? ", presenting: " : ": ") + described);
        assertTrue(l.everyLabelShown(), "all 13 token labels: " + described);
        // the 28 px on a projector of 1280 x 800
        assertTrue(!presenting || l.cellSize() >= 28, described);
        Node noRoom = robot.lookup("#explorer-values-no-room").query();
        // presenting, the Numbers switch is hidden, and so is the note about it
        assertEquals(!l.valuesShown() && !presenting, noRoom.isVisible(),
                "the note shows exactly when the numbers are left out at a desk: " + described);
    }

    /**
     * The note's lines come out of the map's height: once shown on a short window it must go
     * again when the window grows back to where the numbers fit, not keep the cells too small.
     */
    @Test
    void theTooSmallNoteGoesWhenTheWindowGrowsBack() throws Exception {
        open(Locale.ENGLISH, Theme.LIGHT, false);
        HeatmapControl map = robot.lookup("#explorer-heatmap").queryAs(HeatmapControl.class);
        Node noRoom = robot.lookup("#explorer-values-no-room").query();
        assertTrue(map.shownProperty().get().valuesShown(), "1280 x 800 holds the numbers of 13 tokens in English");
        assertFalse(noRoom.isVisible());
        robot.interact(() -> stage.setHeight(HEIGHT - 160));
        settle();
        assertFalse(map.shownProperty().get().valuesShown(), "640 px are too short for them");
        assertTrue(noRoom.isVisible());
        robot.interact(() -> stage.setHeight(HEIGHT));
        settle();
        assertTrue(map.shownProperty().get().valuesShown(), "the numbers are back at 800 px");
        assertFalse(noRoom.isVisible());
    }

    private static void settle() {
        for (int i = 0; i < 4; i++) {
            WaitForAsyncUtils.waitForFxEvents();
        }
    }
}
