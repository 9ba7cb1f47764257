package org.attentionexplainer.ui.chapters;

import java.util.List;
import java.util.concurrent.Callable;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableDoubleValue;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.attentionexplainer.lesson.Text;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.lesson.chapters.CourseExamples;
import org.attentionexplainer.lesson.chapters.KvCacheChapter;
import org.attentionexplainer.lesson.chapters.KvGeneration;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.render.HeatmapOptions;
import org.attentionexplainer.ui.common.Numbers;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.i18n.I18n;

/** The KV cache: the causal model fed a token per step, the cache growing, the work with and without it. */
final class KvCachePage extends ChapterPage<KvCacheChapter> {
    /** The steps there are, one per token of the sentence, known before the numbers come. */
    private static final int TOKENS = CourseExamples.JOURNEY_TOKENS.size();
    private final Steps steps = new Steps();
    /** The tiny GPT's steps: one per symbol of its prompt and of what it writes. */
    private final Steps generation = new Steps();

    @Override
    ChapterText text() {
        return KvCacheChapter.TEXT;
    }

    @Override
    void start(ChapterWork work) {
        steps.setCount(TOKENS);
        work.saved().keepInt("kvStep", steps.stepProperty(), 1, TOKENS);
        model().addListener((o, a, b) -> steps.setCount(b == null ? 1 : b.tokens().size()));
        generation.setCount(KvGeneration.PROMPT.length() + KvGeneration.GENERATED);
        work.saved().keepInt("kvGenStep", generation.stepProperty(), 1, generation.countProperty().get());
        model().addListener((o, a, b) -> generation.setCount(b == null ? 1 : b.generation().tokens().size()));
        computeOnce(work, KvCacheChapter::compute);
    }

    @Override
    Node create(ChaptersViewModel chapters) {
        I18n i18n = chapters.i18n();
        var c = model();
        var step = steps.stepProperty();
        Hyperlink cost = new Hyperlink();
        cost.setId("kv-cost-link");
        cost.textProperty().bind(i18n.text("chapter.ui.kv.costLink"));
        cost.setWrapText(true);
        cost.setOnAction(e -> chapters.goTo(chapters.chapters().indexOf(chapters.page(CostPage.class))));
        Node controls = PageLayout.column("page-inputs", steps.control(i18n, "kv"), cost,
                PageLayout.label(i18n.text("chapter.ui.kv.gen.steps"), "page-heading"),
                generation.control(i18n, "kv-gen"));

        Node map = Maps.control("kv-map", Maps.figure(i18n, Bindings.createObjectBinding(
                () -> c.get() == null ? null : new Shown(c.get(), step.get()), c, step), s -> figure(i18n, s)), 27);
        Label stepLine = text(i18n, "kv-step-text", () -> c.get() == null ? null : c.get().stepText(step.get()), c,
                step);
        Label same = text(i18n, "kv-same", () -> c.get() == null ? null : c.get().sameText(step.get()), c, step);
        Label far = text(i18n, "kv-far", () -> c.get() == null ? null : c.get().farText(), c);
        Label memory = text(i18n, "kv-memory", () -> c.get() == null ? null : c.get().memoryText(step.get()), c,
                step);
        GridPane cache = new GridPane();
        cache.setId("kv-cache");
        cache.getStyleClass().add("chapter-table");
        Runnable refill = () -> fillCache(i18n, cache, c.get(), step.get());
        c.addListener((o, a, b) -> refill.run());
        step.addListener((o, a, b) -> refill.run());
        i18n.localeProperty().addListener((o, a, b) -> refill.run());
        refill.run();
        LineChart<Number, Number> chart = chart(i18n);
        c.addListener((o, a, b) -> fill(i18n, chart, b));
        i18n.localeProperty().addListener((o, a, b) -> fill(i18n, chart, c.get()));
        fill(i18n, chart, c.get());
        answerSection("chapter.kv.same.title", "chapter.quiz.kv.same");
        // the toy model's map, then its cache growing (the map fills a slide, so the cache is a part of
        // its own, stepped a token at a time again), then the work with and without it; then the tiny GPT,
        // its map and its lines the same way
        VBox visual = new VBox();
        Node[] gpt = generated(chapters, i18n, visual.spacingProperty());
        visual.getChildren().addAll(part(steps, map,
                answer(chapters, stepLine, "chapter.quiz.kv.rows", "chapter.quiz.kv.flops")),
                linesPart(chapters, steps, PageLayout.label(i18n.text("chapter.ui.kv.cache"), "page-heading"),
                        answer(chapters, cache, "chapter.quiz.kv.rows"), answer(chapters, same, "chapter.quiz.kv.same"),
                        memory),
                part(far, answer(chapters, chart, "chapter.quiz.kv.flops")),
                part(generation, gpt[0]), part(generation, gpt[1]));
        return layout(chapters, controls, visual);
    }

    /**
     * The shipped tiny GPT writing with its caches, a step per token (its step buttons are among the
     * controls): its map, and under it the lines of what was fed, what the step did and the cache. A
     * presenter shows them one after the other, each on a slide of its own: twenty rows of the map
     * and those lines on one slide had left the map's cells too small for a label on every row.
     * {@code gap} is the space the page leaves between the two.
     */
    private Node[] generated(ChaptersViewModel chapters, I18n i18n, ObservableDoubleValue gap) {
        var c = model();
        var step = generation.stepProperty();
        Label heading = PageLayout.label(i18n.text("chapter.ui.kv.gen.heading"), "page-heading");
        Label intro = PageLayout.label(i18n.text("chapter.ui.kv.gen.intro"), "hint");
        intro.setWrapText(true);
        Label text = PageLayout.computed(i18n, "kv-gen-text", () -> c.get() == null ? ""
                : i18n.get("chapter.ui.kv.gen.text", c.get().generation().textUpTo(step.get()),
                c.get().generation().shownLayer() + 1, c.get().generation().shownHead() + 1), c, step);
        var presenting = chapters.presentingProperty();
        HeatmapControl map = Maps.control("kv-gen-map", Maps.figure(i18n, Bindings.createObjectBinding(
                () -> c.get() == null ? null : new Generated(c.get().generation(), step.get(), presenting.get()),
                c, step, presenting), s -> generatedFigure(i18n, s)), 27);
        Label work = text(i18n, "kv-gen-work", () -> c.get() == null ? null
                : c.get().generation().stepText(step.get()), c, step);
        Label cache = text(i18n, "kv-gen-cache", () -> c.get() == null ? null
                : c.get().generation().cacheText(step.get()), c, step);
        // presenting, the map's own title heads the part, so that the map fills the slide
        PageLayout.narrative(chapters.presentingProperty(), heading, intro);
        Node answered = answer(chapters, cache, "chapter.quiz.kv.gpt");
        // presenting, the lines are a slide of their own: the part's heading heads them, and they stand apart
        Label linesHeading = PageLayout.label(i18n.text("chapter.ui.kv.gen.heading"), "page-heading");
        linesHeading.visibleProperty().bind(presenting);
        linesHeading.managedProperty().bind(presenting);
        // at a desk the map leaves room on the visible page for the lines under it; presenting, they are the next part
        VBox lines = new VBox(linesHeading, text, work, answered);
        lines.getStyleClass().add("kv-gen-lines");
        PageLayout.fillWhilePresenting(lines, presenting);
        map.roomBelowProperty().bind(Bindings.createDoubleBinding(() -> presenting.get() ? 0
                : gap.get() + lines.getHeight(), presenting, gap, lines.heightProperty()));
        return new Node[] {new VBox(heading, intro, map), lines};
    }

    /** The generation and the step shown, together, for its figure, and whether it is presented. */
    private record Generated(KvGeneration generation, int step, boolean presenting) {
    }

    /**
     * The tiny GPT's copying head, its rows so far; rows not yet fed and the future hatched.
     * Presenting, one title names the head, and the map has no title of its own and no keys' axis
     * title over its columns (the same letters as its rows): two lines fewer above twenty rows make
     * their cells 28 px at 1280 x 800, large enough for every row's and column's letter.
     */
    private static Figure generatedFigure(I18n i18n, Generated s) {
        KvGeneration g = s.generation();
        int n = s.step();
        HeatmapData weights = Maps.data(g.tokens(), g.tokens(), g.stepped().matrix(), (i, j) -> i >= n || j > i);
        HeatmapOptions options = Maps.options(i18n, "chapter.ui.kv.gen.mapTitle", "chapter.ui.weight", 2, 40)
                .withLegend(true, i18n.get("chapter.ui.weight"), i18n.get("chapter.ui.kv.notYet"));
        String head = i18n.get("chapter.ui.kv.gen.map", g.shownLayer() + 1, g.shownHead() + 1);
        if (s.presenting()) {
            options = options.withTitle(i18n.get("chapter.ui.kv.gen.mapPresented", g.shownLayer() + 1,
                    g.shownHead() + 1)).withAxes(i18n.get("chapter.ui.axis.queries"), "");
            head = "";
        }
        return Maps.outlined(weights, head, n - 1, i18n.get("chapter.ui.weight"), options);
    }

    /** The numbers and the step shown, together, for the figure. */
    private record Shown(KvCacheChapter chapter, int step) {
    }

    private static Label text(I18n i18n, String id, Callable<Text> make, Observable... deps) {
        return PageLayout.text(i18n, Bindings.createObjectBinding(make, deps), id, "page-result");
    }

    /** The causal map with the rows computed so far, the new one outlined; rows not yet fed and the future hatched. */
    private static Figure figure(I18n i18n, Shown s) {
        KvCacheChapter c = s.chapter();
        int n = s.step();
        List<String> tokens = c.tokens();
        HeatmapData weights = Maps.data(tokens, tokens, c.stepped().matrix(), (i, j) -> i >= n || j > i);
        return Maps.outlined(weights, i18n.get("chapter.ui.kv.weights"), n - 1, i18n.get("chapter.ui.weight"),
                Maps.options(i18n, "chapter.ui.kv.map", "chapter.ui.weight", 2, 52)
                        .withLegend(true, i18n.get("chapter.ui.weight"), i18n.get("chapter.ui.kv.notYet")));
    }

    /** The cache as it is after step n: one row per token fed, K and V side by side, the new row marked. */
    private static void fillCache(I18n i18n, GridPane grid, KvCacheChapter c, int n) {
        grid.getChildren().clear();
        if (c == null) {
            return;
        }
        Numbers numbers = new Numbers(i18n);
        grid.addRow(0, cell(""), cell("K"), cell("V"));
        for (int i = 0; i < n; i++) {
            Label row = cell(numbers.vector(c.keys().row(i), 4));
            row.setId("kv-cache-k-" + (i + 1));
            grid.addRow(i + 1, cell(c.tokens().get(i)), row, cell(numbers.vector(c.values().row(i), 4)),
                    cell(i == n - 1 ? i18n.get("chapter.ui.kv.new") : ""));
        }
    }

    private static LineChart<Number, Number> chart(I18n i18n) {
        NumberAxis x = new NumberAxis(1, TOKENS, 1);
        NumberAxis y = new NumberAxis();
        x.labelProperty().bind(i18n.text("chapter.ui.kv.chartX"));
        y.labelProperty().bind(i18n.text("chapter.ui.kv.chartY"));
        LineChart<Number, Number> chart = new LineChart<>(x, y);
        chart.setId("kv-chart");
        chart.setAnimated(false);
        chart.titleProperty().bind(i18n.text("chapter.ui.kv.chart"));
        chart.getStyleClass().add("chapter-chart");
        return chart;
    }

    private static void fill(I18n i18n, LineChart<Number, Number> chart, KvCacheChapter c) {
        chart.getData().clear();
        if (c == null) {
            return;
        }
        XYChart.Series<Number, Number> with = new XYChart.Series<>();
        with.setName(i18n.get("chapter.ui.kv.seriesWith"));
        XYChart.Series<Number, Number> without = new XYChart.Series<>();
        without.setName(i18n.get("chapter.ui.kv.seriesWithout"));
        for (KvCacheChapter.Step s : c.steps()) {
            with.getData().add(new XYChart.Data<>(s.keyCount(), s.flops()));
            without.getData().add(new XYChart.Data<>(s.keyCount(), s.flopsWithout()));
        }
        chart.getData().setAll(List.of(with, without));
    }
}
