package org.attentionexplainer.ui.chapters;

import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.lesson.chapters.EdgeCasesChapter;
import org.attentionexplainer.ui.common.Numbers;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.common.Texts;
import org.attentionexplainer.ui.i18n.I18n;

/** Edge cases: no token, one token, and long inputs: memory and measured time against length, plotted. */
final class EdgeCasesPage extends ChapterPage<EdgeCasesChapter.Single> {
    private final ObjectProperty<EdgeCasesChapter.Empty> empty = new SimpleObjectProperty<>();
    private final ObjectProperty<EdgeCasesChapter.LongInput> longInput = new SimpleObjectProperty<>();
    private final ObjectProperty<EdgeCasesChapter.Growth> growth = new SimpleObjectProperty<>();
    private boolean longInputRequested;

    @Override
    ChapterText text() {
        return EdgeCasesChapter.TEXT;
    }

    @Override
    void start(ChapterWork work) {
        computeOnce(work, EdgeCasesChapter::single);
        work.once(EdgeCasesChapter::empty, empty::set);
    }

    ObjectProperty<EdgeCasesChapter.Empty> empty() {
        return empty;
    }

    ObjectProperty<EdgeCasesChapter.LongInput> longInput() {
        return longInput;
    }

    /** Memory and time at each length of the plot; null until computed. */
    ObjectProperty<EdgeCasesChapter.Growth> growth() {
        return growth;
    }

    /** Computes the long inputs (seconds of work) in the background, once, when first asked for. */
    void requestLongInput(ChapterWork work) {
        if (!longInputRequested) {
            longInputRequested = true;
            work.once(EdgeCasesChapter::growth, g -> {
                growth.set(g);
                longInput.set(g.longest());
            });
        }
    }

    @Override
    Node create(ChaptersViewModel chapters) {
        I18n i18n = chapters.i18n();
        Numbers numbers = new Numbers(i18n);
        requestLongInput(chapters.work());
        Label emptyText = PageLayout.computed(i18n, "edge-empty", () -> empty.get() == null ? ""
                : i18n.get("chapter.ui.edge.empty", empty.get().field() + ": " + Texts.format(i18n, empty.get().problem()),
                        empty.get().field()), empty);
        var single = model();
        Node map = Maps.control("edge-single", Maps.figure(i18n, single, x -> Maps.single(
                Maps.data(List.of(x.token()), List.of(x.token()), x.weights().matrix(), null),
                Maps.options(i18n, "chapter.ui.edge.singleMap", "chapter.ui.weight", 4, 72))), 14);
        Label singleText = PageLayout.computed(i18n, "edge-single-text", () -> {
            EdgeCasesChapter.Single s = single.get();
            return s == null ? "" : i18n.get("chapter.ui.edge.single", s.token(), i18n.number(s.score(), 4),
                    i18n.number(s.weights().get(0, 0), 4), numbers.vector(s.context().toArray(), 2),
                    numbers.vector(s.embedding().toArray(), 2));
        }, single);
        Label longText = PageLayout.computed(i18n, "edge-long", () -> {
            EdgeCasesChapter.LongInput l = longInput.get();
            if (l == null) {
                return i18n.get("chapter.ui.pending");
            }
            return Texts.format(i18n, l.summary()) + "\n" + i18n.get("chapter.ui.edge.longDetail",
                    numbers.any(l.maxRowSumError(), 4), i18n.number(l.maxWeight(), 4),
                    numbers.any(l.meanWeight(), 6), numbers.bytes(l.traceBytes()));
        }, longInput);
        LineChart<Number, Number> memory = Charts.line(i18n, "edge-memory", "chapter.ui.edge.memoryChart",
                lengthAxis(), "chapter.ui.edge.chartX", new NumberAxis(), "chapter.ui.edge.memoryY");
        LineChart<Number, Number> time = Charts.line(i18n, "edge-time", "chapter.ui.edge.timeChart",
                lengthAxis(), "chapter.ui.edge.chartX", new NumberAxis(), "chapter.ui.edge.timeY");
        Runnable plot = () -> fill(i18n, memory, time, growth.get());
        growth.addListener((o, a, b) -> plot.run());
        i18n.localeProperty().addListener((o, a, b) -> plot.run());
        plot.run();
        answerSection("chapter.edge.single.title", "single");
        answerSection("chapter.edge.long.title", "entries");
        return layout(chapters, null, new VBox(part(emptyText, answer(chapters, map, "single"),
                answer(chapters, singleText, "single")), part(memory), part(time, answer(chapters, longText, "entries"))));
    }

    private static NumberAxis lengthAxis() {
        return new NumberAxis(0, EdgeCasesChapter.DEFAULT_LONG_TOKENS, 512);
    }

    /** The cost model's memory in MiB and the measured milliseconds, each against t. */
    private static void fill(I18n i18n, LineChart<Number, Number> memory, LineChart<Number, Number> time,
                             EdgeCasesChapter.Growth g) {
        memory.getData().clear();
        time.getData().clear();
        if (g == null) {
            return;
        }
        XYChart.Series<Number, Number> bytes = new XYChart.Series<>();
        bytes.setName(i18n.get("chapter.ui.edge.memorySeries"));
        XYChart.Series<Number, Number> millis = new XYChart.Series<>();
        millis.setName(i18n.get("chapter.ui.edge.timeSeries", g.longest().backend()));
        for (EdgeCasesChapter.LengthPoint p : g.points()) {
            bytes.getData().add(new XYChart.Data<>(p.tokens(), p.matrixBytes() / (1 << 20)));
            millis.getData().add(new XYChart.Data<>(p.tokens(), p.elapsedMillis()));
        }
        memory.getData().add(bytes);
        time.getData().add(millis);
    }
}
