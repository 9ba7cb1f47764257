package org.attentionexplainer.ui.walkthrough;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.attentionexplainer.lesson.Step;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.FileAction;

/**
 * The walkthrough: a header with "step n of N", the step's title and back/next buttons, and
 * below it the current step's page. Pages are built the first time they are shown.
 */
public final class WalkthroughView {
    private final WalkthroughViewModel model;
    private final WalkthroughExport export;
    private final I18n i18n;
    private final StackPane pageArea = new StackPane();
    private final Map<Step, Node> pages = new EnumMap<>(Step.class);
    private final Map<Step, Supplier<Node>> builders = new EnumMap<>(Step.class);
    private TrainablePages trainable;

    WalkthroughView(WalkthroughViewModel model, WalkthroughExport export) {
        this.model = model;
        this.export = export;
        this.i18n = model.i18n();
    }

    public Parent createView() {
        HelloPages hello = new HelloPages(model);
        builders.put(Step.SCORES, hello::scores);
        builders.put(Step.SOFTMAX, hello::softmax);
        builders.put(Step.CONTEXT, hello::context);
        builders.put(Step.ALL_QUERIES, hello::allQueries);
        builders.put(Step.PROJECTIONS, () -> trainablePages().projections());
        builders.put(Step.SCALED_SCORES, () -> trainablePages().scaledScores());
        builders.put(Step.TRAINED_CONTEXT, () -> trainablePages().trainedContext());
        builders.put(Step.WHY_SQRT_DK, () -> new ScalingPage(model).create());

        BorderPane root = new BorderPane();
        root.getStyleClass().add("walkthrough");
        root.getStylesheets().add(WalkthroughView.class.getResource("walkthrough.css").toExternalForm());
        root.setTop(header());
        pageArea.getStyleClass().add("walk-page-area");
        root.setCenter(pageArea);
        init();
        return root;
    }

    /** The pages of steps 5–7, made (with their model) when one of them is first shown. */
    private TrainablePages trainablePages() {
        if (trainable == null) {
            trainable = new TrainablePages(model);
        }
        return trainable;
    }

    private void init() {
        model.stepProperty().addListener((o, a, b) -> show(b));
        model.presentingProperty().addListener((o, a, b) -> pageArea.getChildren().forEach(this::showNarrative));
        pageArea.sceneProperty().addListener((o, a, scene) -> {
            if (scene != null && pageArea.getChildren().isEmpty()) {
                showAfterFirstFrame(scene);
            }
        });
    }

    /**
     * The window opens without waiting for the first page: it is built once the window's first
     * frame (menu, navigation, this header) has been laid out.
     */
    private void showAfterFirstFrame(Scene scene) {
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            scene.removePostLayoutPulseListener(once[0]);
            Platform.runLater(() -> {
                if (pageArea.getChildren().isEmpty()) {
                    show(model.stepProperty().get());
                }
            });
        };
        scene.addPostLayoutPulseListener(once[0]);
        Platform.requestNextPulse();
    }

    private void show(Step step) {
        Node page = pages.computeIfAbsent(step, s -> builders.get(s).get());
        page.setId("page-" + step.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        pageArea.getChildren().setAll(page);
        showNarrative(page);
    }

    /** In presentation mode a page keeps its headline, formula, inputs and picture; the prose goes. */
    private void showNarrative(Node page) {
        boolean shown = !model.presentingProperty().get();
        Node text = StepLayout.narrative(page);
        if (text != null) {
            text.setVisible(shown);
            text.setManaged(shown);
        }
    }

    private Node header() {
        Label progress = new Label();
        progress.setId("walk-progress");
        progress.getStyleClass().add("walk-progress");
        progress.textProperty().bind(model.progressText());
        Label title = new Label();
        title.setId("walk-title");
        title.getStyleClass().add("subtitle");
        title.textProperty().bind(Bindings.createStringBinding(
                () -> i18n.get(model.stepProperty().get().titleKey()), model.stepProperty(), i18n.localeProperty()));
        title.setMinWidth(Region.USE_PREF_SIZE);
        Button back = new Button();
        back.setId("walk-back");
        back.textProperty().bind(i18n.text("walk.back"));
        back.disableProperty().bind(model.indexProperty().isEqualTo(0));
        back.setOnAction(e -> model.previous());
        Button next = new Button();
        next.setId("walk-next");
        next.textProperty().bind(i18n.text("walk.next"));
        next.disableProperty().bind(model.indexProperty().isEqualTo(model.steps().size() - 1));
        next.setOnAction(e -> model.next());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox row = new HBox(progress, title, spacer, notice(), exportButton(), back, next);
        row.getStyleClass().add("walk-header-row");
        ProgressBar bar = new ProgressBar();
        bar.getStyleClass().add("walk-progress-bar");
        bar.progressProperty().bind(model.indexProperty().add(1).divide((double) model.steps().size()));
        bar.setMaxWidth(Double.MAX_VALUE);
        VBox header = new VBox(row, bar);
        header.getStyleClass().add("walk-header");
        return header;
    }

    private Label notice() {
        Label notice = new Label();
        notice.setId("walk-export-notice");
        notice.getStyleClass().add("hint");
        notice.textProperty().bind(export.noticeProperty());
        notice.setMinWidth(0);
        return notice;
    }

    /**
     * Export picture: the step's matrices as PNG or SVG. Off on a step without a matrix, with
     * a tooltip saying why; the tooltip sits on a wrapper because a disabled button gets no
     * mouse events.
     */
    private Node exportButton() {
        Button button = new Button();
        button.setId("walk-export");
        button.textProperty().bind(i18n.text("walk.export.button"));
        button.setMinWidth(Region.USE_PREF_SIZE);
        button.disableProperty().bind(export.tablesProperty().isNull());
        button.setOnAction(e -> export.actions().run(FileAction.PICTURE, button.getScene().getWindow()));
        StackPane wrapper = new StackPane(button);
        wrapper.setId("walk-export-box");
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(Bindings.createStringBinding(() -> export.whyNot().get().isEmpty()
                ? i18n.get("walk.export.tip") : export.whyNot().get(), export.whyNot(), i18n.localeProperty()));
        Tooltip.install(wrapper, tip);
        return wrapper;
    }
}
