package org.attentionexplainer.ui.tinygpt;

import java.util.List;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import org.attentionexplainer.engine.tinygpt.TrainingProgress;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * The loss of the first half (which cannot be copied) and of the second half (which can) as
 * training runs: the second curve falling away from the first is the induction head forming.
 * At most {@link #POINTS} points a curve, so a long run stays light to draw.
 */
final class LossChart {
    static final int POINTS = 300;

    private LossChart() {
    }

    static LineChart<Number, Number> create(ObservableList<TrainingProgress> losses, I18n i18n) {
        NumberAxis steps = new NumberAxis();
        steps.labelProperty().bind(i18n.text("tinygpt.chart.steps"));
        steps.setForceZeroInRange(true);
        NumberAxis loss = new NumberAxis();
        loss.labelProperty().bind(i18n.text("tinygpt.chart.loss"));
        LineChart<Number, Number> chart = new LineChart<>(steps, loss);
        chart.setId("tinygpt-loss");
        chart.getStyleClass().add("tinygpt-loss");
        chart.setCreateSymbols(false);
        chart.setAnimated(false);
        XYChart.Series<Number, Number> first = new XYChart.Series<>();
        XYChart.Series<Number, Number> second = new XYChart.Series<>();
        first.nameProperty().bind(i18n.text("tinygpt.chart.first"));
        second.nameProperty().bind(i18n.text("tinygpt.chart.second"));
        chart.getData().add(first);
        chart.getData().add(second);
        Runnable refill = () -> {
            first.getData().clear();
            second.getData().clear();
            add(losses, first, second);
        };
        losses.addListener((ListChangeListener<TrainingProgress>) c -> {
            while (c.next()) {
                if (c.wasRemoved()) {
                    refill.run();
                    return;
                }
                if (c.wasAdded()) {
                    add(c.getAddedSubList(), first, second);
                }
            }
        });
        refill.run();
        return chart;
    }

    private static void add(List<? extends TrainingProgress> added, XYChart.Series<Number, Number> first,
                            XYChart.Series<Number, Number> second) {
        for (TrainingProgress p : added) {
            int stride = Math.max(1, p.steps() / POINTS);
            if (p.step() % stride == 0 || p.step() == p.steps() || p.step() == 1) {
                first.getData().add(new XYChart.Data<>(p.step(), p.lossFirst()));
                second.getData().add(new XYChart.Data<>(p.step(), p.lossSecond()));
            }
        }
    }
}
