package org.attentionexplainer.ui.walkthrough;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.common.Numbers;
import org.attentionexplainer.lesson.CourseExample;
import org.attentionexplainer.lesson.DotProduct;
import org.attentionexplainer.lesson.QueryBreakdown;
import org.attentionexplainer.lesson.SimpleAttention;
import org.attentionexplainer.lesson.Step;
import org.attentionexplainer.lesson.StepTables;
import org.attentionexplainer.lesson.Token;
import org.attentionexplainer.ui.i18n.I18n;

/** Steps 1–4 on "Hello shiny sun!": scores, softmax, context, all queries at once. */
final class HelloPages {
    private final WalkthroughViewModel walk;
    private final HelloViewModel model;
    private final I18n i18n;
    private final Numbers numbers;
    /** Step 4's matrices; a click on a cell replays steps 1-3 for that cell's query. */
    private final StepFigure allQueries;

    HelloPages(WalkthroughViewModel walk) {
        this.walk = walk;
        this.model = walk.hello();
        this.i18n = walk.i18n();
        this.numbers = new Numbers(i18n);
        this.allQueries = new StepFigure(i18n, "all-figure", walk::replayFor);
    }

    Node scores() {
        return page(Step.SCORES, this::scoresVisual);
    }

    Node softmax() {
        return page(Step.SOFTMAX, this::softmaxVisual);
    }

    Node context() {
        return page(Step.CONTEXT, this::contextVisual);
    }

    Node allQueries() {
        VBox visual = new VBox();
        Runnable refresh = () -> visual.getChildren().setAll(allQueriesVisual(model.resultProperty().get()));
        refresh.run();
        model.resultProperty().addListener((o, a, b) -> refresh.run());
        model.queryProperty().addListener((o, a, b) -> refresh.run());
        i18n.localeProperty().addListener((o, a, b) -> refresh.run());
        return StepLayout.of(walk, Step.ALL_QUERIES, tokenTable(), visual);
    }

    /** A page whose visual is rebuilt from the chosen query's breakdown whenever anything changes. */
    private Node page(Step step, Function<QueryBreakdown, List<Node>> content) {
        VBox visual = new VBox();
        Runnable refresh = () -> {
            QueryBreakdown b = model.breakdownProperty().get();
            List<Node> nodes = new ArrayList<>();
            if (!model.failureProperty().get().isEmpty()) {
                nodes.add(PageLayout.line(model.failureProperty().get(), "error-text"));
            }
            if (b == null) {
                nodes.add(PageLayout.wrapped(i18n, "walk.pending", "hint"));
            } else {
                nodes.addAll(content.apply(b));
            }
            visual.getChildren().setAll(nodes);
        };
        refresh.run();
        model.breakdownProperty().addListener((o, a, b) -> refresh.run());
        model.failureProperty().addListener((o, a, b) -> refresh.run());
        i18n.localeProperty().addListener((o, a, b) -> refresh.run());
        VBox inputs = new VBox(QueryChooser.create(i18n, "query", "walk.query.choose", model.tokens().rowsProperty(),
                model.queryProperty()), tokenTable());
        inputs.getStyleClass().add("page-inputs");
        // presenting, the step's lines are its figure: they fill the slide as a map does
        PageLayout.fillWhilePresenting(visual, walk.presentingProperty());
        return StepLayout.of(walk, step, inputs, visual);
    }

    private Node tokenTable() {
        VBox box = new VBox(PageLayout.wrapped(i18n, "walk.table.caption", "page-caption"),
                new EditableMatrixView(model.tokens(), i18n, "tokens", List.of("1", "2", "3"), model::reset)
                        .undoableReset(model.undoResetAvailableProperty(), model::undoReset)
                        .createView());
        box.getStyleClass().add("page-inputs");
        return box;
    }

    private String label(QueryBreakdown b, int j) {
        return b.tokens().get(j).label();
    }

    private Label queryLine(QueryBreakdown b) {
        Token q = b.tokens().get(b.query());
        return PageLayout.line(i18n.get("walk.query.is", q.label(), numbers.inputVector(q.values())), "page-heading");
    }

    private List<Node> scoresVisual(QueryBreakdown b) {
        GridPane grid = new GridPane();
        grid.getStyleClass().add("walk-lines");
        for (int j = 0; j < b.tokens().size(); j++) {
            DotProduct dot = b.scores().get(j);
            grid.add(PageLayout.token(i18n.get("walk.scores.of", label(b, j))), 0, j);
            Label line = PageLayout.line(numbers.dotWithProducts(dot), "formula");
            line.setId("score-line-" + j);
            grid.add(line, 1, j);
        }
        double[] s = new double[b.scores().size()];
        for (int j = 0; j < s.length; j++) {
            s[j] = b.scores().get(j).value();
        }
        Label vector = PageLayout.line(i18n.get("walk.scores.vector", numbers.vector(s)), "formula", "page-result");
        vector.setId("scores-vector");
        return List.of(queryLine(b), grid, vector, PageLayout.wrapped(i18n, "walk.scores.hint", "hint"));
    }

    private List<Node> softmaxVisual(QueryBreakdown b) {
        boolean shifted = b.shift() != 0;
        GridPane grid = new GridPane();
        grid.getStyleClass().add("walk-lines");
        String[] headers = {"walk.softmax.token", "walk.softmax.score",
            shifted ? "walk.softmax.expShifted" : "walk.softmax.exp", "walk.softmax.weight"};
        for (int c = 0; c < headers.length; c++) {
            grid.add(PageLayout.wrapped(i18n, headers[c], "walk-table-header"), c, 0);
        }
        double[] e = b.exponentials();
        double[] w = b.weights();
        double sum = b.exponentialSum();
        Bars bars = new Bars("walk-weight-bars", "walk-bar-weight");
        bars.setValues(w);
        for (int j = 0; j < w.length; j++) {
            grid.add(PageLayout.token(label(b, j)), 0, j + 1);
            grid.add(PageLayout.line(numbers.fixed(b.scores().get(j).value()), "formula"), 1, j + 1);
            Label exp = PageLayout.line(shifted
                    ? "e^(" + numbers.fixed(b.scores().get(j).value()) + " − " + numbers.fixed(b.shift()) + ") = "
                      + numbers.fixed(e[j])
                    : "e^" + numbers.fixed(b.scores().get(j).value()) + " = " + numbers.fixed(e[j]), "formula");
            exp.setId("exp-" + j);
            grid.add(exp, 2, j + 1);
            Label weight = PageLayout.line(numbers.fixed(e[j]) + " / " + numbers.fixed(sum) + " = "
                    + numbers.fixed(w[j]), "formula", "page-result");
            weight.setId("weight-" + j);
            grid.add(weight, 3, j + 1);
        }
        Label expSum = PageLayout.line(i18n.get("walk.softmax.sum", numbers.sum(e) + " = " + numbers.fixed(sum)),
                "formula");
        expSum.setId("exp-sum");
        Label weightSum = PageLayout.line(i18n.get("walk.softmax.weightSum",
                numbers.sum(w) + " = " + numbers.fixed(b.weightSum())), "formula", "page-result");
        weightSum.setId("weight-sum");
        String[] barLabels = new String[w.length];
        for (int j = 0; j < w.length; j++) {
            barLabels[j] = label(b, j) + "\n" + numbers.fixed(w[j]);
        }
        List<Node> out = new ArrayList<>(List.of(queryLine(b), grid, expSum, weightSum,
                bars.withLabels(barLabels)));
        if (shifted) {
            out.add(PageLayout.line(i18n.get("walk.softmax.shifted", numbers.fixed(b.shift())), "hint"));
        }
        return out;
    }

    /** The vector with no-break spaces after its separators, so that it is never split over two lines. */
    private static String unbroken(String vector) {
        return vector.replace(' ', '\u00A0');
    }

    private List<Node> contextVisual(QueryBreakdown b) {
        GridPane grid = new GridPane();
        grid.getStyleClass().add("walk-lines");
        double[] w = b.weights();
        List<double[]> weighted = b.weightedEmbeddings();
        for (int j = 0; j < w.length; j++) {
            grid.add(PageLayout.token(label(b, j)), 0, j);
            // a narrow slide breaks the line at " × " or " = ", never inside a vector
            String input = unbroken(numbers.inputVector(b.tokens().get(j).values()));
            Label line = PageLayout.line(numbers.fixed(w[j]) + " × " + input + " = "
                    + unbroken(numbers.vector(weighted.get(j))), "formula");
            line.setId("weighted-" + j);
            grid.add(line, 1, j);
        }
        Label context = PageLayout.line(i18n.get("walk.context.vector", label(b, b.query()),
                numbers.vector(b.context())), "formula", "page-result");
        context.setId("context-vector");
        List<Node> out = new ArrayList<>(List.of(queryLine(b), grid, context,
                PageLayout.wrapped(i18n, "walk.context.rounding", "hint")));
        SimpleAttention result = model.resultProperty().get();
        if (result != null && result.isCourseExample() && b.query() == CourseExample.HELLO_QUERY) {
            Label note = PageLayout.line(i18n.get("walk.context.notes", numbers.vector(CourseExample.notesContext()),
                    numbers.vector(b.context())), "page-note");
            note.setId("rounding-note");
            out.add(note);
        }
        return out;
    }

    private List<Node> allQueriesVisual(SimpleAttention r) {
        if (r == null) {
            return List.of(PageLayout.wrapped(i18n, "walk.pending", "hint"));
        }
        int q = Math.min(model.queryProperty().get(), r.size() - 1);
        Node maps = allQueries.show(StepTables.of(Step.ALL_QUERIES, r, q, null, 0).orElseThrow(), q);
        Label hint = PageLayout.wrapped(i18n, "walk.all.hint", "page-heading");
        Label legend = PageLayout.wrapped(i18n, "walk.all.legend", "hint");
        // how to use the figure is the learner's; the class sees the figure from the top of the page
        PageLayout.narrative(walk.presentingProperty(), hint, legend);
        return List.of(hint, maps, legend);
    }
}
