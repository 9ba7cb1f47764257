package org.attentionexplainer.ui.walkthrough;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.common.Numbers;
import org.attentionexplainer.lesson.CourseExample;
import org.attentionexplainer.lesson.DotProduct;
import org.attentionexplainer.lesson.Step;
import org.attentionexplainer.lesson.StepTables;
import org.attentionexplainer.lesson.Token;
import org.attentionexplainer.lesson.TrainableAttention;
import org.attentionexplainer.ui.i18n.I18n;

/** Steps 5–7 on "Your journey starts with one step": Q, K, V; scaled scores; weights and context. */
final class TrainablePages {
    private final TrainableViewModel model;
    private final WalkthroughViewModel walk;
    private final I18n i18n;
    private final Numbers numbers;
    /** Each step's matrices; a click on a cell works out that cell's token below. */
    private final StepFigure projections;
    private final StepFigure scaled;
    private final StepFigure context;

    TrainablePages(WalkthroughViewModel walk) {
        this.model = walk.trainable();
        this.walk = walk;
        this.i18n = walk.i18n();
        this.numbers = new Numbers(i18n);
        this.projections = new StepFigure(i18n, "projections-figure", model.selectedProperty()::set);
        this.scaled = new StepFigure(i18n, "scaled-figure", model.selectedProperty()::set);
        this.context = new StepFigure(i18n, "trained-figure", model.selectedProperty()::set);
    }

    Node projections() {
        return page(Step.PROJECTIONS, weightInputs(), this::projectionsVisual);
    }

    Node scaledScores() {
        return page(Step.SCALED_SCORES, null, this::scaledVisual);
    }

    Node trainedContext() {
        return page(Step.TRAINED_CONTEXT, null, this::contextVisual);
    }

    private Node page(Step step, Node top, Function<TrainableAttention, List<Node>> content) {
        VBox results = new VBox();
        results.getStyleClass().add("page-visual-part");
        Runnable refresh = () -> {
            TrainableAttention r = model.resultProperty().get();
            List<Node> nodes = new ArrayList<>();
            if (!model.failureProperty().get().isEmpty()) {
                nodes.add(PageLayout.line(model.failureProperty().get(), "error-text"));
            }
            if (r == null) {
                nodes.add(PageLayout.wrapped(i18n, "walk.pending", "hint"));
            } else {
                nodes.addAll(content.apply(r));
            }
            results.getChildren().setAll(nodes);
        };
        refresh.run();
        model.resultProperty().addListener((o, a, b) -> refresh.run());
        model.selectedProperty().addListener((o, a, b) -> refresh.run());
        model.failureProperty().addListener((o, a, b) -> refresh.run());
        i18n.localeProperty().addListener((o, a, b) -> refresh.run());
        VBox visual = top == null ? new VBox(results) : new VBox(top, results);
        VBox inputs = new VBox(
                QueryChooser.create(i18n, "token", "walk.trainable.choose", model.sentence().rowsProperty(),
                        model.selectedProperty()),
                PageLayout.wrapped(i18n, "walk.trainable.caption", "page-caption"),
                new EditableMatrixView(model.sentence(), i18n, "sentence", List.of("1", "2", "3"), model::reset)
                        .undoableReset(model.undoResetAvailableProperty(), model::undoReset)
                        .createView());
        inputs.getStyleClass().add("page-inputs");
        return StepLayout.of(walk, step, step == Step.PROJECTIONS ? newSentence() : null, inputs, visual);
    }

    /** Step 5 leaves "Hello shiny sun" for the book's sentence: said before anything else. */
    private Node newSentence() {
        Label intro = PageLayout.label(i18n.text("walk.trainable.newSentence",
                sentence(CourseExample.yourJourneyStartsWithOneStep()), sentence(CourseExample.helloShinySun())),
                "page-note");
        intro.setId("new-sentence");
        return intro;
    }

    private static String sentence(List<Token> tokens) {
        return String.join(" ", tokens.stream().map(Token::label).toList());
    }

    /** The seed and the three editable weight matrices. */
    private Node weightInputs() {
        TextField seed = new TextField(Long.toString(model.seedProperty().get()));
        seed.setId("seed-field");
        seed.getStyleClass().add("walk-seed-field");
        model.seedProperty().addListener((o, a, b) -> seed.setText(Long.toString(b.longValue())));
        Button draw = new Button();
        draw.setId("reseed");
        draw.textProperty().bind(i18n.text("walk.seed.draw"));
        draw.setOnAction(e -> model.reseed(seed.getText()));
        seed.setOnAction(e -> model.reseed(seed.getText()));
        Label seedLabel = PageLayout.wrapped(i18n, "walk.seed", "page-caption");
        seedLabel.setMinWidth(Region.USE_PREF_SIZE);
        draw.setMinWidth(Region.USE_PREF_SIZE);
        HBox seedRow = new HBox(seedLabel, seed, draw);
        seedRow.getStyleClass().add("walk-seed-row");
        Label seedError = PageLayout.line("", "error-text");
        seedError.setId("seed-error");
        seedError.textProperty().bind(model.seedErrorProperty());
        seedError.visibleProperty().bind(seedError.textProperty().isNotEmpty());
        seedError.managedProperty().bind(seedError.visibleProperty());
        List<String> outputs = List.of("1", "2");
        FlowPane weights = new FlowPane(
                titled("walk.weights.query", new EditableMatrixView(model.queryWeights(), i18n, "wq", outputs, null)),
                titled("walk.weights.key", new EditableMatrixView(model.keyWeights(), i18n, "wk", outputs, null)),
                titled("walk.weights.value", new EditableMatrixView(model.valueWeights(), i18n, "wv", outputs, null)));
        weights.getStyleClass().addAll("walk-maps", "walk-weights");
        VBox box = new VBox(seedRow, seedError, weights);
        box.getStyleClass().add("page-visual-part");
        return box;
    }

    private Node titled(String key, EditableMatrixView table) {
        VBox box = new VBox(PageLayout.wrapped(i18n, key, "walk-matrix-title"), table.createView());
        box.getStyleClass().add("walk-matrix-box");
        return box;
    }

    private List<String> labels(TrainableAttention r) {
        List<String> out = new ArrayList<>();
        for (Token t : r.tokens()) {
            out.add(t.label());
        }
        return out;
    }

    private int selected(TrainableAttention r) {
        return Math.min(model.selectedProperty().get(), r.size() - 1);
    }

    private StepTables tables(Step step, TrainableAttention r) {
        return StepTables.of(step, null, 0, r, model.seedProperty().get()).orElseThrow();
    }

    private List<Node> projectionsVisual(TrainableAttention r) {
        List<String> rows = labels(r);
        int s = selected(r);
        Node maps = projections.show(tables(Step.PROJECTIONS, r), s);
        List<Node> out = new ArrayList<>(List.of(maps,
                PageLayout.heading(i18n.get("walk.projections.worked", rows.get(s)))));
        addLines(out, "proj-q", "q", r.queryProjection(s), true);
        addLines(out, "proj-k", "k", r.keyProjection(s), true);
        addLines(out, "proj-v", "v", r.valueProjection(s), true);
        return out;
    }

    private void addLines(List<Node> out, String id, String symbol, List<DotProduct> dots, boolean inputs) {
        List<String> names = EditableMatrixView.subscripted(symbol, dots.size());
        for (int c = 0; c < dots.size(); c++) {
            Label line = PageLayout.line(names.get(c) + " = "
                    + (inputs ? numbers.inputDot(dots.get(c)) : numbers.dot(dots.get(c))), "formula");
            line.setId(id + "-" + c);
            out.add(line);
        }
    }

    private List<Node> scaledVisual(TrainableAttention r) {
        List<String> rows = labels(r);
        int s = selected(r);
        double sqrt = Math.sqrt(r.dk());
        Node maps = scaled.show(tables(Step.SCALED_SCORES, r), s);
        Label dk = PageLayout.line(i18n.get("walk.scaled.dk", Integer.toString(r.dk()), numbers.fixed(sqrt)), "page-heading");
        dk.setId("dk-line");
        GridPane lines = new GridPane();
        lines.getStyleClass().add("walk-lines");
        List<DotProduct> dots = r.scoreRow(s);
        for (int j = 0; j < dots.size(); j++) {
            lines.add(PageLayout.token(rows.get(j)), 0, j);
            Label dot = PageLayout.line(numbers.dot(dots.get(j)), "formula");
            dot.setId("scaled-line-" + j);
            lines.add(dot, 1, j);
            Label divided = PageLayout.line("/ " + numbers.fixed(sqrt) + " = " + numbers.fixed(r.scaled().get(s, j)),
                    "formula", "page-result");
            divided.setMinWidth(Region.USE_PREF_SIZE);
            lines.add(divided, 2, j);
        }
        return List.of(dk, maps, PageLayout.heading(i18n.get("walk.scaled.worked", rows.get(s))), lines);
    }

    private List<Node> contextVisual(TrainableAttention r) {
        List<String> rows = labels(r);
        int s = selected(r);
        Node maps = context.show(tables(Step.TRAINED_CONTEXT, r), s);
        double[] weights = r.attention().row(s);
        double total = 0;
        for (double w : weights) {
            total += w;
        }
        Label softmax = PageLayout.line("softmax(" + numbers.vector(r.scaled().row(s)) + ") = "
                + numbers.vector(weights), "formula");
        softmax.setId("trained-softmax");
        Label sum = PageLayout.line("Σ = " + numbers.sum(weights) + " = " + numbers.fixed(total), "formula");
        sum.setId("trained-sum");
        List<Node> out = new ArrayList<>(List.of(maps,
                PageLayout.heading(i18n.get("walk.trained.worked", rows.get(s))), softmax, sum));
        addLines(out, "trained-z", "z", r.contextRow(s), false);
        return out;
    }
}
