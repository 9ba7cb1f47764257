package org.attentionexplainer.ui.chapters;

import javafx.beans.property.IntegerProperty;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.lesson.chapters.CostInputs;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.attentionexplainer.ui.common.Numbers;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.common.Texts;
import org.attentionexplainer.lesson.chapters.CostChapter;
import org.attentionexplainer.lesson.chapters.CostEstimate;
import org.attentionexplainer.lesson.chapters.ModelPreset;
import org.attentionexplainer.lesson.chapters.Precision;
import org.attentionexplainer.ui.i18n.I18n;

/** Chapter 8: the cost calculator, its presets, memory against length, the corrected course figure. */
final class CostPage extends ChapterPage<CostChapter> {
    private final ObjectProperty<CostInputs> inputs =
            new SimpleObjectProperty<>(ModelPreset.LLAMA3_8B.inputs(Precision.FP16));
    private I18n i18n;
    private CostViewModel cost;

    @Override
    ChapterText text() {
        return CostChapter.TEXT;
    }

    /** Plain arithmetic: computed at once on the calling thread. */
    /** The calculator's inputs (batch, tokens, layers, heads, K/V heads, head size, precision). */
    ObjectProperty<CostInputs> inputsProperty() {
        return inputs;
    }

    @Override
    void start(ChapterWork work) {
        work.saved().keep("cost", inputs, ChapterInputs::parseCost, ChapterInputs::formatCost);
        i18n = work.i18n();
        cost = new CostViewModel(i18n, inputs);
        model().set(CostChapter.compute(inputs.get()));
        inputs.addListener((o, a, b) -> model().set(CostChapter.compute(b)));
    }

    /** The calculator's inputs, one property each. */
    CostViewModel cost() {
        return cost;
    }

    @Override
    Node create(ChaptersViewModel chapters) {
        FlowPane presets = new FlowPane();
        presets.getStyleClass().add("page-buttons");
        for (ModelPreset p : ModelPreset.values()) {
            Button b = new Button();
            b.setId("preset-" + p.name().toLowerCase(java.util.Locale.ROOT));
            b.textProperty().bind(i18n.text(p.nameKey()));
            b.setOnAction(e -> cost.usePreset(p));
            presets.getChildren().add(b);
        }
        ChoiceBox<Precision> precision = new ChoiceBox<>();
        precision.setId("cost-precision");
        precision.getItems().setAll(Precision.values());
        precision.setConverter(new StringConverter<>() {
            @Override
            public String toString(Precision p) {
                return p == null ? "" : p.symbol();
            }

            @Override
            public Precision fromString(String s) {
                return null;
            }
        });
        precision.valueProperty().bindBidirectional(cost.precisionProperty());
        GridPane inputs = new GridPane();
        inputs.getStyleClass().add("chapter-table");
        int r = 0;
        inputs.addRow(r++, caption("chapter.ui.cost.batch"), spinner("cost-batch", cost.batchProperty(), 1, 4096));
        inputs.addRow(r++, caption("chapter.ui.cost.tokens"),
                spinner("cost-tokens", cost.tokensProperty(), 1, 1 << 24));
        inputs.addRow(r++, caption("chapter.ui.cost.layers"), spinner("cost-layers", cost.layersProperty(), 1, 256));
        inputs.addRow(r++, caption("chapter.ui.cost.heads"), spinner("cost-heads", cost.headsProperty(), 1, 256));
        inputs.addRow(r++, caption("chapter.ui.cost.kvHeads"),
                spinner("cost-kv-heads", cost.kvHeadsProperty(), 1, 256));
        inputs.addRow(r++, caption("chapter.ui.cost.headDim"),
                spinner("cost-head-dim", cost.headDimProperty(), 1, 1024));
        inputs.addRow(r, caption("chapter.ui.cost.precision"), precision);
        Label error = PageLayout.label(cost.errorProperty(), "error-text");
        error.setId("cost-error");
        Node controls = PageLayout.column("page-inputs",
                PageLayout.label(i18n.text("chapter.ui.cost.presets"), "page-caption"), presets, inputs, error);

        var c = model();
        Label figures = PageLayout.computed(i18n, "cost-figures", () -> c.get() == null ? "" : figures(c.get()), c);
        Label correction = PageLayout.computed(i18n, "cost-correction", () -> c.get() == null ? ""
                : Texts.format(i18n, c.get().correction().statement()), c);
        correction.getStyleClass().add("page-note");
        LineChart<Number, Number> chart = chart();
        c.addListener((o, a, b) -> fillChart(chart, b));
        i18n.localeProperty().addListener((o, a, b) -> fillChart(chart, c.get()));
        fillChart(chart, c.get());
        answerSection("chapter.cost.memory.title", "doubling");
        answerSection("chapter.cost.correction.title", "correction");
        return layout(chapters, controls, new VBox(linesPart(chapters, answer(chapters, figures, "kv")),
                part(chart, answer(chapters, correction, "correction"))));
    }

    private String figures(CostChapter ch) {
        Numbers numbers = new Numbers(i18n);
        CostEstimate e = ch.estimate();
        StringBuilder sb = new StringBuilder();
        sb.append(i18n.get("chapter.ui.cost.flops", numbers.flops(e.scoreFlopsPerLayer()),
                numbers.flops(e.weightedSumFlopsPerLayer()), numbers.flops(e.attentionFlopsAllLayers())));
        sb.append('\n').append(i18n.get("chapter.ui.cost.matrix", numbers.bytes(e.attentionMatrixBytesPerLayer()),
                numbers.bytes(e.attentionMatrixBytesAllLayers())));
        sb.append('\n').append(i18n.get("chapter.ui.cost.kv", numbers.bytes(e.kvCacheBytesPerToken()),
                numbers.bytes(e.kvCacheBytes()), numbers.bytes(e.kvCacheBytesWithoutGrouping())));
        for (CostEstimate p : ch.byPrecision()) {
            sb.append('\n').append(i18n.get("chapter.ui.cost.precisionLine", p.inputs().precision().symbol(),
                    numbers.bytes(p.attentionMatrixBytesPerLayer()), numbers.bytes(p.kvCacheBytes())));
        }
        sb.append('\n').append(i18n.get("chapter.ui.cost.wall", Math.round(ch.wallTokens()),
                numbers.bytes(CostChapter.DEVICE_BYTES)));
        return sb.toString();
    }

    private Label caption(String key) {
        Label l = PageLayout.label(i18n.text(key), "page-caption");
        l.setWrapText(false);
        l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        return l;
    }

    private static Spinner<Integer> spinner(String id, IntegerProperty value, int min, int max) {
        Spinner<Integer> s = Spinners.integer(id, min, max, value.get());
        s.setPrefWidth(130);
        s.valueProperty().addListener((o, a, b) -> value.set(b));
        value.addListener((o, a, b) -> s.getValueFactory().setValue(b.intValue()));
        return s;
    }

    private LineChart<Number, Number> chart() {
        NumberAxis x = new NumberAxis(CostChapter.SERIES_FROM_LOG2, CostChapter.SERIES_TO_LOG2, 1);
        NumberAxis y = new NumberAxis();
        y.setAutoRanging(true);
        y.setForceZeroInRange(false);
        return Charts.line(i18n, "cost-chart", "chapter.ui.cost.chart", x, "chapter.ui.cost.chartX", y,
                "chapter.ui.cost.chartY");
    }

    /** Both axes logarithmic: log2 t across, log10 bytes up; the matrix rises twice as steeply. */
    private void fillChart(LineChart<Number, Number> chart, CostChapter ch) {
        chart.getData().clear();
        if (ch == null) {
            return;
        }
        XYChart.Series<Number, Number> matrix = new XYChart.Series<>();
        matrix.setName(i18n.get("chapter.ui.cost.seriesMatrix"));
        XYChart.Series<Number, Number> kv = new XYChart.Series<>();
        kv.setName(i18n.get("chapter.ui.cost.seriesKv"));
        XYChart.Series<Number, Number> device = new XYChart.Series<>();
        device.setName(i18n.get("chapter.ui.cost.seriesDevice"));
        for (CostChapter.SeriesPoint p : ch.series()) {
            double lg = Math.log(p.tokens()) / Math.log(2);
            matrix.getData().add(new XYChart.Data<>(lg, Math.log10(p.attentionMatrixBytes())));
            kv.getData().add(new XYChart.Data<>(lg, Math.log10(p.kvCacheBytes())));
        }
        device.getData().add(new XYChart.Data<>(CostChapter.SERIES_FROM_LOG2, Math.log10(CostChapter.DEVICE_BYTES)));
        device.getData().add(new XYChart.Data<>(CostChapter.SERIES_TO_LOG2, Math.log10(CostChapter.DEVICE_BYTES)));
        chart.getData().setAll(java.util.List.of(matrix, kv, device));
    }
}
