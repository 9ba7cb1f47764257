package org.attentionexplainer.ui.chapters;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.lesson.chapters.CrossChapter;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.i18n.I18n;

/** Cross-attention: the decoder's queries over the encoder's keys. */
final class CrossPage extends ChapterPage<CrossChapter> {

    @Override
    ChapterText text() {
        return CrossChapter.TEXT;
    }

    @Override
    void start(ChapterWork work) {
        computeOnce(work, CrossChapter::compute);
    }

    @Override
    Node create(ChaptersViewModel chapters) {
        I18n i18n = chapters.i18n();
        var cr = model();
        Node map = Maps.control("cross-weights", Maps.figure(i18n, cr, x -> Maps.single(
                Maps.data(x.decoderTokens(), x.encoderTokens(), x.weights().matrix(), null),
                Maps.options(i18n, "chapter.ui.cross.map", "chapter.ui.weight", 2, 64)
                        .withAxes(i18n.get("chapter.ui.cross.decoder"), i18n.get("chapter.ui.cross.encoder")))), 24);
        Label shape = PageLayout.computed(i18n, "cross-shape", () -> {
            CrossChapter x = cr.get();
            return x == null ? "" : i18n.get("chapter.ui.cross.shape", x.rows(), x.columns());
        }, cr);
        Label strongest = PageLayout.computed(i18n, "cross-strongest", () -> {
            CrossChapter x = cr.get();
            if (x == null) {
                return "";
            }
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < x.rows(); i++) {
                int j = x.strongestSource(i);
                lines.add(i18n.get("chapter.ui.cross.pair", x.decoderTokens().get(i), x.encoderTokens().get(j),
                        i18n.number(x.weights().get(i, j), 4)));
            }
            return String.join("\n", lines);
        }, cr);
        answerSection("chapter.cross.shape.title", "columns");
        return layout(chapters, null, new VBox(part(answer(chapters, map, "columns", "strongest")),
                linesPart(chapters, answer(chapters, shape, "columns"), answer(chapters, strongest, "strongest"))));
    }
}
