package org.attentionexplainer.ui.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Locale;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.bert.ModelLoadException;
import org.attentionexplainer.lesson.explorer.ProjectionKind;
import org.attentionexplainer.ui.MemorySettings;
import org.attentionexplainer.ui.common.TrainedModel;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.theme.Theme;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The explorer as it opens where the trained model is installed: until the trained heads arrive it
 * shows that they are loading, never the seeded random maps in between; if they fail it says so and
 * shows the random maps with their notice. Its work waits in a queue here, so that the moment between
 * opening and the heads' arrival can be looked at.
 */
@ExtendWith(ApplicationExtension.class)
class ExplorerOpeningFxTest {
    private final Queue<Runnable> worker = new ArrayDeque<>();
    private AppContext context;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        context = new AppContext(new I18n(Locale.ENGLISH), new BackgroundWork(worker::add, Runnable::run),
                CompletableFuture.completedFuture(new AttentionEngine()), new MemorySettings());
        context.settings().put(ExplorerScreen.SETTINGS_SHOWN, "true");
    }

    /** The explorer's view in the window, its trained model failing to load (a file that is not the model). */
    private void open(FxRobot robot) {
        TrainedModel broken = new TrainedModel(() -> true, p -> {
            throw new ModelLoadException("engine.model.notInstalled", "model.onnx", "model.jar");
        });
        robot.interact(() -> {
            ExplorerScreen explorer = new ExplorerScreen(context, broken);
            Scene scene = new Scene(new javafx.scene.layout.StackPane(explorer.view()), 1200, 760);
            scene.getStylesheets().setAll(Theme.base(), Theme.LIGHT.stylesheet());
            stage.setScene(scene);
            stage.show();
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void runQueuedWork(FxRobot robot) {
        robot.interact(() -> {
            while (!worker.isEmpty()) {
                worker.poll().run();
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static boolean shown(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return n.getScene() != null;
    }

    @Test
    void untilTheTrainedHeadsArriveItSaysTheyAreLoadingAndShowsNoRandomMaps(FxRobot robot) {
        open(robot);
        Node loading = robot.lookup("#explorer-loading").query();
        HeatmapControl heatmap = robot.lookup("#explorer-heatmap").queryAs(HeatmapControl.class);
        Node notice = robot.lookup("#explorer-random-notice").query();
        assertTrue(shown(loading), "a loading sign in the maps' place");
        assertTrue(robot.lookup("#explorer-loading .progress-indicator").tryQuery().isPresent());
        assertTrue(robot.from(loading).lookup((java.util.function.Predicate<Node>) n -> n instanceof Label l
                && "Loading the trained model’s heads…".equals(l.getText()))
                .tryQuery().isPresent(), "a line says what is loading");
        assertFalse(shown(heatmap), "the seeded random maps are not shown while the trained heads load");
        assertFalse(shown(notice), "nor their notice");

        runQueuedWork(robot);
        assertFalse(shown(loading), "the loading sign goes once the load has ended");
        assertTrue(shown(heatmap), "the random maps, now that the trained heads failed");
        assertTrue(shown(notice), "with their notice");
        Label failed = robot.lookup("#explorer-trained-failed").queryAs(Label.class);
        assertTrue(shown(failed) && failed.getText().startsWith("Could not use all-MiniLM-L6-v2"),
                "the failure is said beside the notice: " + failed.getText());
    }

    /** The settings column is narrow: the chosen Q, K, V wraps at its words in both languages, never cut to "…". */
    @Test
    void theProjectionChoiceWrapsAtWordsInsteadOfBeingCut(FxRobot robot) {
        open(robot);
        runQueuedWork(robot);
        @SuppressWarnings("unchecked")
        ComboBox<ProjectionKind> projection = robot.lookup("#explorer-projection").queryAs(ComboBox.class);
        robot.interact(() -> projection.setValue(ProjectionKind.SEPARATE));
        for (Locale locale : new Locale[] {Locale.ENGLISH, Locale.forLanguageTag("tr")}) {
            robot.interact(() -> context.i18n().localeProperty().set(locale));
            WaitForAsyncUtils.waitForFxEvents();
            String full = context.i18n().get(ProjectionKind.SEPARATE.messageKey());
            Text drawn = robot.from(projection.getButtonCell()).lookup(".text").queryAs(Text.class);
            assertEquals(full, drawn.getText(), "the choice shown whole in " + locale);
            assertTrue(projection.getButtonCell().getHeight() + 0.5 >= drawn.getLayoutBounds().getHeight(),
                    "every line of it inside the box in " + locale);
        }
    }
}
