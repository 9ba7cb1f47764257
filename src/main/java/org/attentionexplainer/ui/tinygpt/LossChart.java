package org.attentionexplainer.ui.tinygpt;

import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.attentionexplainer.engine.tinygpt.TrainingProgress;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * The loss of the first half (which cannot be copied) and of the second half (which can) as
 * training runs: the second curve falling away from the first is the induction head forming.
 * At most {@link #POINTS} points a curve, so a long run stays light to draw. A model that came
 * trained (the shipped one, one opened) has no curve: a note says so in the chart's place.
 */
final class LossChart {
    static final int POINTS = 300;
    /** The least height of the chart, below which its axes crowd out the curves. */
    private static final double MIN_HEIGHT = 180;
    /** Enough for the curves to be read; the table of heads below it stays in sight on a laptop. */
    private static final double PREF_HEIGHT = 220;

    private LossChart() {
    }

    static Region create(ObservableList<TrainingProgress> losses, I18n i18n) {
        NumberAxis steps = new NumberAxis();
        steps.labelProperty().bind(i18n.text("tinygpt.chart.steps"));
        steps.setForceZeroInRange(true);
        NumberAxis loss = new NumberAxis();
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
        chart.setMinHeight(MIN_HEIGHT);
        chart.setPrefHeight(PREF_HEIGHT);
        // the loss's name above the curves, wrapping: along the short vertical axis it was cut mid-word
        Label lossName = PageLayout.label(i18n.text("tinygpt.chart.loss"));
        lossName.setMaxWidth(Double.MAX_VALUE);
        VBox.setVgrow(chart, Priority.ALWAYS);
        // the chart's own legend cut a long name to "..." in a narrow column: this one wraps
        chart.setLegendVisible(false);
        VBox legend = new VBox(2, legendItem(0, first.nameProperty()), legendItem(1, second.nameProperty()));
        legend.getStyleClass().add("chart-legend");
        legend.setMaxWidth(Region.USE_PREF_SIZE);
        VBox curves = new VBox(2, lossName, chart, legend);
        Label none = PageLayout.label(i18n.text("tinygpt.chart.none"), "hint");
        none.setId("tinygpt-loss-none");
        BooleanBinding empty = Bindings.isEmpty(losses);
        none.visibleProperty().bind(empty);
        none.managedProperty().bind(empty);
        curves.visibleProperty().bind(empty.not());
        curves.managedProperty().bind(curves.visibleProperty());
        return new StackPane(curves, none);
    }

    /** A curve's name with its colour, as the chart's legend shows it, but wrapping. */
    private static Label legendItem(int series, ObservableValue<String> name) {
        Region symbol = new Region();
        symbol.getStyleClass().addAll("chart-line-symbol", "series" + series, "default-color" + series);
        Label item = PageLayout.label(name, "chart-legend-item");
        item.setGraphic(symbol);
        return item;
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
