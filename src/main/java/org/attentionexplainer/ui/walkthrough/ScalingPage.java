package org.attentionexplainer.ui.walkthrough;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.common.Numbers;
import org.attentionexplainer.lesson.ScalingDemo;
import org.attentionexplainer.lesson.Step;
import org.attentionexplainer.ui.i18n.I18n;

/** Step 8, why divide by √d_k: the spread of the scores and the saturation of softmax, drawn. */
final class ScalingPage {
    /** The slider moves over log₂ d_k, so 1, 2, 4, … 1024 are equally far apart. */
    private static final double MAX_LOG2 = Math.log(ScalingDemo.MAX_DK) / Math.log(2);

    private final ScalingViewModel model;
    private final WalkthroughViewModel walk;
    private final I18n i18n;
    private final Numbers numbers;

    ScalingPage(WalkthroughViewModel walk) {
        this.model = walk.scaling();
        this.walk = walk;
        this.i18n = walk.i18n();
        this.numbers = new Numbers(i18n);
    }

    Node create() {
        VBox visual = new VBox();
        Runnable refresh = () -> {
            ScalingDemo d = model.resultProperty().get();
            List<Node> nodes = new ArrayList<>();
            if (!model.failureProperty().get().isEmpty()) {
                nodes.add(PageLayout.line(model.failureProperty().get(), "error-text"));
            }
            if (d == null) {
                nodes.add(PageLayout.wrapped(i18n, "walk.pending", "hint"));
            } else {
                nodes.addAll(content(d));
            }
            visual.getChildren().setAll(nodes);
        };
        refresh.run();
        model.resultProperty().addListener((o, a, b) -> refresh.run());
        model.failureProperty().addListener((o, a, b) -> refresh.run());
        i18n.localeProperty().addListener((o, a, b) -> refresh.run());
        return StepLayout.of(walk, Step.WHY_SQRT_DK, inputs(), visual);
    }

    private Node inputs() {
        Slider slider = new Slider(0, MAX_LOG2, log2(model.dkProperty().get()));
        slider.setId("dk-slider");
        slider.setShowTickMarks(true);
        slider.setMajorTickUnit(1);
        slider.setMinorTickCount(0);
        slider.valueProperty().addListener((o, a, b) -> {
            int dk = (int) Math.round(Math.pow(2, b.doubleValue()));
            if (dk != model.dkProperty().get()) {
                model.dkProperty().set(dk);
            }
        });
        TextField dkField = new TextField(Integer.toString(model.dkProperty().get()));
        dkField.setId("dk-field");
        dkField.getStyleClass().add("walk-seed-field");
        dkField.setOnAction(e -> model.editDk(dkField.getText()));
        dkField.focusedProperty().addListener((o, was, now) -> {
            if (!now) {
                model.editDk(dkField.getText());
            }
        });
        model.dkProperty().addListener((o, a, b) -> {
            dkField.setText(Integer.toString(b.intValue()));
            if ((int) Math.round(Math.pow(2, slider.getValue())) != b.intValue()) {
                slider.setValue(log2(b.intValue()));
            }
        });
        Label dkLabel = PageLayout.wrapped(i18n, "walk.sqrt.dk", "page-caption");
        HBox.setHgrow(dkLabel, Priority.ALWAYS);
        dkField.setMinWidth(Region.USE_PREF_SIZE);
        HBox dkRow = new HBox(dkLabel, dkField);
        dkRow.getStyleClass().add("walk-seed-row");
        Label dkError = error(model.dkErrorProperty());
        dkError.setId("dk-error");

        TextField seed = new TextField(Long.toString(model.seedProperty().get()));
        seed.setId("scaling-seed-field");
        seed.getStyleClass().add("walk-seed-field");
        Button draw = new Button();
        draw.setId("scaling-reseed");
        draw.textProperty().bind(i18n.text("walk.sqrt.draw"));
        draw.setOnAction(e -> model.reseed(seed.getText()));
        seed.setOnAction(e -> model.reseed(seed.getText()));
        Label seedLabel = PageLayout.wrapped(i18n, "walk.seed", "page-caption");
        seedLabel.setMinWidth(Region.USE_PREF_SIZE);
        seed.setMinWidth(Region.USE_PREF_SIZE);
        draw.setMinWidth(Region.USE_PREF_SIZE);
        FlowPane seedRow = new FlowPane(seedLabel, seed, draw);
        seedRow.getStyleClass().add("walk-seed-row");
        Label seedError = error(model.seedErrorProperty());
        VBox box = new VBox(dkRow, slider, sliderScale(), dkError, seedRow, seedError);
        box.getStyleClass().add("page-inputs");
        return box;
    }

    private static Label error(ObservableValue<String> text) {
        Label label = PageLayout.line("", "error-text");
        label.textProperty().bind(text);
        label.visibleProperty().bind(label.textProperty().isNotEmpty());
        label.managedProperty().bind(label.visibleProperty());
        return label;
    }

    private static Node sliderScale() {
        Label low = new Label(Integer.toString(ScalingDemo.MIN_DK));
        Label high = new Label(Integer.toString(ScalingDemo.MAX_DK));
        low.getStyleClass().add("hint");
        high.getStyleClass().add("hint");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        return new HBox(low, spacer, high);
    }

    private static double log2(int dk) {
        return Math.log(dk) / Math.log(2);
    }

    private List<Node> content(ScalingDemo d) {
        ScalingDemo.Spread raw = d.unscaled();
        ScalingDemo.Spread scaled = d.scaled();
        Label rawLine = PageLayout.line(i18n.get("walk.sqrt.varianceRaw", numbers.fixed(raw.variance(), 2), Integer.toString(d.dk()),
                numbers.fixed(raw.standardDeviation(), 2)), "formula");
        rawLine.setId("variance-raw");
        Label scaledLine = PageLayout.line(i18n.get("walk.sqrt.varianceScaled",
                numbers.fixed(scaled.variance(), 2), numbers.fixed(scaled.standardDeviation(), 2)),
                "formula", "page-result");
        scaledLine.setId("variance-scaled");
        int maxCount = Math.max(raw.maxCount(), scaled.maxCount());
        List<Node> out = new ArrayList<>(List.of(
                PageLayout.heading(i18n.get("walk.sqrt.spread", ScalingDemo.PAIRS)),
                rawLine, histogram("walk.sqrt.rawLabel", raw, maxCount, "walk-bar-raw"),
                scaledLine, histogram("walk.sqrt.scaledLabel", scaled, maxCount, "walk-bar-scaled"),
                axis(raw.range())));
        out.add(PageLayout.heading(i18n.get("walk.sqrt.saturation", d.exampleScaled().length)));
        out.add(weights("walk.sqrt.weightsRaw", d.exampleUnscaled(), "walk-bar-raw", "saturation-raw"));
        out.add(weights("walk.sqrt.weightsScaled", d.exampleScaled(), "walk-bar-scaled", "saturation-scaled"));
        Label average = PageLayout.line(i18n.get("walk.sqrt.maxWeight", numbers.fixed(d.maxWeightUnscaled(), 3),
                numbers.fixed(d.maxWeightScaled(), 3)), "page-result");
        average.setId("max-weight");
        out.add(average);
        out.add(PageLayout.wrapped(i18n, "walk.sqrt.why", "hint"));
        return out;
    }

    private Node histogram(String key, ScalingDemo.Spread spread, int maxCount, String barClass) {
        int[] counts = spread.counts();
        double[] heights = new double[counts.length];
        for (int i = 0; i < counts.length; i++) {
            heights[i] = maxCount == 0 ? 0 : (double) counts[i] / maxCount;
        }
        Bars bars = new Bars("walk-histogram", barClass);
        bars.setValues(heights);
        Label caption = PageLayout.wrapped(i18n, key, "walk-chart-caption");
        HBox row = new HBox(caption, bars);
        row.getStyleClass().add("walk-chart-row");
        row.setAlignment(Pos.BOTTOM_LEFT);
        return row;
    }

    private Node axis(double range) {
        Region captionSpace = new Region();
        captionSpace.getStyleClass().add("walk-chart-caption");
        Label low = new Label(numbers.fixed(-range, 1));
        Label mid = new Label(numbers.fixed(0, 0));
        Label high = new Label(numbers.fixed(range, 1));
        Region s1 = new Region();
        Region s2 = new Region();
        HBox.setHgrow(s1, Priority.ALWAYS);
        HBox.setHgrow(s2, Priority.ALWAYS);
        HBox ticks = new HBox(low, s1, mid, s2, high);
        ticks.getStyleClass().addAll("walk-axis", "hint");
        HBox row = new HBox(captionSpace, ticks);
        row.getStyleClass().add("walk-chart-row");
        return row;
    }

    private Node weights(String key, double[] w, String barClass, String id) {
        Bars bars = new Bars("walk-saturation", barClass);
        bars.setValues(w);
        bars.setId(id);
        String[] values = new String[w.length];
        for (int i = 0; i < w.length; i++) {
            values[i] = numbers.fixed(w[i], 2);
        }
        Node chart = bars.withLabels(values);
        Label caption = PageLayout.wrapped(i18n, key, "walk-chart-caption");
        HBox row = new HBox(caption, chart);
        row.getStyleClass().add("walk-chart-row");
        return row;
    }
}
