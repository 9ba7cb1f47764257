package org.attentionexplainer.ui.chapters;

import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.layout.VBox;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.lesson.chapters.WhyAttentionChapter;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.i18n.I18n;

/** Why attention: an RNN's last state against attention's row, as the sentence grows. */
final class WhyAttentionPage extends ChapterPage<WhyAttentionChapter> {
    private final IntegerProperty words = new SimpleIntegerProperty(WhyAttentionChapter.DEFAULT_WORDS);

    @Override
    ChapterText text() {
        return WhyAttentionChapter.TEXT;
    }

    @Override
    void start(ChapterWork work) {
        work.saved().keepInt("whyWords", words, WhyAttentionChapter.MIN_WORDS, WhyAttentionChapter.MAX_WORDS);
        computeWith(work, () -> {
            int n = words.get();
            return engine -> WhyAttentionChapter.compute(engine, n);
        }, words);
    }

    IntegerProperty wordsProperty() {
        return words;
    }

    @Override
    Node create(ChaptersViewModel chapters) {
        I18n i18n = chapters.i18n();
        Slider slider = new Slider(WhyAttentionChapter.MIN_WORDS, WhyAttentionChapter.MAX_WORDS, words.get());
        slider.setId("why-words");
        slider.setMajorTickUnit(2);
        slider.setMinorTickCount(1);
        slider.setSnapToTicks(true);
        slider.setShowTickLabels(true);
        slider.valueProperty().addListener((o, a, b) -> words.set((int) Math.round(b.doubleValue())));
        words.addListener((o, a, b) -> slider.setValue(b.intValue()));
        Label count = PageLayout.computed(i18n, "why-words-value",
                () -> i18n.get("chapter.ui.why.words", words.get()), words);
        Node controls = PageLayout.column("page-inputs", count, slider);

        var c = model();
        Node map = Maps.control("why-map", Maps.figure(i18n, c, x -> {
            float[][] m = new float[2][x.words()];
            for (int j = 0; j < x.words(); j++) {
                m[0][j] = (float) x.rnnShare()[j];
                m[1][j] = (float) x.weights()[j];
            }
            return Maps.single(Maps.data(List.of(i18n.get("chapter.ui.why.rnnRow"),
                            i18n.get("chapter.ui.why.attentionRow")), x.labels(), m, null),
                    Maps.options(i18n, "chapter.ui.why.map", "chapter.ui.why.share", 2, 52)
                            .withAxes(i18n.get("chapter.ui.why.axisModels"), i18n.get("chapter.ui.why.axisWords")));
        }), 15);
        Label first = PageLayout.text(i18n, Bindings.createObjectBinding(
                () -> c.get() == null ? null : c.get().firstWordText(), c), "why-first", "page-result");
        Label kept = PageLayout.text(i18n, Bindings.createObjectBinding(
                () -> c.get() == null ? null : c.get().bottleneckText(), c), "why-kept", "page-result");
        LineChart<Number, Number> chart = chart(i18n);
        c.addListener((o, a, b) -> fill(i18n, chart, b));
        i18n.localeProperty().addListener((o, a, b) -> fill(i18n, chart, c.get()));
        fill(i18n, chart, c.get());
        answerSection("chapter.why.bottleneck.title", "numbers");
        answerSection("chapter.why.direct.title", "longer", "path");
        return layout(chapters, controls, new VBox(part(map, answer(chapters, first, "longer"),
                answer(chapters, kept, "numbers")), part(answer(chapters, chart, "longer"))));
    }

    private static LineChart<Number, Number> chart(I18n i18n) {
        NumberAxis x = new NumberAxis(WhyAttentionChapter.MIN_WORDS, WhyAttentionChapter.MAX_WORDS, 2);
        NumberAxis y = new NumberAxis();
        y.setAutoRanging(true);
        x.labelProperty().bind(i18n.text("chapter.ui.why.chartX"));
        y.labelProperty().bind(i18n.text("chapter.ui.why.chartY"));
        LineChart<Number, Number> chart = new LineChart<>(x, y);
        chart.setId("why-chart");
        chart.setAnimated(false);
        chart.titleProperty().bind(i18n.text("chapter.ui.why.chart"));
        chart.getStyleClass().add("chapter-chart");
        return chart;
    }

    /** log10 of the first word's influence over the last word's, per length: a straight fall is geometric. */
    private static void fill(I18n i18n, LineChart<Number, Number> chart, WhyAttentionChapter c) {
        chart.getData().clear();
        if (c == null) {
            return;
        }
        XYChart.Series<Number, Number> rnn = new XYChart.Series<>();
        rnn.setName(i18n.get("chapter.ui.why.seriesRnn"));
        XYChart.Series<Number, Number> attention = new XYChart.Series<>();
        attention.setName(i18n.get("chapter.ui.why.seriesAttention"));
        for (int i = 0; i < c.lengths().size(); i++) {
            rnn.getData().add(new XYChart.Data<>(c.lengths().get(i), Math.log10(c.rnnRatio()[i])));
            attention.getData().add(new XYChart.Data<>(c.lengths().get(i), Math.log10(c.attentionRatio()[i])));
        }
        chart.getData().setAll(List.of(rnn, attention));
    }
}
