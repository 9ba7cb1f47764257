package org.attentionexplainer.ui.chapters;

import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.lesson.chapters.Float16;
import org.attentionexplainer.lesson.chapters.StabilityChapter;
import org.attentionexplainer.ui.common.Numbers;
import org.attentionexplainer.ui.i18n.I18n;

/** Numerical stability: exp overflowing float32 and float16, and the max shift that prevents it. */
final class StabilityPage extends ChapterPage<StabilityChapter> {

    @Override
    ChapterText text() {
        return StabilityChapter.TEXT;
    }

    @Override
    void start(ChapterWork work) {
        computeOnce(work, StabilityChapter::compute);
    }

    @Override
    Node create(ChaptersViewModel chapters) {
        I18n i18n = chapters.i18n();
        var st = model();
        GridPane table = new GridPane();
        table.setId("stability-table");
        table.getStyleClass().add("chapter-table");
        st.addListener((o, a, b) -> fillStability(i18n, table, b));
        i18n.localeProperty().addListener((o, a, b) -> fillStability(i18n, table, st.get()));
        fillStability(i18n, table, st.get());
        answerSection("chapter.stability.overflow.title", "exp");
        answerSection("chapter.stability.half.title", "limit");
        return layout(chapters, null, new VBox(linesPart(chapters, answer(chapters, table, "exp", "shift")),
                part(exponentChart(i18n))));
    }

    private static void fillStability(I18n i18n, GridPane grid, StabilityChapter s) {
        grid.getChildren().clear();
        if (s == null) {
            return;
        }
        // each input's rows under its own heading: the two inputs side by side were wider than a slide
        String[] keys = {"chapter.ui.stability.exp32", "chapter.ui.stability.soft32", "chapter.ui.stability.exp16",
            "chapter.ui.stability.soft16", "chapter.ui.stability.shifted", "chapter.ui.stability.stable32",
            "chapter.ui.stability.stable16"};
        int r = 0;
        for (boolean large : new boolean[] {true, false}) {
            Label heading = cell(large ? "x = [1000, 1001, 1002]" : "x = [10, 11, 12]");
            heading.getStyleClass().add("chapter-table-step");
            grid.add(heading, 0, r++, 2, 1);
            for (int k = 1; k <= keys.length; k++) {
                grid.addRow(r++, cell(i18n.get(keys[k - 1])), large ? value(i18n, s.large(), k, "stability-large-" + k)
                        : value(i18n, s.small(), k, "stability-small-" + k));
            }
        }
    }

    private static Label value(I18n i18n, StabilityChapter.Run run, int row, String id) {
        float[] v = switch (row) {
            case 1 -> run.naiveExp32().toArray();
            case 2 -> run.naiveSoftmax32().toArray();
            case 3 -> run.naiveExp16().toArray();
            case 4 -> run.naiveSoftmax16().toArray();
            case 5 -> run.shifted().toArray();
            case 6 -> run.stable32().toArray();
            default -> run.stable16().toArray();
        };
        Label l = cell(new Numbers(i18n).vectorAny(v, 4));
        l.setId(id);
        return l;
    }

    /** log10 e^x against x with the largest float32 and float16: where the naive softmax breaks. */
    private static Node exponentChart(I18n i18n) {
        NumberAxis x = new NumberAxis(0, 100, 10);
        NumberAxis y = new NumberAxis(0, 45, 5);
        x.labelProperty().bind(i18n.text("chapter.ui.stability.chartX"));
        y.labelProperty().bind(i18n.text("chapter.ui.stability.chartY"));
        LineChart<Number, Number> chart = new LineChart<>(x, y);
        chart.setId("stability-chart");
        chart.setCreateSymbols(false);
        chart.setAnimated(false);
        chart.titleProperty().bind(i18n.text("chapter.ui.stability.chart"));
        XYChart.Series<Number, Number> exp = new XYChart.Series<>();
        exp.nameProperty().bind(i18n.text("chapter.ui.stability.chartExp"));
        for (int v = 0; v <= 100; v += 2) {
            exp.getData().add(new XYChart.Data<>(v, v / Math.log(10)));
        }
        chart.getData().add(exp);
        chart.getData().add(level(i18n, "chapter.ui.stability.max32", Math.log10(Float.MAX_VALUE)));
        chart.getData().add(level(i18n, "chapter.ui.stability.max16", Math.log10(Float16.MAX)));
        chart.getStyleClass().add("chapter-chart");
        return chart;
    }

    private static XYChart.Series<Number, Number> level(I18n i18n, String key, double value) {
        XYChart.Series<Number, Number> s = new XYChart.Series<>();
        s.nameProperty().bind(i18n.text(key));
        s.getData().add(new XYChart.Data<>(0, value));
        s.getData().add(new XYChart.Data<>(100, value));
        return s;
    }
}
