package org.attentionexplainer.ui.tinygpt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.export.ViewMode;
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
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The screen as a class sees it, in a window of Monocle's headless 1280 × 800, with the shipped
 * model: in presentation mode the training controls step aside and one head of the layer fills
 * the room, every token labelled; at a desk the loss chart of a model that came trained says so
 * instead of drawing an empty axis, and no text on the screen is cut to "…".
 */
@ExtendWith(ApplicationExtension.class)
class TinyGptPresentingFxTest {
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> daemon(r, "test-worker"));
    private final ExecutorService trainer = Executors.newSingleThreadExecutor(r -> daemon(r, "test-training"));
    private TinyGptScreen screen;
    private MainViewModel main;

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    @Start
    void start(Stage stage) {
        AppContext context = new AppContext(new I18n(Locale.ENGLISH), BackgroundWork.forApp(worker),
                CompletableFuture.supplyAsync(AttentionEngine::new, worker), new MemorySettings());
        screen = new TinyGptScreen(context, trainer);
        main = new MainViewModel(context, List.of(new HomeScreen(context), screen));
        main.currentProperty().set(screen);
        Scene scene = new Scene(new MainView(main, stage::close).createView(), 1280, 800);
        scene.getStylesheets().setAll(Theme.base(), Theme.LIGHT.stylesheet());
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void stopThreads() {
        worker.shutdownNow();
        trainer.shutdownNow();
    }

    private TinyGptViewModel opened() throws Exception {
        TinyGptViewModel vm = screen.model();
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> vm.scoresProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        return vm;
    }

    @Test
    void presentingHidesTheTrainingAndShowsOneHeadLarge(FxRobot robot) throws Exception {
        TinyGptViewModel vm = opened();
        robot.interact(() -> main.presentingProperty().set(true));
        HeatmapControl heatmap = robot.lookup("#explorer-heatmap").queryAs(HeatmapControl.class);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> heatmap.getFigure().panelCount() == 1);
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents();
        for (String id : new String[] {"#tinygpt-intro", "#tinygpt-seed", "#tinygpt-train", "#tinygpt-pause",
            "#tinygpt-progress", "#tinygpt-open", "#tinygpt-save", "#tinygpt-real", "#tinygpt-loss"}) {
            assertFalse(robot.lookup(id).tryQuery().map(TinyGptPresentingFxTest::shown).orElse(false),
                    id + " steps aside in presentation mode");
        }
        for (String id : new String[] {"#tinygpt-prompt", "#tinygpt-layer", "#tinygpt-predictions"}) {
            assertTrue(shown(robot.lookup(id).query()), id + " stays for the class");
        }
        FigureLayout l = heatmap.shownProperty().get();
        String what = String.format(Locale.ROOT, "cell %.1f px, %d panels, labels %s, every label %s",
                l.cellSize(), l.panelCount(), l.labelsShown(), l.everyLabelShown());
        System.out.println("tiny GPT presenting at 1280 x 800: " + what);
        assertTrue(l.cellSize() >= 28, what);
        assertTrue(l.labelsShown() && l.everyLabelShown(), "every token's label: " + what);
        assertEquals(List.of(), cut(robot), "nothing cut to '…'");
        // its height limits the map, which then stands in the middle of the slide rather than at its left
        double[] cells = l.bounds(new org.attentionexplainer.render.CellHit(0, -1, -1));
        double middle = cells[0] + cells[2] / 2;
        assertTrue(cells[2] < 0.8 * heatmap.getWidth(), "the map is narrower than its pane: " + what);
        assertEquals(heatmap.getWidth() / 2, middle, heatmap.getWidth() / 10,
                "the cells' middle near the pane's: " + what);

        // the presenter's Next steps to the next head; leaving presentation mode brings the grid back
        robot.interact(() -> assertTrue(screen.next()));
        assertEquals(1, vm.maps().display().headProperty().get());
        robot.interact(() -> main.presentingProperty().set(false));
        assertEquals(ViewMode.GRID, vm.maps().display().modeProperty().get());
        assertTrue(shown(robot.lookup("#tinygpt-train").query()));
    }

    @Test
    void theShippedModelsChartSaysItCameTrainedAndNothingIsCut(FxRobot robot) throws Exception {
        opened();
        WaitForAsyncUtils.waitForFxEvents();
        Node note = robot.lookup("#tinygpt-loss-none").query();
        assertTrue(shown(note), "the note stands in the chart's place");
        assertEquals("This model came trained, so there is no loss curve to show: press Train to watch the loss"
                + " fall as it learns.", ((Labeled) note).getText());
        assertFalse(shown(robot.lookup("#tinygpt-loss").query()), "no empty axis");
        assertEquals(List.of(), cut(robot), "nothing cut to '…'");
    }

    private static boolean shown(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return n.getScene() != null;
    }

    /** The texts of the screen that are drawn shortened (the text drawn is not the whole text). */
    private static List<String> cut(FxRobot robot) {
        List<String> out = new ArrayList<>();
        for (Node n : robot.lookup(".tinygpt .text").queryAll()) {
            if (n instanceof Text t && shown(t) && t.getParent() instanceof Labeled owner
                    && owner.getText() != null && !owner.getText().isEmpty() && !owner.getText().equals(t.getText())) {
                out.add(owner.getText() + " -> " + t.getText());
            }
        }
        return out;
    }
}
