package org.attentionexplainer.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import org.attentionexplainer.ui.chapters.ChaptersScreen;
import org.attentionexplainer.ui.chapters.ChaptersViewModel;
import org.attentionexplainer.ui.chapters.RegisteredChapters;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Presenting, nothing a chapter's part shows is below the fold: the presenter keys walk every chapter part
 * by part and step by step, and each part reached lies whole on the slide (the visible page), its tables' columns
 * too.
 */
@Tag("projector")
class ProjectorWholePartsFxTest extends ProjectorFixture {
    /** Half a pixel either way for rounding. */
    private static final double SLACK = 1;

    @ParameterizedTest(name = "{0}")
    @MethodSource("languages")
    void everyPartOfEveryChapterIsWholeOnTheSlide(Locale locale) throws Exception {
        open("chapters", true, locale);
        ChaptersViewModel chapters = ((ChaptersScreen) model.currentProperty().get()).model();
        List<String> cut = new ArrayList<>();
        for (int chapter = 0; chapter < RegisteredChapters.ids().size(); chapter++) {
            int index = chapter;
            walkChapter(chapters, index, moves -> {
                List<Node> parts = robot.lookup(".chapter-part").queryAll().stream()
                        .filter(ProjectorFixture::treeVisible).toList();
                if (parts.isEmpty()) {
                    return;
                }
                Node part = parts.get(0);
                Bounds b = part.localToScene(part.getLayoutBounds());
                Bounds slide = viewport(part);
                if (b.getMinY() < slide.getMinY() - SLACK || b.getMaxY() > slide.getMaxY() + SLACK) {
                    cut.add(String.format(Locale.ROOT, "%s at move %d: part y %.0f to %.0f, slide %.0f to %.0f",
                            RegisteredChapters.ids().get(index), moves, b.getMinY(), b.getMaxY(), slide.getMinY(),
                            slide.getMaxY()));
                }
                // a table's columns are never cut at the slide's right edge (a strip to scroll sideways is for the desk)
                for (Node table : part.lookupAll(".chapter-table")) {
                    Bounds t = table.localToScene(table.getLayoutBounds());
                    if (treeVisible(table) && (t.getWidth() > b.getWidth() + SLACK || t.getMaxX() > slide.getMaxX() + SLACK)) {
                        cut.add(String.format(Locale.ROOT, "%s at move %d: a table %.0f px wide to x %.0f, slide to x %.0f",
                                RegisteredChapters.ids().get(index), moves, t.getWidth(), t.getMaxX(), slide.getMaxX()));
                    }
                }
            });
        }
        assertTrue(cut.isEmpty(), WIDTH + "x" + HEIGHT + ", " + locale + ": parts past the slide: " + cut);
    }
}
