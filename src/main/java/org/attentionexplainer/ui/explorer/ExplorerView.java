package org.attentionexplainer.ui.explorer;

import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.Stage;
import org.attentionexplainer.ui.export.ExportActions;
import org.attentionexplainer.ui.export.ExportMenuButton;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.i18n.I18n;
import org.controlsfx.control.SegmentedButton;
import org.controlsfx.control.ToggleSwitch;
import org.attentionexplainer.export.ViewMode;

/**
 * The heatmap explorer: sentence and tokens on top, the settings on the left, the maps in
 * the middle with the view's toolbar, the clicked cell's arithmetic on the right.
 */
public final class ExplorerView {
    private final ExplorerViewModel vm;
    private final I18n i18n;
    private final Widgets w;
    private final HeatmapControl heatmap = new HeatmapControl();
    private final ExportActions actions;

    /** @param actions what the Export menu offers: the same actions as the File menu's */
    public ExplorerView(ExplorerViewModel vm, I18n i18n, ExportActions actions) {
        this.vm = vm;
        this.i18n = i18n;
        this.w = new Widgets(i18n);
        this.actions = actions;
    }

    public Parent createView() {
        BorderPane root = new BorderPane();
        root.getStyleClass().add("explorer");
        root.setTop(top());
        root.setLeft(new ExplorerControlsView(vm, i18n).createView());
        root.setCenter(centre());
        root.setRight(new CellDetailsView(vm, i18n).createView());
        init();
        return root;
    }

    /**
     * Only the maps with their toolbar and the cell's arithmetic, for a screen that brings
     * its own model (the trained one) through {@link ExplorerViewModel#showSpec}.
     */
    public Parent createFocusView() {
        BorderPane root = new BorderPane();
        root.getStyleClass().add("explorer");
        root.setCenter(centre());
        root.setRight(new CellDetailsView(vm, i18n).createView());
        init();
        return root;
    }

    private void init() {
        heatmap.setId("explorer-heatmap");
        heatmap.figureProperty().bind(vm.figureProperty());
        heatmap.selectedProperty().bind(vm.selectedProperty());
        heatmap.onCellClickedProperty().set(vm::cellClicked);
        heatmap.tooltipTextProperty().set(vm::tooltip);
        heatmap.addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (ExportMenuButton.COPY.match(e)) {
                actions.copy();
                e.consume();
            }
        });
    }

    private Node top() {
        TextField sentence = new TextField();
        sentence.setId("explorer-sentence");
        sentence.textProperty().bindBidirectional(vm.sentenceProperty());
        sentence.promptTextProperty().bind(i18n.text("explorer.sentence.prompt"));
        HBox.setHgrow(sentence, Priority.ALWAYS);
        HBox line = new HBox(8, w.label("explorer.sentence"), sentence);
        line.setAlignment(Pos.CENTER_LEFT);
        Label message = new Label();
        message.setId("explorer-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());
        message.visibleProperty().bind(vm.messageProperty().isNotEmpty());
        message.managedProperty().bind(message.visibleProperty());
        vm.errorProperty().addListener((o, a, b) -> styleMessage(message, b));
        styleMessage(message, vm.errorProperty().get());
        VBox box = new VBox(6, line, new TokenChips(vm, i18n).createView(), message);
        box.setPadding(new Insets(10, 12, 6, 12));
        return box;
    }

    private static void styleMessage(Label message, boolean error) {
        message.getStyleClass().removeAll("error-text", "hint");
        message.getStyleClass().add(error ? "error-text" : "hint");
    }

    private Node centre() {
        FlowPane toolbar = new FlowPane(10, 8);
        toolbar.getStyleClass().add("explorer-toolbar");
        toolbar.setAlignment(Pos.CENTER_LEFT);
        SegmentedButton modes = segmented("explorer-view-", vm.display().modeProperty(), ViewMode.values(),
                ViewMode::messageKey);
        SegmentedButton stages = segmented("explorer-stage-", vm.display().stageProperty(), Stage.values(),
                s -> "explorer.stage." + s.id());
        ComboBox<Integer> head = headChoice();
        var map = w.choice("explorer-colormap", vm.display().colorMapProperty(), ColorMap.values(),
                m -> "explorer.colormap." + m.id());
        w.tip(map, "explorer.colormap.tip");
        map.disableProperty().bind(Bindings.createBooleanBinding(() -> vm.display().stageProperty().get().signed(),
                vm.display().stageProperty()));
        map.setMaxWidth(Region.USE_PREF_SIZE);
        ToggleSwitch auto = w.toggle("explorer-auto-range", "explorer.autoRange", vm.display().autoRangeProperty());
        auto.disableProperty().bind(Bindings.createBooleanBinding(() -> vm.display().stageProperty().get().signed(),
                vm.display().stageProperty()));
        w.tip(auto, "explorer.autoRange.tip");
        ToggleSwitch values = w.toggle("explorer-values", "explorer.values", vm.display().showValuesProperty());
        Button pin = new Button();
        pin.setId("explorer-pin");
        pin.textProperty().bind(i18n.text("explorer.pin"));
        pin.setOnAction(e -> vm.pinAsA());
        pin.visibleProperty().bind(vm.display().modeProperty().isEqualTo(ViewMode.COMPARE));
        pin.managedProperty().bind(pin.visibleProperty());
        w.tip(pin, "explorer.pin.tip");
        toolbar.getChildren().addAll(modes, head, stages, map, auto, values, pin,
                new ExportMenuButton(actions, i18n).createView("explorer-export"));
        for (Node n : new Node[] {auto, values}) {
            ((ToggleSwitch) n).setMaxWidth(Region.USE_PREF_SIZE);
        }
        VBox.setVgrow(heatmap, Priority.ALWAYS);
        Label hint = w.label("explorer.hint", "hint");
        hint.setWrapText(true);
        // "Numbers" on, but the cells of the picture shown are too small for them: say so
        Label noRoom = w.label("explorer.values.noRoom", "hint");
        noRoom.setId("explorer-values-no-room");
        noRoom.setWrapText(true);
        noRoom.visibleProperty().bind(Bindings.createBooleanBinding(() -> vm.display().showValuesProperty().get()
                        && heatmap.shownProperty().get() != null && !heatmap.shownProperty().get().valuesShown(),
                vm.display().showValuesProperty(), heatmap.shownProperty()));
        noRoom.managedProperty().bind(noRoom.visibleProperty());
        VBox box = new VBox(8, toolbar, heatmap, noRoom, hint);
        box.setPadding(new Insets(6, 12, 12, 12));
        return box;
    }

    private ComboBox<Integer> headChoice() {
        ComboBox<Integer> head = new ComboBox<>();
        head.setId("explorer-head");
        Function<Integer, String> name = h -> i18n.get("explorer.figure.head", h + 1);
        head.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(Integer item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : name.apply(item));
            }
        });
        head.setButtonCell(head.getCellFactory().call(null));
        head.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer h) {
                return h == null ? "" : name.apply(h);
            }

            @Override
            public Integer fromString(String s) {
                return head.getValue();
            }
        });
        Consumer<AttentionTrace> fill = t -> {
            int n = t == null ? 0 : t.headCount();
            if (head.getItems().size() != n) {
                java.util.List<Integer> items = new java.util.ArrayList<>();
                for (int h = 0; h < n; h++) {
                    items.add(h);
                }
                head.getItems().setAll(items);
            }
            head.setValue(vm.display().headProperty().get());
        };
        vm.traceProperty().addListener((o, a, b) -> fill.accept(b));
        fill.accept(vm.traceProperty().get());
        head.valueProperty().addListener((o, a, b) -> {
            if (b != null) {
                vm.display().headProperty().set(b);
            }
        });
        vm.display().headProperty().addListener((o, a, b) -> head.setValue(b.intValue()));
        i18n.localeProperty().addListener(o -> {
            head.setButtonCell(head.getCellFactory().call(null));
            head.setConverter(head.getConverter());
        });
        head.visibleProperty().bind(vm.display().modeProperty().isNotEqualTo(ViewMode.GRID));
        head.managedProperty().bind(head.visibleProperty());
        return head;
    }

    /** Buttons for the values of an enum; exactly one is always selected. */
    private <T> SegmentedButton segmented(String idPrefix, ObjectProperty<T> property, T[] values,
                                          Function<T, String> key) {
        SegmentedButton seg = new SegmentedButton();
        for (T v : values) {
            ToggleButton b = new ToggleButton();
            b.setId(idPrefix + v.toString().toLowerCase(java.util.Locale.ROOT));
            b.textProperty().bind(i18n.text(key.apply(v)));
            b.setUserData(v);
            b.setSelected(property.get() == v);
            seg.getButtons().add(b);
        }
        seg.getToggleGroup().selectedToggleProperty().addListener((o, a, b) -> {
            if (b == null) {
                a.setSelected(true);
            } else {
                @SuppressWarnings("unchecked")
                T value = (T) b.getUserData();
                property.set(value);
            }
        });
        property.addListener((o, a, b) -> seg.getButtons().forEach(t -> t.setSelected(t.getUserData() == b)));
        return seg;
    }

    /** The heatmap control, for tests and benchmarks. */
    public HeatmapControl heatmap() {
        return heatmap;
    }
}
