package org.attentionexplainer.ui.tinygpt;

import java.io.File;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.attentionexplainer.engine.tinygpt.GptModelFile;
import org.attentionexplainer.export.ViewMode;
import org.attentionexplainer.ui.common.MapPane;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.export.ExportActions;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;

/**
 * The "Train a tiny GPT" screen: the training settings and buttons, the progress and the loss
 * curves beside every head's scores, then the prompt with the model's next symbols and one
 * layer's maps in the explorer's view. Presentation mode leaves the class the prompt, the next
 * symbols, one head of the layer as large as the room allows (the presenter's keys step through the
 * heads) and the table of what each head does; the training and the notes step aside.
 */
final class TinyGptView {
    /**
     * Presenting, the table of what each head does stays beside the head only from this width: below
     * it, its column would put the maps' toolbar on two rows and take the head's room.
     */
    private static final double ROOM_FOR_TABLE = 1600;
    /** The share of the width the column of the loss and the heads takes at a desk. */
    private static final double LEFT_SHARE = 0.36;
    /** Room for the column's vertical scroll bar and border. */
    private static final double SCROLL_BAR = 24;

    private final TinyGptViewModel vm;
    private final AppContext context;
    private final I18n i18n;
    private final MapPane maps;
    private final BooleanProperty presenting = new SimpleBooleanProperty(this, "presenting");
    /** True while presentation mode shows one head in place of the grid, which its end brings back. */
    private boolean gridBeforePresenting;

    TinyGptView(TinyGptViewModel vm, AppContext context, ExportActions actions) {
        this.vm = vm;
        this.context = context;
        this.i18n = context.i18n();
        this.maps = new MapPane(vm.maps(), i18n, actions, null);
        maps.presentingProperty().bind(presenting);
        // fifteen tokens a head: four heads side by side leave a projector 18 px cells, one head twice that
        presenting.addListener((o, was, now) -> {
            var mode = vm.maps().display().modeProperty();
            if (now && mode.get() == ViewMode.GRID) {
                mode.set(ViewMode.FOCUS);
                gridBeforePresenting = true;
            } else if (!now && gridBeforePresenting) {
                if (mode.get() == ViewMode.FOCUS) {
                    mode.set(ViewMode.GRID);
                }
                gridBeforePresenting = false;
            }
        });
    }

    /** Presentation mode: the training, the files and the notes step aside for one large head. */
    BooleanProperty presentingProperty() {
        return presenting;
    }

    Parent createView() {
        BorderPane root = new BorderPane();
        root.getStyleClass().add("tinygpt");
        root.setTop(top());
        VBox column = new VBox();
        Region left = left(column);
        Region right = right();
        // a share, not a split pane's divider: the window is first laid out thousands of pixels wide
        // (every text on one line), and a split pane shrinking from there took the same pixels from
        // both sides, which left the column a sliver that cut its texts
        right.setPrefWidth(1);
        HBox.setHgrow(right, Priority.ALWAYS);
        HBox page = new HBox(left, right);
        left.prefWidthProperty().bind(Bindings.createDoubleBinding(() -> {
            double needed = column.minWidth(-1) + SCROLL_BAR;
            return presenting.get() ? needed : Math.max(page.getWidth() * LEFT_SHARE, needed);
        }, page.widthProperty(), presenting, column.widthProperty()));
        left.setMinWidth(Region.USE_PREF_SIZE);
        left.visibleProperty().bind(presenting.not().or(page.widthProperty().greaterThanOrEqualTo(ROOM_FOR_TABLE)));
        left.managedProperty().bind(left.visibleProperty());
        root.setCenter(page);
        return root;
    }

    private Label label(String key, String... styles) {
        Label l = new Label();
        l.textProperty().bind(i18n.text(key));
        l.getStyleClass().addAll(styles);
        l.setMinWidth(Label.USE_PREF_SIZE);
        return l;
    }

    private Node field(String id, String key, StringProperty property, int columns) {
        TextField f = new TextField();
        f.setId(id);
        f.setPrefColumnCount(columns);
        f.textProperty().bindBidirectional(property);
        f.setOnAction(e -> vm.train());
        HBox box = new HBox(4, label(key), f);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    private Button button(String id, String key, Runnable action) {
        Button b = new Button();
        b.setId(id);
        b.textProperty().bind(i18n.text(key));
        b.setOnAction(e -> action.run());
        return b;
    }

    private Node top() {
        Label intro = label("tinygpt.intro", "hint");
        intro.setId("tinygpt-intro");
        intro.setWrapText(true);
        intro.setMinWidth(0);
        BooleanBinding training = vm.statusProperty().isEqualTo(TinyGptViewModel.Status.TRAINING)
                .or(vm.statusProperty().isEqualTo(TinyGptViewModel.Status.PAUSED));
        Button train = button("tinygpt-train", "tinygpt.train", vm::train);
        train.disableProperty().bind(training.or(vm.statusProperty().isEqualTo(TinyGptViewModel.Status.LOADING)));
        train.getStyleClass().add("accent");
        Button pause = button("tinygpt-pause", "tinygpt.pause", () -> {
            if (vm.statusProperty().get() == TinyGptViewModel.Status.PAUSED) {
                vm.resume();
            } else {
                vm.pause();
            }
        });
        pause.textProperty().unbind();
        pause.textProperty().bind(Bindings.createStringBinding(() -> i18n.get(
                vm.statusProperty().get() == TinyGptViewModel.Status.PAUSED ? "tinygpt.resume" : "tinygpt.pause"),
                vm.statusProperty(), i18n.localeProperty()));
        pause.disableProperty().bind(training.not());
        Button cancel = button("tinygpt-cancel", "tinygpt.cancel", vm::cancel);
        cancel.disableProperty().bind(training.not());
        ProgressBar bar = new ProgressBar();
        bar.setId("tinygpt-progress");
        bar.setPrefWidth(180);
        bar.progressProperty().bind(vm.progressProperty());
        Button open = button("tinygpt-open", "tinygpt.open", this::open);
        Button save = button("tinygpt-save", "tinygpt.save", this::save);
        open.disableProperty().bind(training);
        save.disableProperty().bind(training.or(vm.modelProperty().isNull()));
        Button real = button("tinygpt-real", "tinygpt.showReal", vm::showInRealModel);
        real.disableProperty().bind(training.or(vm.modelProperty().isNull()));
        FlowPane settings = new FlowPane(12, 6, field("tinygpt-seed", "tinygpt.field.seed", vm.seedProperty(), 6),
                field("tinygpt-layers", "tinygpt.field.layers", vm.layersProperty(), 2),
                field("tinygpt-heads", "tinygpt.field.heads", vm.headsProperty(), 2),
                field("tinygpt-steps", "tinygpt.field.steps", vm.stepsProperty(), 5), train, pause, cancel, bar, open,
                save, real);
        settings.setAlignment(Pos.CENTER_LEFT);
        Label message = PageLayout.message("tinygpt-message", vm.messageProperty(), vm.errorProperty());
        PageLayout.narrative(presenting, intro, settings);
        message.visibleProperty().bind(presenting.not().or(vm.errorProperty()));
        message.managedProperty().bind(message.visibleProperty());
        VBox box = new VBox(6, intro, settings, message);
        box.setPadding(new Insets(10, 12, 6, 12));
        return box;
    }

    private Region left(VBox box) {
        Region chart = LossChart.create(vm.lossesProperty(), i18n);
        Label chartHint = label("tinygpt.chart.hint", "hint");
        chartHint.setWrapText(true);
        chartHint.setMinWidth(0);
        // the chart gives way, not the sentences under it (they were cut to one line)
        chartHint.setMinHeight(Region.USE_PREF_SIZE);
        Label headsTitle = label("tinygpt.heads.title", "subtitle");
        Label headsHint = label("tinygpt.heads.hint", "hint");
        headsHint.setWrapText(true);
        headsHint.setMinWidth(0);
        headsHint.setMinHeight(Region.USE_PREF_SIZE);
        ScrollPane table = new ScrollPane(HeadTable.create(vm.scoresProperty(), i18n));
        table.setFitToWidth(true);
        // the column is never narrower than the table (its numbers would be cut)
        table.setMinWidth(Region.USE_PREF_SIZE);
        // presenting, the column holds the table alone: every row, no scroll bar
        table.prefViewportHeightProperty().bind(Bindings.when(presenting).then(0).otherwise(190));
        // every head's row in sight; where the column is short, the column scrolls as a whole
        table.setMinHeight(Region.USE_PREF_SIZE);
        PageLayout.narrative(presenting, chart, chartHint, headsHint);
        box.setSpacing(6);
        box.getChildren().setAll(chart, chartHint, headsTitle, table, headsHint);
        box.setPadding(new Insets(0, 6, 8, 12));
        ScrollPane column = new ScrollPane(box);
        // not fitted to its height: a scroll pane so fitted measures its content one line a paragraph,
        // and showed no scroll bar while the last sentences ran past the window's edge
        column.setFitToWidth(true);
        column.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        return column;
    }

    private Region right() {
        TextField prompt = new TextField();
        prompt.setId("tinygpt-prompt");
        prompt.textProperty().bindBidirectional(vm.promptProperty());
        // wide enough for the default prompt; where the row is narrow the layer goes to a line of its own
        // (the field had been squeezed until the prompt was cut)
        prompt.setPrefColumnCount(16);
        HBox promptField = new HBox(8, label("tinygpt.prompt"), prompt);
        promptField.setAlignment(Pos.CENTER_LEFT);
        HBox layer = new HBox(8, label("tinygpt.layer"), layerChooser());
        layer.setAlignment(Pos.CENTER_LEFT);
        FlowPane promptRow = new FlowPane(16, 6, promptField, layer);
        promptRow.setAlignment(Pos.CENTER_LEFT);
        Label problem = new Label();
        problem.setId("tinygpt-prompt-problem");
        problem.getStyleClass().add("error-text");
        problem.textProperty().bind(vm.promptProblemProperty());
        problem.visibleProperty().bind(vm.promptProblemProperty().isNotEmpty());
        problem.managedProperty().bind(problem.visibleProperty());
        FlowPane next = new FlowPane(10, 4);
        next.setId("tinygpt-predictions");
        Runnable fill = () -> {
            next.getChildren().setAll(label("tinygpt.next"));
            for (Prediction p : vm.predictionsProperty()) {
                Label l = new Label(i18n.get("tinygpt.prediction", p.symbol(), i18n.number(100 * p.probability(), 1)));
                l.getStyleClass().add("token-chip");
                next.getChildren().add(l);
            }
        };
        vm.predictionsProperty().addListener((ListChangeListener<Prediction>) c -> fill.run());
        i18n.localeProperty().addListener(o -> fill.run());
        fill.run();
        Node mapsView = maps.maps();
        VBox.setVgrow(mapsView, Priority.ALWAYS);
        VBox box = new VBox(6, promptRow, problem, next, mapsView);
        box.setPadding(new Insets(0, 0, 0, 6));
        HBox withDetails = new HBox(box, maps.details());
        HBox.setHgrow(box, Priority.ALWAYS);
        return withDetails;
    }

    private ComboBox<Integer> layerChooser() {
        ComboBox<Integer> layers = new ComboBox<>();
        layers.setId("tinygpt-layer");
        // the layer's whole name, never "Laye..."
        layers.setMinWidth(Region.USE_PREF_SIZE);
        layers.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(Integer item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : i18n.get("tinygpt.layer.name", item + 1));
            }
        });
        // the closed box shows its value through the converter (a button cell set once showed the bare index)
        layers.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(Integer item) {
                return item == null ? "" : i18n.get("tinygpt.layer.name", item + 1);
            }

            @Override
            public Integer fromString(String text) {
                return null;
            }
        });
        i18n.localeProperty().addListener(o -> {
            Integer v = layers.getValue();
            layers.setValue(null);
            layers.setValue(v);
        });
        Runnable fill = () -> {
            layers.getItems().setAll(java.util.stream.IntStream.range(0, vm.layerCount()).boxed().toList());
            layers.setValue(vm.layerShownProperty().get());
        };
        vm.modelProperty().addListener(o -> fill.run());
        fill.run();
        layers.valueProperty().addListener((o, a, b) -> {
            if (b != null) {
                vm.layerShownProperty().set(b);
            }
        });
        vm.layerShownProperty().addListener((o, a, b) -> layers.setValue(b.intValue()));
        return layers;
    }

    private void open() {
        File f = context.files().openFile(window(), i18n.get("tinygpt.open.title"), extension());
        if (f != null) {
            vm.open(f.toPath());
        }
    }

    private void save() {
        File f = context.files().saveFile(window(), i18n.get("tinygpt.save.title"), extension(),
                "my-tiny-gpt" + GptModelFile.EXTENSION);
        if (f != null) {
            vm.save(f.toPath());
        }
    }

    private static String extension() {
        return GptModelFile.EXTENSION.substring(1);
    }

    private javafx.stage.Window window() {
        return maps.heatmap().getScene() == null ? null : maps.heatmap().getScene().getWindow();
    }
}
