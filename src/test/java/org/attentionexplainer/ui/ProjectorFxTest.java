package org.attentionexplainer.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import org.attentionexplainer.render.FigureLayout;
import org.attentionexplainer.ui.chapters.ChaptersScreen;
import org.attentionexplainer.ui.chapters.ChaptersViewModel;
import org.attentionexplainer.ui.chapters.RegisteredChapters;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The pictures as a class sees them on a projector: the window fills a screen of the size the
 * build gives this JVM ({@code projector.screen}, Monocle's headless screen is set per JVM, so
 * the pom runs this class once per size), in presentation mode and out of it, in English and
 * Turkish. The cell sizes come from the layout each heatmap was drawn with.
 */
@Tag("projector")
class ProjectorFxTest extends ProjectorFixture {
    /** The heatmaps drawn on screen now, each with the layout it was drawn with. */
    private List<HeatmapControl> shownMaps() {
        List<HeatmapControl> out = new ArrayList<>();
        Scene scene = robot.listTargetWindows().stream().filter(w -> w.getScene() != null && w.isShowing())
                .findFirst().orElseThrow().getScene();
        for (Node n : scene.getRoot().lookupAll("." + HeatmapControl.STYLE_CLASS)) {
            if (n instanceof HeatmapControl c && c.isVisible() && treeVisible(c) && c.shownProperty().get() != null) {
                out.add(c);
            }
        }
        return out;
    }

    @ParameterizedTest(name = "presenting {0}, {1}")
    @MethodSource("modes")
    void everyChaptersMapsFillTheirPane(boolean presenting, Locale locale) throws Exception {
        open("chapters", presenting, locale);
        ChaptersViewModel chapters = ((ChaptersScreen) model.currentProperty().get()).model();
        int checked = 0;
        int moves = 0;
        // every chapter, each from its first part to its last (a stepped chapter takes dozens of moves)
        for (int chapter = 0; chapter < RegisteredChapters.ids().size(); chapter++) {
            int index = chapter;
            robot.interact(() -> chapters.goTo(index));
            do {
                settle();
                String page = RegisteredChapters.ids().get(index) + " after " + moves + " moves";
                for (HeatmapControl c : shownMaps()) {
                    FigureLayout l = c.shownProperty().get();
                    System.out.println(describe("chapter " + page, c));
                    if (tokenMap(l)) {
                        // one map and two side by side (at a desk beside the prose too) get the issue's 48 px;
                        // four (the encoder's steps) share its height too; eight heads side by side are small multiples
                        double least = l.panelCount() == 1 ? atLeast(48, 34) : l.panelCount() == 2 ? atLeast(48, 28)
                                : l.panelCount() <= 4 ? atLeast(28, 20) : atLeast(12, 8);
                        assertTrue(l.cellSize() >= least, describe("chapter " + page, c));
                        // every token named, eight heads side by side at 1024 x 768 too
                        assertTrue(l.everyLabelShown(), describe("chapter " + page, c));
                        checked++;
                    }
                }
                moves++;
            } while (next() && chapters.indexProperty().get() == index);
        }
        assertTrue(checked > 0, "some chapter shows a map");
    }

    private boolean settingsColumnShown() {
        return robot.lookup(".explorer-controls").queryAll().stream().anyMatch(ProjectorFxTest::treeVisible);
    }

    /** A map of up to 8 tokens (not a table of positions by dimensions, which has many columns). */
    private static boolean tokenMap(FigureLayout l) {
        double[] first = l.bounds(new org.attentionexplainer.render.CellHit(0, -1, -1));
        return first[2] / l.cellSize() <= 8.5;
    }

    /**
     * Presenting, the presenter's Next reaches the parts of the chapters whose map fills a slide in
     * order (the KV cache's map, its cache, its chart, the tiny GPT's map, then its lines of what was
     * fed, what the step did and the cache; FlashAttention's map, then its running m and l), and each
     * table, chart and map is whole on the slide when its part is shown. The tiny GPT's map of 20
     * tokens has every label on cells of the issue's 28 px from 1280 x 800.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("languages")
    void everyPartOfTheSteppedChaptersIsWholeOnTheSlide(Locale locale) throws Exception {
        open("chapters", true, locale);
        ChaptersViewModel chapters = ((ChaptersScreen) model.currentProperty().get()).model();
        for (var chapter : List.of(Map.entry("kv-cache", List.of(List.of("kv-map"), List.of("kv-cache"),
                        List.of("kv-chart"), List.of("kv-gen-map"), List.of("kv-gen-text", "kv-gen-work", "kv-gen-cache"))),
                Map.entry("flash", List.of(List.of("flash-map"), List.of("flash-rows"))))) {
            int index = RegisteredChapters.ids().indexOf(chapter.getKey());
            robot.interact(() -> chapters.goTo(index));
            List<List<String>> reached = new ArrayList<>();
            int moves = 0;
            do {
                settle();
                List<String> shown = new ArrayList<>();
                for (String id : chapter.getValue().stream().flatMap(List::stream).toList()) {
                    Node n = robot.lookup("#" + id).query();
                    if (!treeVisible(n)) {
                        continue;
                    }
                    shown.add(id);
                    if (n instanceof HeatmapControl c && id.equals("kv-gen-map")) {
                        FigureLayout l = c.shownProperty().get();
                        String described = describe("chapter kv-cache after " + moves + " moves", c);
                        System.out.println(described);
                        assertEquals(20, c.getFigure().data(0).rows(), described);
                        assertTrue(l.cellSize() >= atLeast(28, 20), described);
                        // at 1024 x 768 the rows' labels may be thinned to every other one
                        assertTrue(l.everyLabelShown(), described);
                    }
                    Bounds b = n instanceof HeatmapControl c ? c.localToScene(new javafx.geometry.BoundingBox(0, 0,
                            c.getWidth(), c.shownProperty().get().height())) : n.localToScene(n.getLayoutBounds());
                    if (SMALL) {
                        // at 1024 x 768 the cache's table is a little wider than the column, whose strip
                        // scrolls it sideways: there it is asked to be whole from top to bottom
                        b = new javafx.geometry.BoundingBox(viewport(n).getMinX(), b.getMinY(), 1, b.getHeight());
                    }
                    assertTrue(b.getHeight() > 0 && inside(b, new javafx.geometry.BoundingBox(0, 0, WIDTH, HEIGHT))
                                    && inside(b, viewport(n)),
                            id + " whole on the slide after " + moves + " moves at " + WIDTH + "x" + HEIGHT + ": " + b
                                    + " in " + viewport(n));
                }
                if (!shown.isEmpty() && (reached.isEmpty() || !reached.get(reached.size() - 1).equals(shown))) {
                    reached.add(shown);
                }
                moves++;
            } while (next() && chapters.indexProperty().get() == index);
            assertEquals(chapter.getValue(), reached, "the presenter's Next reaches each part in order");
        }
    }

    /**
     * Presenting, the reading-heads chapter's controls (its sentence picker the longest) fit their
     * narrow column: no label is cut short, with English and with Turkish sentences.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("languages")
    void theSentencePickerShowsItsSentenceWhole(Locale locale) throws Exception {
        open("chapters", true, locale);
        ChaptersViewModel chapters = ((ChaptersScreen) model.currentProperty().get()).model();
        robot.interact(() -> chapters.goTo(RegisteredChapters.ids().indexOf("heads")));
        settle();
        Node picker = robot.lookup("#heads-sentence").query();
        Node controls = picker;
        while (!controls.getStyleClass().contains("chapter-controls")) {
            controls = controls.getParent();
        }
        assertEquals(List.of(), cutLabels(controls), "the first English sentence");
        javafx.scene.control.ChoiceBox<Boolean> language = robot.lookup("#heads-language")
                .queryAs(javafx.scene.control.ChoiceBox.class);
        @SuppressWarnings("unchecked")
        javafx.scene.control.ComboBox<Integer> sentences = (javafx.scene.control.ComboBox<Integer>) picker;
        for (boolean turkish : List.of(false, true)) {
            robot.interact(() -> language.setValue(turkish));
            for (int i = 0; i < sentences.getItems().size(); i++) {
                int sentence = i;
                robot.interact(() -> sentences.setValue(sentence));
                settle();
                assertEquals(List.of(), cutLabels(controls), (turkish ? "Turkish" : "English") + " sentence " + (i + 1));
                Bounds b = picker.localToScene(picker.getLayoutBounds());
                assertTrue(inside(b, viewport(picker)), "the picker is on the slide: " + b);
            }
        }
    }

    @ParameterizedTest(name = "presenting {0}, {1}")
    @MethodSource("modes")
    void theCourseExamplesMatricesAreLargeAndPresentationHidesTheInputs(boolean presenting, Locale locale)
            throws Exception {
        open("walkthrough", presenting, locale);
        robot.interact(() -> model.currentProperty().get().first());
        for (int step = 1; step < 4; step++) {
            next();
        }
        settle();
        // step 4: scores, weights and context vectors of the three tokens, in one figure
        HeatmapControl map = robot.lookup("#all-figure").queryAs(HeatmapControl.class);
        FigureLayout l = map.shownProperty().get();
        System.out.println(describe("walkthrough step 4", map));
        assertEquals(3, l.panelCount());
        assertTrue(l.cellSize() >= atLeast(48, 24), describe("walkthrough step 4", map));
        // at 1024 x 768 the cells (30-43 px) keep their labels but are too small for four decimals
        assertTrue(l.labelsShown() && (SMALL || l.valuesShown()), describe("walkthrough step 4", map));
        assertTrue(onScreen(map, l), describe("walkthrough step 4", map));
        boolean inputsShown = robot.lookup(".walk-value-field").queryAll().stream().anyMatch(ProjectorFxTest::treeVisible);
        assertEquals(!presenting, inputsShown, "the editing panel is shown only out of presentation mode");
    }

    @ParameterizedTest(name = "presenting, {0}")
    @MethodSource("languages")
    void presentingAWalkthroughStepGivesTheFormulasColumnNoMoreThanAQuarter(Locale locale) throws Exception {
        open("walkthrough", true, locale);
        robot.interact(() -> model.currentProperty().get().first());
        next();
        next();
        settle();
        // step 3: the formula alone on the left; at 1024 x 768 its column had kept 16 em (336 px), a
        // third of the slide, while the context vectors beside it broke mid-vector
        javafx.scene.layout.Region column = robot.lookup(".page-left").queryAll().stream()
                .filter(ProjectorFxTest::treeVisible).map(javafx.scene.layout.Region.class::cast)
                .findFirst().orElseThrow();
        System.out.println("walkthrough step 3 @" + WIDTH + "x" + HEIGHT + ", " + locale + ": formula's column "
                + column.getWidth() + " px");
        assertTrue(column.getWidth() <= WIDTH * 0.25, "the formula's column: " + column.getWidth() + " px");
    }

    /**
     * Presenting, the walkthrough's steps of arithmetic (scores, softmax, context) are their slide's
     * figure: their lines take type larger than the slide's, as a map fills its slide, yet no line of
     * arithmetic wraps (a product split from its vector) and nothing runs past the slide's foot.
     */
    @ParameterizedTest(name = "presenting, {0}")
    @MethodSource("languages")
    void presentingTheWalkthroughsArithmeticFillsTheSlideWithUnbrokenLines(Locale locale) throws Exception {
        open("walkthrough", true, locale);
        robot.interact(() -> model.currentProperty().get().first());
        for (int step = 1; step <= 3; step++) {
            settle();
            javafx.scene.layout.GridPane lines = robot.lookup(".walk-lines").queryAll().stream()
                    .filter(ProjectorFxTest::treeVisible).map(javafx.scene.layout.GridPane.class::cast)
                    .findFirst().orElseThrow();
            javafx.scene.layout.Region visual = (javafx.scene.layout.Region) lines.getParent();
            double[] got = new double[4];
            robot.interact(() -> {
                got[0] = lines.getWidth();
                got[1] = lines.prefWidth(-1);
                got[2] = ((javafx.scene.control.Label) lines.getChildren().get(lines.getChildren().size() - 1))
                        .getFont().getSize();
                got[3] = visual.localToScene(0, visual.prefHeight(visual.getWidth())).getY();
            });
            String where = "walkthrough step " + step + " @" + WIDTH + "x" + HEIGHT + ", " + locale + ": lines "
                    + got[0] + " px of " + got[1] + " wanted, type " + got[2] + " px, foot at " + got[3];
            System.out.println(where);
            assertTrue(got[0] >= got[1] - 0.5, "no line of arithmetic wraps: " + where);
            // as large as the slide allows: down to its foot, or across its width (the widest line at its edge)
            Bounds slide = viewport(visual);
            assertTrue(got[3] >= slide.getMaxY() - 0.1 * slide.getHeight() || got[1] >= 0.97 * got[0],
                    "the lines fill the slide: " + where);
            assertTrue(got[3] <= slide.getMaxY() + 1, "nothing past the slide's foot: " + where);
            next();
        }
    }

    @ParameterizedTest(name = "presenting {0}, {1}")
    @MethodSource("modes")
    void theExplorersGridShowsEveryHeadAndOneHeadIsLarge(boolean presenting, Locale locale) throws Exception {
        open("explorer", presenting, locale);
        HeatmapControl grid = robot.lookup("#explorer-heatmap").queryAs(HeatmapControl.class);
        FigureLayout l = grid.shownProperty().get();
        System.out.println(describe("explorer grid", grid));
        assertTrue(onScreen(grid, l), "the whole grid is in the window: " + describe("explorer", grid));
        // the explorer opens on the trained model's twelve heads: 16 px cells at every size, with their token
        // labels on the grid's outer row and column, every one of them from 1280 x 800, presenting too
        assertTrue(l.cellSize() >= 16, describe("explorer grid", grid));
        assertTrue(l.everyLabelShown(), "token labels on the grid: " + describe("explorer grid", grid));
        javafx.scene.control.ToggleButton settingsToggle = robot.lookup("#explorer-settings-toggle")
                .queryAs(javafx.scene.control.ToggleButton.class);
        assertEquals(!presenting, treeVisible(settingsToggle), "the settings toggle is offered at a desk only");
        if (!presenting) {
            // a desk of 1280 x 800 or less gives the grid the settings' room unasked; a larger one shows both
            boolean roomy = WIDTH > 1280;
            assertEquals(roomy, settingsColumnShown(), "the settings column is shown where the window has room");
            assertEquals(null, settings.get("explorer.settingsShown", null), "nothing chosen yet");
            // the learner's choice (Settings, F9) overrides the window's, and is kept
            robot.interact(settingsToggle::fire);
            settle();
            l = grid.shownProperty().get();
            System.out.println(describe("explorer grid, settings toggled", grid));
            assertEquals(!roomy, settingsColumnShown(), "the toggle shows or hides the settings column");
            assertEquals(Boolean.toString(!roomy), settings.get("explorer.settingsShown", null));
            assertTrue(onScreen(grid, l), "the whole grid is in the window: " + describe("explorer", grid));
            robot.interact(settingsToggle::fire);
            settle();
            assertEquals(roomy, settingsColumnShown());
            assertEquals(Boolean.toString(roomy), settings.get("explorer.settingsShown", null));
        }
        focusOneHead();
        l = grid.shownProperty().get();
        System.out.println(describe("explorer head", grid));
        assertEquals(1, l.panelCount());
        assertTrue(l.cellSize() >= atLeast(32, 24), describe("explorer head", grid));
        assertTrue(l.everyLabelShown(), describe("explorer head", grid));
        // the message is truthful at every size; from 1280 x 800 one head has room for its numbers
        assertEquals(!l.valuesShown() && !presenting, robot.lookup("#explorer-values-no-room").query().isVisible(),
                "the 'too small' message shows exactly when the numbers are left out: " + describe("explorer head", grid));
        assertTrue(SMALL || l.valuesShown(), describe("explorer head", grid));
    }

    /** Ten words the model's tokenizer keeps whole: with [CLS] and [SEP], twelve tokens. */
    private static final String TWELVE_TOKENS = "The teacher asked every student to read the short story";

    @ParameterizedTest(name = "presenting {0}, {1}")
    @MethodSource("modes")
    void aTwelveTokenSentencesTwelveHeadsAreWholeAndOneHeadIsLarge(boolean presenting, Locale locale)
            throws Exception {
        open("explorer", presenting, locale);
        javafx.scene.control.TextField sentence = robot.lookup("#explorer-sentence")
                .queryAs(javafx.scene.control.TextField.class);
        robot.interact(() -> sentence.setText(TWELVE_TOKENS));
        settle();
        HeatmapControl grid = robot.lookup("#explorer-heatmap").queryAs(HeatmapControl.class);
        FigureLayout l = grid.shownProperty().get();
        System.out.println(describe("explorer grid, 12 tokens", grid));
        assertEquals(12, l.panelCount(), describe("explorer grid, 12 tokens", grid));
        assertEquals(12 * l.cellSize(), l.bounds(new org.attentionexplainer.render.CellHit(0, -1, -1))[2], 1e-6,
                "twelve tokens: " + describe("explorer grid, 12 tokens", grid));
        // every head in the pane as drawn, nothing cut at its edges and nothing to scroll to
        assertTrue(l.width() <= grid.getWidth() + 0.5 && l.height() <= grid.getHeight() + 0.5 && onScreen(grid, l),
                "the whole grid is in its pane: " + describe("explorer grid, 12 tokens", grid));
        // the issue's 16 px with every token labelled from 1280 x 800 on, at a desk too (13 px there beside the
        // navigation, the caption and two notes; 15 px in English with the caption under the maps). At 1024 x 768
        // no grid holds twelve 16 px maps of twelve tokens: six across take 1152 px of cells, more than the
        // window; four or five across take three rows, 576 px of cells, and with the rows' titles (3 x 34 px
        // presenting), the keys' labels (63 px), the figure's title and colour bar (64 px) and its caption, more
        // than the 646 px the slide gives the maps: 12 px there, every token still named
        double least = SMALL ? 12 : 16;
        assertTrue(l.cellSize() >= least, describe("explorer grid, 12 tokens", grid));
        assertTrue(l.everyLabelShown(), "token labels on the grid: " + describe("explorer grid, 12 tokens", grid));
        focusOneHead();
        l = grid.shownProperty().get();
        System.out.println(describe("explorer head, 12 tokens", grid));
        assertEquals(1, l.panelCount());
        // 32 px from 1280 x 800 on; at a 1024 x 768 desk the two rows of the toolbar leave 31
        assertTrue(l.cellSize() >= atLeast(32, 30), describe("explorer head, 12 tokens", grid));
        assertTrue(l.everyLabelShown(), describe("explorer head, 12 tokens", grid));
        assertTrue(onScreen(grid, l), describe("explorer head, 12 tokens", grid));
    }

    @ParameterizedTest(name = "presenting {0}, {1}")
    @MethodSource("modes")
    void theWelcomePageIsWholeOnTheSlide(boolean presenting, Locale locale) throws Exception {
        open("home", presenting, locale);
        javafx.scene.layout.Region page = robot.lookup("#home").queryAs(javafx.scene.layout.Region.class);
        // the page as tall as its lines want at its width (the scroll pane squeezes it to its height when
        // the lines would run past, and shows a scroll bar)
        double[] bottom = new double[1];
        robot.interact(() -> bottom[0] = page.localToScene(0, 0).getY() + page.prefHeight(page.getWidth()));
        System.out.println("home @" + WIDTH + "x" + HEIGHT + ", presenting " + presenting + ", " + locale
                + ": page's foot at " + bottom[0]);
        // presenting, the three ways in and the language fill the slide, nothing to scroll to (at
        // 1024 x 768 the keys' lines had run past its foot); the keys and F5's line are the teacher's
        if (presenting) {
            assertTrue(bottom[0] <= HEIGHT + 0.5, "the welcome page ends inside the slide: " + bottom[0]);
        }
        assertEquals(!presenting, treeVisible(robot.lookup("#home-keys").query()));
        assertEquals(!presenting, treeVisible(robot.lookup("#home-class").query()));
    }

    @ParameterizedTest(name = "presenting {0}, {1}")
    @MethodSource("modes")
    void theSlidesTypeIsSetForTheProjectorsSize(boolean presenting, Locale locale) throws Exception {
        open("walkthrough", presenting, locale);
        javafx.scene.Parent root = robot.lookup(".main-view").queryAs(javafx.scene.Parent.class);
        // 14 px at a desk; presenting 1.5 times that on a 1280 x 800 slide or smaller, and on a larger
        // projector in proportion to the slide's height, its tighter side: 21 * 1080 / 800 = 28.35 px
        double expected = !presenting ? 14 : WIDTH == 1920 && HEIGHT == 1080 ? 28.35 : 21;
        String style = root.getStyle();
        double px = Double.parseDouble(style.replaceAll(".*-fx-font-size:\\s*([0-9.]+)px.*", "$1"));
        assertEquals(expected, px, 0.06, style + " @" + WIDTH + "x" + HEIGHT);
    }

    /** Shows the explorer's one head instead of the grid, as its "One head" button does. */
    private void focusOneHead() {
        javafx.scene.control.ToggleButton focus = robot.lookup(n -> "explorer-view-focus".equals(n.getId()))
                .queryAs(javafx.scene.control.ToggleButton.class);
        robot.interact(focus::fire);
        settle();
    }
}
