package org.attentionexplainer.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import org.attentionexplainer.ui.chapters.ChaptersScreen;
import org.attentionexplainer.ui.chapters.ChaptersViewModel;
import org.attentionexplainer.ui.chapters.RegisteredChapters;
import org.attentionexplainer.ui.common.PageLayout;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Presenting, a chapter's part whose figure is lines of text fills its slide as a map does, at the
 * screen size the build gives this JVM, in English and Turkish.
 */
@Tag("projector")
class ProjectorChapterPartsFxTest extends ProjectorFixture {
    /** The least share of the slide's height that a part's lines take. */
    private static final double LEAST_SHARE = 0.6;

    /**
     * Every chapter's lines, part by part and step by step, are whole on the slide and take most of
     * its height: at 1280 x 800 the tiny GPT's lines (what was fed, what the step did, the cache) had
     * taken 250 of its 716 px, cross-attention's strongest pairs 130, the cost chapter's figures 260,
     * the sliding window's table 235.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("languages")
    void everyChaptersLinesFillTheirSlide(Locale locale) throws Exception {
        open("chapters", true, locale);
        ChaptersViewModel chapters = ((ChaptersScreen) model.currentProperty().get()).model();
        List<String> filled = new ArrayList<>();
        for (String id : List.of("hard-soft", "cross", "cost", "kv-cache", "window")) {
            int index = RegisteredChapters.ids().indexOf(id);
            walkChapter(chapters, index, moves -> {
                for (Node lines : robot.lookup("." + PageLayout.FILLED_LINES).queryAll()) {
                    if (treeVisible(lines)) {
                        assertFills(lines, id + " after " + moves + " moves");
                        if (!filled.contains(id)) {
                            filled.add(id);
                        }
                    }
                }
            });
        }
        assertTrue(filled.equals(List.of("hard-soft", "cross", "cost", "kv-cache", "window")),
                "the presenter's Next reaches each chapter's lines: " + filled);
    }

    /**
     * {@code lines} whole in the window and on the slide, and at least {@link #LEAST_SHARE} of its
     * height, unless they already reach as far as they may: the type of their lines or their table's cells at
     * its largest, 1.75 times the slide's, or a table in them as wide as the slide.
     */
    private void assertFills(Node lines, String what) {
        Bounds b = lines.localToScene(lines.getLayoutBounds());
        Bounds slide = viewport(lines);
        double type = robot.lookup(".main-view").queryAs(javafx.scene.Parent.class).getStyle()
                .replaceAll(".*-fx-font-size:\\s*([0-9.]+)px.*", "$1").transform(Double::parseDouble);
        // measured on the FX thread, whose text layout is shared
        double[] measured = new double[2];
        robot.interact(() -> {
            measured[0] = java.util.stream.Stream.concat(lines.lookupAll(".page-result").stream(),
                            lines.lookupAll(".chapter-cell").stream()).filter(n -> n instanceof javafx.scene.control.Label)
                    .mapToDouble(n -> ((javafx.scene.control.Label) n).getFont().getSize()).max().orElse(0);
            measured[1] = lines.lookupAll(".chapter-table").stream().mapToDouble(n -> n.prefWidth(-1)).max().orElse(0);
        });
        double largest = measured[0];
        double table = measured[1];
        String described = String.format(Locale.ROOT, "%s @%dx%d: lines %.0f x %.0f px from y %.0f, on a slide %.0f x %.0f px;"
                        + " type %.1f px on a slide's %.1f px; table %.0f px wide", what, WIDTH, HEIGHT, b.getWidth(),
                b.getHeight(), b.getMinY(), slide.getWidth(), slide.getHeight(), largest, type, table);
        System.out.println(described);
        assertTrue(inside(b, slide) && inside(b, new BoundingBox(0, 0, WIDTH, HEIGHT)), "whole: " + described);
        assertTrue(b.getHeight() >= LEAST_SHARE * slide.getHeight() || largest >= 1.74 * type
                || table >= 0.95 * b.getWidth(), described);
    }
}
