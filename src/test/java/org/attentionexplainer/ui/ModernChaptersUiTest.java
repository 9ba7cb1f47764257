package org.attentionexplainer.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import org.attentionexplainer.export.SvgTexts;
import javafx.geometry.Point2D;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Labeled;
import javafx.scene.control.Slider;
import javafx.scene.input.KeyCode;
import org.attentionexplainer.render.CellHit;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.export.FixedFiles;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The chapters on GQA/MQA, RoPE and reading heads in a real window, headless, in English and
 * Turkish: each reached through the chapter index, its control moved, its figure and numbers
 * checked, and a head found by clicking the overview.
 */
class ModernChaptersUiTest {
    private final FxRobot robot = new FxRobot();
    private AppContext context;
    private FixedFiles files;

    @TempDir
    Path dir;

    @BeforeEach
    void open() throws Exception {
        files = new FixedFiles(dir);
        context = TestContexts.english().withFiles(files);
        MainWindow.open(context, "chapters");
        robot.clickOn("#chapter-progress");
    }

    @AfterEach
    void close() throws Exception {
        MainWindow.close();
    }

    private String text(String query) {
        return robot.lookup(query).queryAs(Labeled.class).getText();
    }

    private void key(KeyCode... codes) {
        robot.push(codes);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void goTo(String id) {
        key(KeyCode.I);
        robot.clickOn("#index-" + id);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private Figure figure(String query) {
        Figure f = robot.lookup(query).queryAs(HeatmapControl.class).getFigure();
        assertNotNull(f, query + " has nothing to draw");
        return f;
    }

    private void turkish() {
        robot.interact(() -> context.i18n().localeProperty().set(Locale.forLanguageTag("tr")));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @SuppressWarnings("unchecked")
    @Test
    void gqaSharesKvHeadsDownToMultiQuery() {
        goTo("gqa");
        assertEquals("GQA and MQA", text("#chapter-title"));
        // the default: 2 K/V heads, query heads 1-4 on the first, 5-8 on the second
        Figure sharing = figure("#gqa-sharing");
        assertEquals(2, sharing.data(0).rows());
        assertEquals(1f, sharing.data(0).value(0, 3), 0);
        assertEquals(1f, sharing.data(0).value(1, 4), 0);
        assertEquals(8, figure("#gqa-maps").panelCount());
        assertEquals("q5 · K/V 2", figure("#gqa-maps").title(4));
        ChoiceBox<Integer> kv = robot.lookup("#gqa-kv-heads").queryAs(ChoiceBox.class);
        assertEquals(List.of(8, 4, 2, 1), kv.getItems());
        robot.clickOn(kv);
        robot.clickOn("1 (multi-query)");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, figure("#gqa-sharing").data(0).rows());
        assertEquals("q8 · K/V 1", figure("#gqa-maps").title(7));
        // 2 x 1 x 2 = 4 numbers per token and layer
        assertTrue(text("#gqa-toy").startsWith("1 K/V heads for 8 query heads: groups of 8. The cache keeps K and V: "
                + "2 × 1 × 2 = 4 numbers"), text("#gqa-toy"));
        // 2 x 32 x 8 x 128 x 2 bytes = 128 KiB per token, x 131 072 = 16 GiB
        assertEquals("8", text("#gqa-llama-8"));
        assertTrue(text("#gqa-notes").startsWith("With 32 K/V heads: 68,719,476,736 bytes = 64 GiB = 68.7 GB."),
                text("#gqa-notes"));
        // the quiz: query head 13 of 32 on 8 reads K/V head (13 - 1) / 4 + 1 = 4
        robot.clickOn("#quiz-answer");
        robot.write("4");
        key(KeyCode.ENTER);
        assertTrue(text("#quiz-message").startsWith("Right"), text("#quiz-message"));
        turkish();
        assertEquals("GQA ve MQA", text("#chapter-title"));
        assertTrue(text("#gqa-notes").startsWith("32 K/V kafasıyla: 68.719.476.736 bayt = 64 GiB = 68,7 GB."),
                text("#gqa-notes"));
        assertEquals("q8 · K/V 1", figure("#gqa-maps").title(7));
    }

    @Test
    void ropeKeepsItsDiagonalsAtEveryBase() {
        goTo("rope");
        assertEquals("RoPE", text("#chapter-title"));
        assertEquals("Base: 10000", text("#rope-base-value"));
        Figure scores = figure("#rope-scores");
        assertEquals(2, scores.panelCount());
        // the same distance, the same score: (5, 3) and (7, 5) are both 2 apart
        assertEquals(scores.data(0).value(5, 3), scores.data(0).value(7, 5), 1e-5);
        assertFalse(robot.lookup("#rope-dial-4").tryQuery().isEmpty(), "one dial per pair: hd 8 has 4");
        Slider slider = robot.lookup("#rope-base").queryAs(Slider.class);
        robot.interact(() -> slider.setValue(2));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Base: 100", text("#rope-base-value"));
        Figure at100 = figure("#rope-scores");
        assertEquals(at100.data(0).value(2, 0), at100.data(0).value(7, 5), 1e-5);
        assertTrue(text("#rope-spread").startsWith("Largest spread along one diagonal: RoPE "), text("#rope-spread"));
        assertTrue(text("#rope-dial-2 .label").startsWith("pair 2: 0.3162 rad per position"), text("#rope-dial-2 .label"));
        turkish();
        assertEquals("Taban: 100", text("#rope-base-value"));
        assertTrue(text("#rope-dial-2 .label").startsWith("2. çift: konum başına 0,3162 radyan"),
                text("#rope-dial-2 .label"));
    }

    @SuppressWarnings("unchecked")
    @Test
    void aHeadIsFoundByClickingTheOverview() {
        goTo("heads");
        assertEquals("Reading heads", text("#chapter-title"));
        assertEquals("all-MiniLM-L6-v2: 6 layers × 12 heads, scored over 6 English and 6 Turkish sentences.",
                text("#heads-status"));
        HeatmapControl grid = robot.lookup("#heads-overview").queryAs(HeatmapControl.class);
        Figure overview = figure("#heads-overview");
        assertEquals(6, overview.data(0).rows());
        assertEquals(12, overview.data(0).cols());
        assertEquals("Find the head that looks at the previous token: click it in the grid.", text("#heads-find"));
        // a head that is not the strongest: its rank and the strongest one are named
        clickCell(grid, 5, 0);
        assertTrue(text("#heads-verdict").startsWith("layer 6, head 1 ranks "), text("#heads-verdict"));
        // layer 1, head 3 attends to the previous token on nearly every row (see ReadingHeadsChapterTest)
        clickCell(grid, 0, 2);
        assertTrue(text("#heads-verdict").startsWith("Found it: layer 1, head 3 is the strongest"),
                text("#heads-verdict"));
        assertTrue(text("#heads-scores").startsWith("layer 1, head 3: previous 0.99"), text("#heads-scores"));
        assertEquals("layer 1, head 3 on the sentence", figure("#heads-map").options().title());
        ChoiceBox<Boolean> language = robot.lookup("#heads-language").queryAs(ChoiceBox.class);
        robot.interact(() -> language.setValue(true));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("[CLS]", figure("#heads-map").data(0).rowLabels().get(0));
        assertTrue(figure("#heads-map").data(0).rowLabels().contains("##ı"), "Turkish pieces");
        assertTrue(text("#heads-verdict").startsWith("Found it: layer 1, head 3"), "the same head on Turkish");
        turkish();
        assertEquals("Kafaları okumak", text("#chapter-title"));
        assertEquals("Izgarada önceki tokena bakan kafayı bulup ona tıklayın.", text("#heads-find"));
        assertTrue(text("#heads-verdict").startsWith("Buldunuz: en güçlüsü 1. katman, 3. kafa"), text("#heads-verdict"));
        assertFalse(text("#quiz-prompt").isEmpty());
    }

    private void clickCell(HeatmapControl grid, int row, int col) {
        double[] b = grid.shownProperty().get().bounds(new CellHit(0, row, col));
        Point2D centre = grid.localToScreen(b[0] + b[2] / 2, b[1] + b[3] / 2);
        robot.clickOn(centre);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @SuppressWarnings("unchecked")
    @Test
    void eachChaptersFirstFigureExportsAndCopies() throws Exception {
        for (String[] c : new String[][] {{"gqa", "Which query heads read each K/V head"},
                {"rope", "Scores of one token at positions 0–7"}, {"heads", "previous token, mean over 6 sentences"}}) {
            goTo(c[0]);
            files.file = dir.resolve(c[0] + ".svg");
            key(KeyCode.SHORTCUT, KeyCode.E);
            DialogPane pane = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
            ChoiceBox<Object> format = (ChoiceBox<Object>) pane.lookup("#export-format");
            Object svg = format.getItems().stream()
                    .filter(i -> format.getConverter().toString(i).equals("SVG picture (vector)")).findFirst()
                    .orElseThrow();
            robot.interact(() -> format.setValue(svg));
            robot.clickOn((javafx.scene.control.Button) pane.lookupButton(ButtonType.OK));
            WaitForAsyncUtils.waitForFxEvents();
            List<String> texts = SvgTexts.of(files.file);
            assertTrue(texts.contains(c[1]), c[0] + ": " + texts);
            robot.interact(() -> javafx.scene.input.Clipboard.getSystemClipboard().clear());
            MenuBar bar = robot.lookup(".menu-bar").queryAs(MenuBar.class);
            Menu file = bar.getMenus().stream().filter(m -> "menu-file".equals(m.getId())).findFirst().orElseThrow();
            MenuItem copy = file.getItems().stream().filter(i -> "menu-file-copy-picture".equals(i.getId()))
                    .findFirst().orElseThrow();
            assertFalse(copy.isDisable(), c[0]);
            robot.interact(copy::fire);
            assertTrue(WaitForAsyncUtils.asyncFx(() -> javafx.scene.input.Clipboard.getSystemClipboard().hasImage())
                    .get(), c[0] + ": Copy picture puts it on the clipboard");
        }
    }
}
