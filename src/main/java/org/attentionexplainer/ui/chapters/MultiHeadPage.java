package org.attentionexplainer.ui.chapters;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.attentionexplainer.export.AttentionFigures.MatrixRange;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.lesson.chapters.MultiHeadChapter;
import org.attentionexplainer.lesson.chapters.ShapeStep;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.i18n.I18n;

/** Multi-head attention: the shapes of the split, every head's map, the output, fused against separate weights. */
final class MultiHeadPage extends ChapterPage<MultiHeadChapter> {

    @Override
    ChapterText text() {
        return MultiHeadChapter.TEXT;
    }

    @Override
    void start(ChapterWork work) {
        computeOnce(work, MultiHeadChapter::compute);
    }

    @Override
    Node create(ChaptersViewModel chapters) {
        I18n i18n = chapters.i18n();
        var mh = model();
        GridPane shapes = new GridPane();
        shapes.setId("multihead-shapes");
        shapes.getStyleClass().add("chapter-table");
        mh.addListener((o, a, b) -> fillShapes(i18n, shapes, b));
        i18n.localeProperty().addListener((o, a, b) -> fillShapes(i18n, shapes, mh.get()));
        fillShapes(i18n, shapes, mh.get());
        Node heads = Maps.control("multihead-heads", Maps.figure(i18n, mh, x -> {
            List<HeatmapData> maps = new ArrayList<>();
            List<String> titles = new ArrayList<>();
            for (int h = 0; h < x.heads(); h++) {
                maps.add(Maps.data(x.trace().tokens(), x.trace().tokens(), x.headWeights(h), (i, j) -> j > i));
                titles.add(i18n.get("chapter.ui.head", h + 1));
            }
            return Maps.grid(maps, titles, MatrixRange.UNIT,
                    Maps.options(i18n, "chapter.ui.multihead.heads", "chapter.ui.weight", 2, 48)
                            .withCaption(i18n.get("chapter.ui.multihead.headsCaption")));
        }), 23);
        Node output = Maps.control("multihead-output", Maps.figure(i18n, mh, x -> Maps.signed(
                Maps.data(x.trace().tokens(), Maps.numbered(x.dOut()), x.trace().output().matrix(0), null),
                Maps.options(i18n, "chapter.ui.multihead.output", "chapter.ui.value", 3, 52)
                        .withAxes(i18n.get("chapter.ui.axis.tokens"), i18n.get("chapter.ui.axis.features")))), 21);
        Label diff = PageLayout.text(i18n, Bindings.createObjectBinding(
                () -> mh.get() == null ? null : mh.get().differenceText(), mh), "multihead-difference", "page-result");
        answerSection("chapter.multihead.fused.title", "fused");
        return layout(chapters, null, new VBox(linesPart(chapters, answer(chapters, shapes, "hd", "shape")), part(heads),
                part(output, answer(chapters, diff, "fused"))));
    }

    private static void fillShapes(I18n i18n, GridPane grid, MultiHeadChapter x) {
        grid.getChildren().clear();
        if (x == null) {
            return;
        }
        // each step's name on a line of its own above its code and shapes: the four side by side were twice a
        // slide's width, and the code is what the eye follows down the table
        int r = 0;
        for (ShapeStep s : x.shapes()) {
            grid.add(PageLayout.line(i18n.get(s.labelKey()), "chapter-table-step"), 0, r++, 3, 1);
            grid.addRow(r++, cell(s.code()), cell(s.symbols()), cell("= " + s.dimsString()));
        }
    }
}
