package org.attentionexplainer.ui.chapters;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.attentionexplainer.lesson.chapters.ChapterId;
import org.attentionexplainer.lesson.chapters.EdgeCasesChapter;
import org.attentionexplainer.lesson.chapters.EncoderChapter;
import org.attentionexplainer.lesson.chapters.Float16;
import org.attentionexplainer.lesson.chapters.StabilityChapter;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.ColorScale;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.ui.i18n.I18n;

/** Chapters 6, 7 and 9: the encoder block, numerical stability, the edge cases. */
final class BlockPages {
    private final ChaptersViewModel model;
    private final ChapterModels m;
    private final I18n i18n;

    BlockPages(ChaptersViewModel model) {
        this.model = model;
        this.m = model.models();
        this.i18n = model.i18n();
    }

    Node encoder() {
        var en = m.encoder();
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
            return Figure.grid(maps, titles, ColorScale.centred(ColorMap.BLUE_RED, maps),
                    Maps.options(i18n, "chapter.ui.encoder.steps", "chapter.ui.value", 2, 40)
                            .withAxes(i18n.get("chapter.ui.axis.tokens"), i18n.get("chapter.ui.axis.features")));
        }), 30);
        Label stats = ChapterLayout.computed(i18n, "encoder-stats", () -> {
            EncoderChapter x = en.get();
            if (x == null) {
                return "";
            }
            double[] mean = EncoderChapter.rowMeans(x.output());
            double[] var = EncoderChapter.rowVariances(x.output());
            return i18n.get("chapter.ui.encoder.stats", x.tokens().get(0), Numbers.any(i18n, mean[0], 4),
                    i18n.number(var[0], 4));
        }, en);
        Label shapes = ChapterLayout.computed(i18n, "encoder-shapes", () -> i18n.get("chapter.ui.encoder.shapes",
                EncoderChapter.D_MODEL, EncoderChapter.D_FF, EncoderChapter.HEADS));
        return ChapterLayout.of(model, ChapterId.ENCODER, null, new VBox(pe, shapes, steps, stats));
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

    Node stability() {
        var st = m.stability();
        GridPane table = new GridPane();
        table.setId("stability-table");
        table.getStyleClass().add("chapter-table");
        st.addListener((o, a, b) -> fillStability(table, b));
        i18n.localeProperty().addListener((o, a, b) -> fillStability(table, st.get()));
        fillStability(table, st.get());
        return ChapterLayout.of(model, ChapterId.STABILITY, null, new VBox(table, exponentChart()));
    }

    private void fillStability(GridPane grid, StabilityChapter s) {
        grid.getChildren().clear();
        if (s == null) {
            return;
        }
        grid.addRow(0, AttentionPages.cell(""), AttentionPages.cell("x = [1000, 1001, 1002]"),
                AttentionPages.cell("x = [10, 11, 12]"));
        String[] keys = {"chapter.ui.stability.exp32", "chapter.ui.stability.soft32", "chapter.ui.stability.exp16",
            "chapter.ui.stability.soft16", "chapter.ui.stability.shifted", "chapter.ui.stability.stable32",
            "chapter.ui.stability.stable16"};
        int r = 1;
        for (String key : keys) {
            grid.addRow(r, AttentionPages.cell(i18n.get(key)), value(s.large(), r, "stability-large-" + r),
                    value(s.small(), r, "stability-small-" + r));
            r++;
        }
    }

    private Label value(StabilityChapter.Run run, int row, String id) {
        float[] v = switch (row) {
            case 1 -> run.naiveExp32().toArray();
            case 2 -> run.naiveSoftmax32().toArray();
            case 3 -> run.naiveExp16().toArray();
            case 4 -> run.naiveSoftmax16().toArray();
            case 5 -> run.shifted().toArray();
            case 6 -> run.stable32().toArray();
            default -> run.stable16().toArray();
        };
        Label l = AttentionPages.cell(Numbers.vectorAny(i18n, v, 4));
        l.setId(id);
        return l;
    }

    /** log10 e^x against x with the largest float32 and float16: where the naive softmax breaks. */
    private Node exponentChart() {
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
        chart.getData().add(level("chapter.ui.stability.max32", Math.log10(Float.MAX_VALUE)));
        chart.getData().add(level("chapter.ui.stability.max16", Math.log10(Float16.MAX)));
        chart.getStyleClass().add("chapter-chart");
        return chart;
    }

    private XYChart.Series<Number, Number> level(String key, double value) {
        XYChart.Series<Number, Number> s = new XYChart.Series<>();
        s.nameProperty().bind(i18n.text(key));
        s.getData().add(new XYChart.Data<>(0, value));
        s.getData().add(new XYChart.Data<>(100, value));
        return s;
    }

    Node edgeCases() {
        m.requestLongInput();
        Label empty = ChapterLayout.computed(i18n, "edge-empty", () -> m.empty().get() == null ? ""
                : i18n.get("chapter.ui.edge.empty", m.empty().get().message(), m.empty().get().field()), m.empty());
        var single = m.single();
        Node map = Maps.control("edge-single", Maps.figure(i18n, single, x -> Maps.single(
                Maps.data(List.of(x.token()), List.of(x.token()), x.weights().matrix(), null),
                Maps.options(i18n, "chapter.ui.edge.singleMap", "chapter.ui.weight", 4, 72))), 14);
        Label singleText = ChapterLayout.computed(i18n, "edge-single-text", () -> {
            EdgeCasesChapter.Single s = single.get();
            return s == null ? "" : i18n.get("chapter.ui.edge.single", s.token(), i18n.number(s.score(), 4),
                    i18n.number(s.weights().get(0, 0), 4), Numbers.vector(i18n, s.context().toArray(), 2),
                    Numbers.vector(i18n, s.embedding().toArray(), 2));
        }, single);
        Label longText = ChapterLayout.computed(i18n, "edge-long", () -> {
            EdgeCasesChapter.LongInput l = m.longInput().get();
            if (l == null) {
                return i18n.get("chapter.ui.pending");
            }
            return Texts.format(i18n, l.summary()) + "\n" + i18n.get("chapter.ui.edge.longDetail",
                    Numbers.any(i18n, l.maxRowSumError(), 4), i18n.number(l.maxWeight(), 4),
                    Numbers.any(i18n, l.meanWeight(), 6), Numbers.bytes(i18n, l.traceBytes()));
        }, m.longInput());
        return ChapterLayout.of(model, ChapterId.EDGE_CASES, null, new VBox(empty, map, singleText, longText));
    }
}
