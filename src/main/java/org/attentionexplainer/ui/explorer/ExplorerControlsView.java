package org.attentionexplainer.ui.explorer;

import org.attentionexplainer.lesson.explorer.ProjectionKind;
import org.attentionexplainer.lesson.explorer.ScaleMode;
import org.attentionexplainer.lesson.explorer.AttentionControls;

import java.io.File;
import java.util.List;
import java.util.stream.Collectors;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Slider;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.common.Widgets;
import org.controlsfx.control.ToggleSwitch;

/**
 * The explorer's left column: the model (d_model, heads, projection, seeds, files), the
 * masks, the scaling and dropout. Every control writes a view-model property.
 */
final class ExplorerControlsView {
    private final ExplorerViewModel vm;
    private final I18n i18n;
    private final Widgets w;

    ExplorerControlsView(ExplorerViewModel vm, I18n i18n) {
        this.vm = vm;
        this.i18n = i18n;
        this.w = new Widgets(i18n);
    }

    Node createView() {
        VBox box = new VBox(14, model(), masks(), scaling(), dropout());
        box.setPadding(new Insets(12));
        box.getStyleClass().add("explorer-controls");
        ScrollPane scroll = new ScrollPane(box);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setPrefViewportWidth(320);
        scroll.setMinWidth(260);
        return scroll;
    }

    private VBox section(String key, Node... rows) {
        VBox v = new VBox(8);
        v.getChildren().add(w.label(key, "subtitle"));
        v.getChildren().addAll(rows);
        return v;
    }

    private GridPane grid(Object... labelAndControl) {
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(6);
        for (int i = 0; i < labelAndControl.length; i += 2) {
            Node label = labelAndControl[i] instanceof String key ? w.label(key) : (Node) labelAndControl[i];
            if (label instanceof Label l) {
                l.setMinWidth(Region.USE_PREF_SIZE);
            }
            Node control = (Node) labelAndControl[i + 1];
            g.add(label, 0, i / 2);
            g.add(control, 1, i / 2);
            GridPane.setHgrow(control, Priority.ALWAYS);
        }
        return g;
    }

    private Node model() {
        BooleanBinding sentenceModel = Bindings.createBooleanBinding(() -> vm.loadedProperty().get().isEmpty(),
                vm.loadedProperty());
        BooleanBinding ownVectors = Bindings.createBooleanBinding(() -> vm.loadedProperty().get().spec() == null
                && vm.loadedProperty().get().input() == null, vm.loadedProperty());
        var dModel = w.intSpinner("explorer-dmodel", vm.dModelProperty(), ExplorerViewModel.MIN_D_MODEL,
                ExplorerViewModel.MAX_D_MODEL);
        dModel.disableProperty().bind(ownVectors.not());
        w.tip(dModel, "explorer.dModel.tip");
        ComboBox<Integer> heads = new ComboBox<>(vm.headsOfferedProperty());
        heads.setId("explorer-heads");
        heads.setValue(vm.headsProperty().get());
        heads.valueProperty().addListener((o, a, b) -> {
            if (b != null) {
                vm.headsProperty().set(b);
            }
        });
        vm.headsProperty().addListener((o, a, b) -> heads.setValue(b.intValue()));
        heads.setMaxWidth(Double.MAX_VALUE);
        w.tip(heads, "explorer.heads.tip");
        var projection = w.choice("explorer-projection", vm.projectionProperty(), ProjectionKind.values(),
                ProjectionKind::messageKey);
        projection.disableProperty().bind(Bindings.createBooleanBinding(() -> vm.loadedProperty().get().spec() != null
                || vm.loadedProperty().get().weights() != null, vm.loadedProperty()));
        // the column is narrow: the choice shown ("Separate W_q, W_k, W_v") wraps at its words, never cut to "…"
        wrapShown(projection);
        var weightSeed = w.seedSpinner("explorer-weight-seed", vm.weightSeedProperty());
        weightSeed.disableProperty().bind(projection.disableProperty());
        w.tip(weightSeed, "explorer.weightSeed.tip");
        var embeddingSeed = w.seedSpinner("explorer-embedding-seed", vm.embeddingSeedProperty());
        embeddingSeed.disableProperty().bind(ownVectors.not());
        w.tip(embeddingSeed, "explorer.embeddingSeed.tip");
        ToggleSwitch positional = w.toggle("explorer-positional", "explorer.positional", vm.positionalProperty());
        w.tip(positional, "explorer.positional.tip");
        positional.disableProperty().bind(ownVectors.not());

        Button spec = button("explorer-load-spec", "explorer.load.spec", () -> chooseOne("explorer.load.spec",
                "*.json", f -> vm.loadSpec(f.toPath())));
        Button input = button("explorer-load-input", "explorer.load.input", () -> chooseOne("explorer.load.input",
                "*.npy", f -> vm.loadInput(f.toPath())));
        Button weights = button("explorer-load-weights", "explorer.load.weights", this::chooseWeights);
        Node trained = trained();
        Button back = button("explorer-use-sentence", "explorer.load.useSentence", vm::useSentence);
        back.visibleProperty().bind(sentenceModel.not());
        back.managedProperty().bind(back.visibleProperty());
        Label source = new Label();
        source.setWrapText(true);
        source.getStyleClass().add("hint");
        source.textProperty().bind(Bindings.createStringBinding(() -> vm.loadedProperty().get().isEmpty()
                ? i18n.get("explorer.source.sentence") : i18n.get("explorer.source.loaded",
                vm.loadedProperty().get().name()), vm.loadedProperty(), i18n.localeProperty()));
        VBox files = new VBox(6, trained, spec, input, weights, back, source);
        return section("explorer.section.model", grid("explorer.dModel", dModel, "explorer.heads", heads,
                "explorer.projection", projection, "explorer.weightSeed", weightSeed, "explorer.embeddingSeed",
                embeddingSeed), positional, files);
    }

    /**
     * The trained model's heads instead of seeded weights: a button, then the layer shown.
     * Absent where the model is not installed.
     */
    private Node trained() {
        TrainedHeads t = vm.trained();
        Button show = button("explorer-trained", "explorer.trained.show",
                () -> t.show(TrainedHeads.DEFAULT_LAYER));
        ComboBox<Integer> layer = new ComboBox<>();
        layer.setId("explorer-trained-layer");
        for (int l = 1; l <= TrainedHeads.LAYERS; l++) {
            layer.getItems().add(l);
        }
        layer.valueProperty().addListener((o, a, b) -> {
            if (b != null && b - 1 != t.layerProperty().get()) {
                t.show(b - 1);
            }
        });
        t.layerProperty().addListener((o, a, b) -> layer.setValue(b.intValue() < 0 ? null : b.intValue() + 1));
        Node layerRow = grid("explorer.trained.layer", layer);
        BooleanBinding on = t.layerProperty().greaterThanOrEqualTo(0);
        show.visibleProperty().bind(on.not());
        show.managedProperty().bind(show.visibleProperty());
        layerRow.visibleProperty().bind(on);
        layerRow.managedProperty().bind(on);
        VBox box = new VBox(6, show, layerRow);
        box.setVisible(t.available());
        box.setManaged(t.available());
        return box;
    }

    private Node masks() {
        ControlsModel c = vm.controls();
        ToggleSwitch causal = w.toggle("explorer-causal", "explorer.causal", c.causalProperty());
        w.tip(causal, "explorer.causal.tip");
        ToggleSwitch padding = w.toggle("explorer-padding", "explorer.padding", c.paddingProperty());
        Label paddingHint = w.label("explorer.padding.hint", "hint");
        paddingHint.setWrapText(true);
        paddingHint.visibleProperty().bind(c.paddingProperty());
        paddingHint.managedProperty().bind(c.paddingProperty());
        ToggleSwitch window = w.toggle("explorer-window-on", "explorer.window", c.windowOnProperty());
        w.tip(window, "explorer.window.tip");
        Slider width = new Slider(1, Math.max(2, vm.tokensProperty().size()), c.windowProperty().get());
        width.setId("explorer-window");
        width.setMajorTickUnit(1);
        width.setMinorTickCount(0);
        width.setSnapToTicks(true);
        width.maxProperty().bind(Bindings.createDoubleBinding(() -> (double) Math.max(2,
                vm.traceProperty().get() == null ? 2 : vm.traceProperty().get().keyLength() - 1), vm.traceProperty()));
        width.valueProperty().addListener((o, a, b) -> c.windowProperty().set((int) Math.round(b.doubleValue())));
        c.windowProperty().addListener((o, a, b) -> width.setValue(b.intValue()));
        width.disableProperty().bind(c.windowOnProperty().not());
        Label widthValue = w.value(c.windowProperty(), v -> String.valueOf((long) v));
        return section("explorer.section.masks", causal, padding, paddingHint, window, row(width, widthValue));
    }

    private Node scaling() {
        ControlsModel c = vm.controls();
        Slider temperature = w.logSlider("explorer-temperature", c.temperatureProperty(),
                AttentionControls.MIN_TEMPERATURE, AttentionControls.MAX_TEMPERATURE);
        w.tip(temperature, "explorer.temperature.tip");
        Label t = w.value(c.temperatureProperty(), v -> "T = " + i18n.number(v, 2));
        t.setId("explorer-temperature-value");
        var mode = w.choice("explorer-scale-mode", c.scaleModeProperty(), ScaleMode.values(), ScaleMode::messageKey);
        Slider custom = w.logSlider("explorer-custom-scale", c.customScaleProperty(),
                AttentionControls.MIN_CUSTOM_SCALE, AttentionControls.MAX_CUSTOM_SCALE);
        Label customValue = w.value(c.customScaleProperty(), v -> "×" + i18n.number(v, 3));
        Node customRow = row(custom, customValue);
        BooleanBinding isCustom = c.scaleModeProperty().isEqualTo(ScaleMode.CUSTOM);
        customRow.visibleProperty().bind(isCustom);
        customRow.managedProperty().bind(isCustom);
        ToggleSwitch hard = w.toggle("explorer-hard", "explorer.hard", c.hardProperty());
        w.tip(hard, "explorer.hard.tip");
        return section("explorer.section.scaling", w.label("explorer.temperature"), row(temperature, t),
                grid("explorer.scale", mode), customRow, hard);
    }

    private Node dropout() {
        ControlsModel c = vm.controls();
        Slider p = w.slider("explorer-dropout", c.dropoutProperty(), 0, AttentionControls.MAX_DROPOUT);
        Label pValue = w.value(c.dropoutProperty(), v -> "p = " + i18n.number(v, 2));
        var seed = w.seedSpinner("explorer-dropout-seed", c.dropoutSeedProperty());
        Button resample = button("explorer-resample", "explorer.dropout.resample", c::resample);
        resample.disableProperty().bind(c.dropoutProperty().isEqualTo(0, 1e-12));
        return section("explorer.section.dropout", row(p, pValue), grid("explorer.dropout.seed", seed), resample);
    }

    /** The box as tall as the value it shows, wrapped at words to the box's width (a combo box sizes it to one line). */
    private static void wrapShown(ComboBox<?> box) {
        javafx.scene.control.ListCell<?> shown = box.getButtonCell();
        shown.setWrapText(true);
        box.prefHeightProperty().bind(Bindings.createDoubleBinding(() -> shown.getWidth() <= 0 ? Region.USE_COMPUTED_SIZE
                : shown.prefHeight(shown.getWidth()) + box.snappedTopInset() + box.snappedBottomInset(),
                shown.widthProperty(), shown.textProperty(), shown.fontProperty(), box.insetsProperty()));
        box.setMinHeight(Region.USE_PREF_SIZE);
    }

    private static HBox row(Node grow, Node fixed) {
        HBox h = new HBox(8, grow, fixed);
        HBox.setHgrow(grow, Priority.ALWAYS);
        h.setFillHeight(false);
        return h;
    }

    private Button button(String id, String key, Runnable action) {
        Button b = new Button();
        b.setId(id);
        b.textProperty().bind(i18n.text(key));
        b.setOnAction(e -> action.run());
        b.setMaxWidth(Double.MAX_VALUE);
        return b;
    }

    private void chooseOne(String titleKey, String pattern, java.util.function.Consumer<File> then) {
        FileChooser chooser = chooser(titleKey, pattern);
        File f = chooser.showOpenDialog(null);
        vm.lastFolder().remember(f);
        if (f != null) {
            then.accept(f);
        }
    }

    private void chooseWeights() {
        List<File> files = chooser("explorer.load.weights", "*.npy").showOpenMultipleDialog(null);
        vm.lastFolder().remember(files);
        if (files != null && !files.isEmpty()) {
            vm.loadWeights(files.stream().map(File::toPath).collect(Collectors.toList()));
        }
    }

    private FileChooser chooser(String titleKey, String pattern) {
        FileChooser chooser = vm.lastFolder().apply(new FileChooser());
        chooser.setTitle(i18n.get(titleKey));
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(pattern, pattern));
        return chooser;
    }
}
