package org.attentionexplainer.ui.common;

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
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.attentionexplainer.export.ViewMode;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.FigureLayout;
import org.attentionexplainer.render.Stage;
import org.attentionexplainer.ui.export.ExportActions;
import org.attentionexplainer.ui.export.ExportMenuButton;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.i18n.I18n;
import org.controlsfx.control.SegmentedButton;
import org.controlsfx.control.ToggleSwitch;

/**
 * The attention maps with their toolbar (the view, the head, the stage, the colour map and its
 * range, the numbers, pin as A, the Export menu), the notes under them, and the clicked cell's
 * arithmetic beside them: what the explorer and the real model show of a trace alike.
 */
public final class MapPane {
    private final MapsModel maps;
    private final I18n i18n;
    private final Widgets w;
    private final HeatmapControl heatmap = new HeatmapControl();
    /** Above the heatmap: what a screen says of the picture itself ({@link #banner}). */
    private final VBox banner = new VBox();
    /** The heatmap's place: the heatmap, or what a screen shows while its maps are on their way ({@link #cover}). */
    private final javafx.scene.layout.StackPane place = new javafx.scene.layout.StackPane(heatmap);
    private final ExportActions actions;
    private final Runnable pin;
    private final javafx.beans.property.BooleanProperty presenting =
            new javafx.beans.property.SimpleBooleanProperty(this, "presenting");
    private final javafx.beans.property.BooleanProperty viewAndHeadShown =
            new javafx.beans.property.SimpleBooleanProperty(this, "viewAndHeadShown", true);
    /** The view shown when its buttons were hidden, which one head took the place of; null if none. */
    private ViewMode viewBeforeHiding;

    /**
     * @param actions what the Export menu offers: the same actions as the File menu's
     * @param pin     pins the live settings as A of a comparison; null where nothing can be pinned
     */
    public MapPane(MapsModel maps, I18n i18n, ExportActions actions, Runnable pin) {
        this.maps = maps;
        this.i18n = i18n;
        this.w = new Widgets(i18n);
        this.actions = actions;
        this.pin = pin;
        viewAndHeadShown.addListener((o, was, shown) -> {
            var mode = maps.display().modeProperty();
            if (!shown && mode.get() != ViewMode.FOCUS) {
                viewBeforeHiding = mode.get();
                mode.set(ViewMode.FOCUS);
            } else if (shown && viewBeforeHiding != null) {
                if (mode.get() == ViewMode.FOCUS) {
                    mode.set(viewBeforeHiding);
                }
                viewBeforeHiding = null;
            }
        });
        // no notice, no room: an empty banner would still cost the maps a gap of their column
        banner.setManaged(false);
        bind();
    }

    /** The maps with their toolbar and the cell's arithmetic beside them. */
    public Parent create() {
        BorderPane root = new BorderPane();
        root.getStyleClass().add("explorer");
        root.setCenter(maps());
        root.setRight(details());
        return root;
    }

    /** The clicked cell's arithmetic; hidden while no cell is chosen. */
    public Node details() {
        return new CellDetailsView(maps, i18n).createView();
    }

    private void bind() {
        heatmap.setId("explorer-heatmap");
        heatmap.centredProperty().bind(presenting);
        heatmap.figureProperty().bind(maps.figureProperty());
        heatmap.selectedProperty().bind(maps.selectedProperty());
        heatmap.onCellClickedProperty().set(maps::cellClicked);
        heatmap.tooltipTextProperty().set(maps::tooltip);
        heatmap.addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (ExportMenuButton.COPY.match(e)) {
                actions.copy();
                e.consume();
            }
        });
    }

    /** The toolbar of the view, the maps, and the notes under them. */
    public Node maps() {
        FlowPane toolbar = new FlowPane(10, 8);
        toolbar.getStyleClass().add("explorer-toolbar");
        toolbar.setAlignment(Pos.CENTER_LEFT);
        SegmentedButton modes = segmented("explorer-view-", maps.display().modeProperty(), ViewMode.values(),
                ViewMode::messageKey);
        SegmentedButton stages = segmented("explorer-stage-", maps.display().stageProperty(), Stage.values(),
                s -> "explorer.stage." + s.id());
        ComboBox<Integer> head = HeadChooser.create("explorer-head", i18n, maps.headCountProperty(),
                maps.display().headProperty());
        head.visibleProperty().bind(maps.display().modeProperty().isNotEqualTo(ViewMode.GRID)
                .and(viewAndHeadShown));
        modes.visibleProperty().bind(viewAndHeadShown);
        modes.managedProperty().bind(viewAndHeadShown);
        head.managedProperty().bind(head.visibleProperty());
        var map = w.choice("explorer-colormap", maps.display().colorMapProperty(), ColorMap.values(),
                m -> "explorer.colormap." + m.id());
        w.tip(map, "explorer.colormap.tip");
        map.disableProperty().bind(Bindings.createBooleanBinding(() -> maps.display().stageProperty().get().signed(),
                maps.display().stageProperty()));
        map.setMaxWidth(Region.USE_PREF_SIZE);
        fitToValue(map);
        ToggleSwitch auto = w.toggle("explorer-auto-range", "explorer.autoRange", maps.display().autoRangeProperty());
        auto.disableProperty().bind(Bindings.createBooleanBinding(() -> maps.display().stageProperty().get().signed(),
                maps.display().stageProperty()));
        w.tip(auto, "explorer.autoRange.tip");
        ToggleSwitch values = w.toggle("explorer-values", "explorer.values", maps.display().showValuesProperty());
        Button pinA = new Button();
        pinA.setId("explorer-pin");
        pinA.textProperty().bind(i18n.text("explorer.pin"));
        if (pin != null) {
            pinA.setOnAction(e -> pin.run());
            pinA.visibleProperty().bind(maps.display().modeProperty().isEqualTo(ViewMode.COMPARE));
        } else {
            pinA.setVisible(false);
        }
        pinA.managedProperty().bind(pinA.visibleProperty());
        w.tip(pinA, "explorer.pin.tip");
        toolbar.getChildren().addAll(modes, head, stages, map, auto, values, pinA,
                new ExportMenuButton(actions, i18n).createView("explorer-export"));
        for (Node n : new Node[] {auto, values}) {
            ((ToggleSwitch) n).setMaxWidth(Region.USE_PREF_SIZE);
        }
        // the class sees the maps, the head and the stage; the looks and the files are the teacher's
        Node export = toolbar.getChildren().get(toolbar.getChildren().size() - 1);
        PageLayout.narrative(presenting, map, auto, values, export);
        VBox.setVgrow(place, Priority.ALWAYS);
        Label hint = w.label("explorer.hint", "hint");
        hint.setWrapText(true);
        // the maps give way to the notes under them, which a small window had cut to one line and "..."
        hint.setMinHeight(Region.USE_PREF_SIZE);
        // "Numbers" on, but the cells of the picture shown are too small for them: say so (a class shown the
        // grid's patterns does not need it, and the maps get its lines)
        Label noRoom = new Label();
        noRoom.getStyleClass().add("hint");
        // a grid of several heads can be enlarged a head at a time; one head, or a comparison, only with the window
        noRoom.textProperty().bind(Bindings.createStringBinding(() -> i18n.get(
                maps.display().modeProperty().get() == ViewMode.GRID && heatmap.getFigure() != null
                        && heatmap.getFigure().panelCount() > 1 ? "explorer.values.noRoom" : "explorer.values.noRoom.single"),
                i18n.localeProperty(), maps.display().modeProperty(), heatmap.figureProperty()));
        noRoom.setId("explorer-values-no-room");
        noRoom.setWrapText(true);
        noRoom.setVisible(false);
        noRoom.setMinHeight(Region.USE_PREF_SIZE);
        noRoom.managedProperty().bind(noRoom.visibleProperty());
        // a grid's note says what the hint says (hover a cell, click a head) in one line: the maps get the hint's
        javafx.beans.binding.BooleanBinding gridNote = Bindings.createBooleanBinding(() -> noRoom.isVisible()
                        && maps.display().modeProperty().get() == ViewMode.GRID && heatmap.getFigure() != null
                        && heatmap.getFigure().panelCount() > 1,
                noRoom.visibleProperty(), maps.display().modeProperty(), heatmap.figureProperty());
        hint.visibleProperty().bind(presenting.not().and(gridNote.not()));
        hint.managedProperty().bind(hint.visibleProperty());
        VBox box = new VBox(8, toolbar, banner, place, noRoom, hint);
        // the note's own lines come out of the map's height: it stays only while the map would not
        // hold its numbers with that room either (else it would keep the cells too small for them)
        javafx.beans.InvalidationListener tooSmall = o -> {
            FigureLayout shown = heatmap.shownProperty().get();
            // presenting, the Numbers switch is hidden with the other editing controls: a note about it would
            // only take the maps' lines on the slide
            boolean say = maps.display().showValuesProperty().get() && shown != null && !shown.valuesShown()
                    && !presenting.get();
            if (say && noRoom.isVisible()) {
                FigureLayout taller = heatmap.layoutTaller(noRoom.getHeight() + box.getSpacing());
                say = taller == null || !taller.valuesShown();
            }
            noRoom.setVisible(say);
        };
        heatmap.shownProperty().addListener(tooSmall);
        maps.display().showValuesProperty().addListener(tooSmall);
        presenting.addListener(tooSmall);
        box.setPadding(new Insets(6, 12, 12, 12));
        return box;
    }

    /**
     * Sizes a choice to the value shown, not to its longest item (the list that opens still shows
     * every item whole): the toolbar takes fewer rows, and the maps get them.
     */
    private static void fitToValue(ComboBox<?> box) {
        javafx.scene.control.ListCell<?> shown = box.getButtonCell();
        box.prefWidthProperty().bind(Bindings.createDoubleBinding(() -> {
            Node arrow = box.lookup(".arrow-button");
            double arrowW = arrow instanceof Region r ? r.prefWidth(-1) : 0;
            return box.getInsets().getLeft() + shown.prefWidth(-1) + arrowW + box.getInsets().getRight();
        }, shown.textProperty(), shown.fontProperty(), box.skinProperty(), box.insetsProperty()));
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

    /** Presentation mode: the notes under the maps step aside. */
    public javafx.beans.property.BooleanProperty presentingProperty() {
        return presenting;
    }

    /**
     * False hides the view's buttons (every head, one head, compare) and the head's chooser, for a
     * screen that offers its heads elsewhere (the real model's overview, presenting): the toolbar
     * keeps the stages, the maps get its rows. Meanwhile the maps show one head (a screen's click or
     * {@link MapsModel#stepHead} picks it); the view shown before comes back with the buttons.
     */
    public javafx.beans.property.BooleanProperty viewAndHeadShownProperty() {
        return viewAndHeadShown;
    }

    /**
     * Puts {@code notice} right above the maps, as wide as they are: something the picture itself
     * must say (that its weights are random) without covering any of it.
     */
    public void banner(Node notice) {
        banner.getChildren().add(notice);
        notice.visibleProperty().addListener(o -> banner.setManaged(notice.isVisible()));
        banner.setManaged(notice.isVisible());
    }

    /**
     * Shows {@code cover} in the maps' place while it is visible, and the maps only while it is not:
     * a picture that is about to be replaced (seeded weights before the trained ones) is never shown.
     */
    public void cover(Node cover) {
        place.getChildren().add(cover);
        heatmap.visibleProperty().bind(cover.visibleProperty().not());
    }

    /** The map control: a screen owns its dialogs by the window the map is shown in. */
    public HeatmapControl heatmap() {
        return heatmap;
    }
}
