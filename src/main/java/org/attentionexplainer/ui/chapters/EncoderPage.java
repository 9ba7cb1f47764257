package org.attentionexplainer.ui.chapters;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.attentionexplainer.export.AttentionFigures.MatrixRange;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.lesson.chapters.EncoderChapter;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.ui.common.Numbers;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.i18n.I18n;

/** The encoder block: positions, attention, add and norm, the feed-forward network. */
final class EncoderPage extends ChapterPage<EncoderChapter> {

    @Override
    ChapterText text() {
        return EncoderChapter.TEXT;
    }

    @Override
    void start(ChapterWork work) {
        computeOnce(work, EncoderChapter::compute);
    }

    @Override
    Node create(ChaptersViewModel chapters) {
        I18n i18n = chapters.i18n();
        Numbers numbers = new Numbers(i18n);
        var en = model();
        // dimensions down, positions across: each row is one wave, fast at the top, slow at the bottom
        Node pe = Maps.control("encoder-pe", Maps.figure(i18n, en, x -> Maps.signed(
                Maps.data(Maps.numbered(EncoderChapter.MAP_WIDTH), Maps.numbered(EncoderChapter.MAP_POSITIONS),
                        transpose(x.positionalMap().matrix()), null),
                Maps.options(i18n, "chapter.ui.encoder.pe", "chapter.ui.value", -1, 20)
                        .withAxes(i18n.get("chapter.ui.encoder.dimension"), i18n.get("chapter.ui.encoder.position")))),
                27);
        Node steps = Maps.control("encoder-steps", Maps.figure(i18n, en, x -> {
            List<String> cols = Maps.numbered(EncoderChapter.D_MODEL);
            List<HeatmapData> maps = List.of(Maps.data(x.tokens(), cols, x.withPosition().matrix(), null),
                    Maps.data(x.tokens(), cols, x.normed1().matrix(), null),
                    Maps.data(x.tokens(), cols, x.ffn().output().matrix(), null),
                    Maps.data(x.tokens(), cols, x.output().matrix(), null));
            List<String> titles = List.of("X + PE", "H = LayerNorm(X0 + Z)", "F = FFN(H)", "Y = LayerNorm(H + F)");
            return Maps.grid(maps, titles, MatrixRange.SIGNED,
                    Maps.options(i18n, "chapter.ui.encoder.steps", "chapter.ui.value", 2, 40)
                            .withAxes(i18n.get("chapter.ui.axis.tokens"), i18n.get("chapter.ui.axis.features")));
        }), 30);
        Label stats = PageLayout.computed(i18n, "encoder-stats", () -> {
            EncoderChapter x = en.get();
            if (x == null) {
                return "";
            }
            double[] mean = EncoderChapter.rowMeans(x.output());
            double[] var = EncoderChapter.rowVariances(x.output());
            return i18n.get("chapter.ui.encoder.stats", x.tokens().get(0), numbers.any(mean[0], 4),
                    i18n.number(var[0], 4));
        }, en);
        Label shapes = PageLayout.computed(i18n, "encoder-shapes", () -> i18n.get("chapter.ui.encoder.shapes",
                EncoderChapter.D_MODEL, EncoderChapter.D_FF, EncoderChapter.HEADS));
        answerSection("chapter.encoder.addnorm.title", "mean");
        answerSection("chapter.encoder.ffn.title", "ffn");
        return layout(chapters, null, new VBox(part(pe), part(answer(chapters, shapes, "ffn"), steps,
                answer(chapters, stats, "mean"))));
    }

    private static float[][] transpose(float[][] m) {
        float[][] t = new float[m[0].length][m.length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                t[j][i] = m[i][j];
            }
        }
        return t;
    }
}
