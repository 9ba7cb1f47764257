package org.attentionexplainer.ui.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.export.ViewMode;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.render.CellHit;
import org.attentionexplainer.render.FigureLayout;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.render.Mark;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.home.HomeScreen;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.MainView;
import org.attentionexplainer.ui.shell.MainViewModel;
import org.attentionexplainer.ui.theme.Theme;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The explorer in a real window, headless under Monocle: open it, toggle, drag, type, hover, click. */
@ExtendWith(ApplicationExtension.class)
class ExplorerFxTest {
    private ExplorerScreen explorer;
    private AppContext context;

    @Start
    void start(Stage stage) {
        context = TestContexts.english();
        // these tests use the settings, which a window of 1200 x 760 puts aside until the learner asks for them
        context.settings().put(ExplorerScreen.SETTINGS_SHOWN, "true");
        explorer = new ExplorerScreen(context);
        MainViewModel main = new MainViewModel(context, List.of(new HomeScreen(context), explorer));
        Scene scene = new Scene(new MainView(main, stage::close).createView(), 1200, 760);
        scene.getStylesheets().setAll(Theme.base(), Theme.LIGHT.stylesheet());
        stage.setScene(scene);
        stage.show();
    }

    private HeatmapControl open(FxRobot robot) {
        robot.clickOn("Attention maps");
        HeatmapControl heatmap = robot.lookup("#explorer-heatmap").queryAs(HeatmapControl.class);
        WaitForAsyncUtils.waitForFxEvents();
        assertNotNull(heatmap.shownProperty().get(), "the maps are painted");
        return heatmap;
    }

    /** The explorer of this window has no trained model: its seeded weights say so atop the picture and in its caption. */
    @Test
    void randomWeightsSayOnThePictureThatTheirPatternsMeanNothing(FxRobot robot) {
        HeatmapControl heatmap = open(robot);
        Label notice = robot.lookup("#explorer-random-notice").queryAs(Label.class);
        assertTrue(notice.isVisible() && notice.getParent().isVisible());
        assertEquals("Random weights: these patterns mean nothing yet.", notice.getText());
        javafx.geometry.Bounds over = notice.localToScene(notice.getBoundsInLocal());
        javafx.geometry.Bounds picture = heatmap.localToScene(heatmap.getBoundsInLocal());
        assertTrue(over.getMaxY() <= picture.getMinY() && picture.getMinY() - over.getMaxY() < 20
                && over.getMinX() < picture.getMaxX() && over.getMaxX() > picture.getMinX(),
                "the notice heads the picture: " + over + " over " + picture);
        assertTrue(heatmap.getFigure().options().caption().startsWith("Random weights: these patterns mean nothing yet"),
                heatmap.getFigure().options().caption());
    }

    @Test
    void togglingTheCausalMaskMasksTheUpperTriangleOfTheFocusedHead(FxRobot robot) {
        HeatmapControl heatmap = open(robot);
        robot.clickOn("#explorer-view-focus");
        assertFalse(heatmap.getPseudoClassStates().contains(PseudoClass.getPseudoClass("masked")));
        robot.clickOn("#explorer-causal .thumb-area");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(explorer.model().controls().causalProperty().get());
        HeatmapData shown = heatmap.getFigure().data(0);
        AttentionTrace t = explorer.model().traceProperty().get();
        int head = explorer.model().display().headProperty().get();
        for (int i = 0; i < shown.rows(); i++) {
            for (int j = 0; j < shown.cols(); j++) {
                assertEquals(j > i, shown.isMasked(i, j), "cell " + i + "," + j);
                if (j > i) {
                    assertEquals(0f, t.weights().get(0, head, i, j));
                }
            }
        }
        assertTrue(heatmap.getPseudoClassStates().contains(PseudoClass.getPseudoClass("masked")));
        assertTrue(heatmap.shownProperty().get().drawing().marks().stream().anyMatch(m -> m instanceof Mark.Hatch),
                "masked cells are hatched on screen");
    }

    @Test
    void draggingTheTemperatureToItsMinimumLeavesNoNaN(FxRobot robot) {
        open(robot);
        robot.clickOn("#explorer-causal .thumb-area");
        scrollIntoView(robot, robot.lookup("#explorer-temperature").query());
        robot.drag("#explorer-temperature .thumb").dropBy(-800, 0);
        WaitForAsyncUtils.waitForFxEvents();
        Slider slider = robot.lookup("#explorer-temperature").queryAs(Slider.class);
        assertEquals(slider.getMin(), slider.getValue(), 1e-12);
        assertEquals(0.05, explorer.model().controls().temperatureProperty().get(), 1e-12);
        AttentionTrace t = explorer.model().traceProperty().get();
        assertEquals(0.05, t.spec().temperature(), 1e-12);
        assertFalse(t.weights().hasNonFinite(), "weights finite at T = 0.05");
        for (HeatmapData map : List.of(explorer.model().figureProperty().get().data(0))) {
            for (float v : map.values()) {
                assertFalse(Float.isNaN(v));
            }
        }
        assertEquals("T = 0.05", robot.lookup("#explorer-temperature-value").queryAs(Label.class).getText());
    }

    /** Scrolls the settings column (taller than the window) so that {@code node} is in its middle. */
    private static void scrollIntoView(FxRobot robot, Node node) {
        Node p = node;
        while (!(p instanceof javafx.scene.control.ScrollPane)) {
            p = p.getParent();
        }
        javafx.scene.control.ScrollPane scroll = (javafx.scene.control.ScrollPane) p;
        robot.interact(() -> {
            Node content = scroll.getContent();
            javafx.geometry.Bounds b = content.sceneToLocal(node.localToScene(node.getLayoutBounds()));
            double view = scroll.getViewportBounds().getHeight();
            double room = content.getLayoutBounds().getHeight() - view;
            if (room > 0) {
                scroll.setVvalue(Math.max(0, Math.min(1, (b.getMinY() - (view - b.getHeight()) / 2) / room)));
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void numbersThatDoNotFitTheCellsAreExplained(FxRobot robot) {
        HeatmapControl heatmap = open(robot);
        Node noRoom = robot.lookup("#explorer-values-no-room").query();
        robot.interact(() -> explorer.model().display().showValuesProperty().set(true));
        // 60 tokens in a grid of 4 heads: cells of a few pixels, no room for "0.02"
        TextField sentence = robot.lookup("#explorer-sentence").queryAs(TextField.class);
        robot.interact(() -> sentence.setText("one two three four five six seven eight nine ten ".repeat(6)));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(heatmap.shownProperty().get().valuesShown());
        assertTrue(noRoom.isVisible(), "the reader is told why the numbers are missing");
        assertEquals("The cells are too small for their numbers here: hover a cell for them, or click a head to enlarge"
                + " it.", ((Label) noRoom).getText(), "a grid of heads: a click enlarges one");
        // one head of 60 tokens: still too small, and there is no head to click
        robot.interact(() -> explorer.model().display().modeProperty().set(ViewMode.FOCUS));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(heatmap.shownProperty().get().valuesShown());
        assertTrue(noRoom.isVisible());
        assertEquals("The cells are too small for their numbers here: make the window larger to see them.",
                ((Label) noRoom).getText(), "one head shown: no head to click");
        robot.interact(() -> context.i18n().localeProperty().set(java.util.Locale.forLanguageTag("tr")));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Hücreler burada sayıları yazmak için çok küçük: sayıları görmek için pencereyi büyütün.",
                ((Label) noRoom).getText());
        robot.interact(() -> context.i18n().localeProperty().set(java.util.Locale.ENGLISH));
        // one head of three tokens: the numbers are written, the explanation goes
        robot.interact(() -> {
            sentence.setText("Hello shiny sun");
            explorer.model().display().modeProperty().set(ViewMode.FOCUS);
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(heatmap.shownProperty().get().valuesShown());
        assertFalse(noRoom.isVisible());
    }

    @Test
    void typingASentenceShowsItsTokens(FxRobot robot) {
        open(robot);
        robot.clickOn("#explorer-sentence");
        robot.push(KeyCode.CONTROL, KeyCode.A);
        robot.write("the cat sat, again!");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("the", "cat", "sat", ",", "again", "!"), explorer.model().tokensProperty());
        assertEquals(6, robot.lookup("#explorer-tokens").queryAs(javafx.scene.layout.FlowPane.class)
                .getChildren().size());
        TextField sentence = robot.lookup("#explorer-sentence").queryAs(TextField.class);
        robot.interact(() -> sentence.setText("나는 학교에 갑니다."));
        assertEquals(List.of("나는", "학교에", "갑니다", "."), explorer.model().traceProperty().get().tokens());
    }

    @Test
    void hoveringACellShowsItsNumbersAndClickingShowsItsArithmetic(FxRobot robot) {
        HeatmapControl heatmap = open(robot);
        robot.clickOn("#explorer-view-focus");
        WaitForAsyncUtils.waitForFxEvents();
        FigureLayout layout = heatmap.shownProperty().get();
        double[] b = layout.bounds(new CellHit(0, 2, 1));
        Point2D centre = heatmap.localToScreen(b[0] + b[2] / 2, b[1] + b[3] / 2);
        robot.moveTo(centre);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(new CellHit(0, 2, 1), heatmap.hoveredProperty().get());
        assertNotNull(heatmap.getTooltip(), "a tooltip is installed over a cell");
        String tip = heatmap.getTooltip().getText();
        assertTrue(tip.contains("Query: starts (i = 3)") && tip.contains("Key: journey (j = 2)")
                && tip.contains("Weight: ") && tip.contains("Raw score q·k: ") && tip.contains("Scaled logit: "), tip);
        try {
            WaitForAsyncUtils.waitFor(3, TimeUnit.SECONDS, () -> heatmap.getTooltip().isShowing());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("the tooltip did not show", e);
        }
        robot.clickOn(centre);
        VBox details = robot.lookup("#explorer-details").queryAs(VBox.class);
        assertTrue(details.isVisible() || details.getParent().isVisible());
        String first = ((Label) details.getChildren().get(0)).getText();
        assertEquals("Query “starts” (i = 3) and key “journey” (j = 2), head 1", first);
        assertTrue(details.getChildren().stream().map(n -> ((Label) n).getText())
                .anyMatch(s -> s.startsWith("q_i · k_j = ")));
    }

    @Test
    void clickingAHeadInTheGridEnlargesIt(FxRobot robot) {
        HeatmapControl heatmap = open(robot);
        double[] b = heatmap.shownProperty().get().bounds(new CellHit(3, -1, -1));
        robot.clickOn(heatmap.localToScreen(b[0] + b[2] / 2, b[1] + b[3] / 2));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(ViewMode.FOCUS, explorer.model().display().modeProperty().get());
        assertEquals(3, explorer.model().display().headProperty().get());
        assertEquals(1, heatmap.shownProperty().get().panelCount());
    }
}
