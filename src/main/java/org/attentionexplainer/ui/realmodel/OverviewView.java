package org.attentionexplainer.ui.realmodel;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.image.ImageView;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.util.Duration;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.ColorScale;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * The layer x head overview: one thumbnail per head (rows L1-L6, columns H1-H12), all on
 * one colour scale from 0 to 1, painted pixel by pixel (one pixel per cell, enlarged without
 * smoothing). Hovering reads out query, key and weight; a click focuses that head.
 */
final class OverviewView {
    static final PseudoClass CHOSEN = PseudoClass.getPseudoClass("chosen");
    /** Smaller, on a short or narrow column, rather than a 12th column or a 6th row out of sight. */
    private static final double MIN_THUMB = 8;
    /** The size from which the legend and the readout under the grid stay in sight too. */
    private static final double COMFORTABLE = 22;
    private static final double MAX_THUMB = 110;
    private static final int MAX_PIXELS = 48;

    private final RealModelViewModel vm;
    private final I18n i18n;
    private final ObservableBooleanValue presenting;
    private final GridPane grid = new GridPane();
    private final DoubleProperty thumb = new SimpleDoubleProperty(48);
    /** True while the head labels show only their numbers: "H10" is wider than a small thumbnail. */
    private final BooleanProperty compact = new SimpleBooleanProperty();
    private final StringProperty hover = new SimpleStringProperty("");
    private final ImageView legend = new ImageView();
    private StackPane[][] cells = new StackPane[0][0];
    private final Label readout = new Label();
    private VBox box;
    private VBox legendBox;
    private double lastWidth = -1;
    private double lastHeight = -1;

    /**
     * @param presenting presentation mode: the readout under the grid steps aside (the tooltip over a
     *     thumbnail reads the same numbers out) and the scale stays in sight, the thumbnails smaller
     */
    OverviewView(RealModelViewModel vm, I18n i18n, ObservableBooleanValue presenting) {
        this.vm = vm;
        this.i18n = i18n;
        this.presenting = presenting;
    }

    Node createView() {
        grid.setId("real-overview");
        grid.getStyleClass().add("real-overview");
        grid.setHgap(3);
        grid.setVgap(3);
        readout.setId("real-readout");
        readout.getStyleClass().add("real-readout");
        readout.textProperty().bind(hover);
        readout.setMinHeight(Label.USE_PREF_SIZE);
        readout.setWrapText(true);
        readout.setMinWidth(0);
        readout.setPrefHeight(Label.USE_COMPUTED_SIZE);
        PageLayout.narrative(presenting, readout);
        presenting.addListener(o -> refit());
        legendBox = (VBox) legend();
        box = new VBox(8, grid, legendBox, readout);
        box.setPadding(new Insets(4, 8, 8, 8));
        vm.overviewProperty().addListener(o -> rebuild());
        vm.focusModel().display().colorMapProperty().addListener(o -> rebuild());
        vm.focusedLayerProperty().addListener(o -> markChosen());
        vm.focusedHeadProperty().addListener(o -> markChosen());
        hover.set(i18n.get("real.overview.hint"));
        i18n.localeProperty().addListener(o -> {
            hover.set(i18n.get("real.overview.hint"));
            rebuild();
        });
        rebuild();
        return box;
    }

    /**
     * Thumbnails as large as the visible width and height allow, within limits, after the
     * layer labels (as wide as the language makes them) and the head labels: the legend and the
     * readout under them too where that leaves the thumbnails {@link #COMFORTABLE}, else they
     * scroll below the grid, which stays whole in sight. Head labels too wide for their
     * column give way to the bare numbers.
     */
    void fitTo(double width, double height) {
        lastWidth = width;
        lastHeight = height;
        Overview o = vm.overviewProperty().get();
        int heads = o == null ? 12 : o.heads();
        int layers = o == null ? 6 : o.layers();
        double labelW = 0;
        double labelH = 0;
        double layerH = 0;
        List<Label> headLabels = new ArrayList<>();
        for (Node n : grid.getChildren()) {
            Integer col = GridPane.getColumnIndex(n);
            Integer row = GridPane.getRowIndex(n);
            if (col != null && col == 0) {
                labelW = Math.max(labelW, n.prefWidth(-1));
                layerH = Math.max(layerH, n.prefHeight(-1));
            }
            if (row != null && row == 0) {
                labelH = Math.max(labelH, n.prefHeight(-1));
                headLabels.add((Label) n);
            }
        }
        // the chosen thumbnail's border is one pixel wider on each side than the others'
        double columns = width - box.getPadding().getLeft() - box.getPadding().getRight() - labelW - 2;
        double column = columns / heads;
        // a label wider than its thumbnail widens its column, the others make up for it; the
        // full labels ("H10") unless they cost the thumbnails more than the numbers alone would
        double byNumber = widest(headLabels, 1, Math.floor(column - grid.getHgap() - 2), columns);
        double byName = widest(headLabels, 0, byNumber, columns);
        boolean shortHeads = byName < byNumber - 2;
        double byWidth = shortHeads ? byNumber : byName;
        double top = box.getPadding().getTop() + labelH + 2;
        double byGrid = (height - top) / layers - grid.getVgap() - 2;
        // the lines wrap to the box's width inside its padding
        double inner = width - box.getPadding().getLeft() - box.getPadding().getRight();
        double below = box.getSpacing() + box.getPadding().getBottom() + legendBox.prefHeight(inner)
                + (readout.isManaged() ? box.getSpacing() + readout.prefHeight(inner) : 0);
        double byHeight = (height - top - below) / layers - grid.getVgap() - 2;
        // a row is never lower than its layer's label: thumbnails as tall as that cost no height; on a
        // slide the scale is never out of sight, nothing there scrolls
        boolean scaleInSight = byHeight >= COMFORTABLE || presenting.get();
        double tall = Math.max(scaleInSight ? byHeight : byGrid, layerH - 2);
        thumb.set(Math.max(MIN_THUMB, Math.min(MAX_THUMB, Math.floor(Math.min(byWidth, tall)))));
        compact.set(shortHeads);
    }

    /** The largest thumbnail, from {@code side} down, whose columns with these head labels fit the room. */
    private double widest(List<Label> headLabels, int text, double side, double room) {
        while (side > MIN_THUMB && gridWidth(headLabels, text, side) > room) {
            side--;
        }
        return side;
    }

    private double gridWidth(List<Label> headLabels, int text, double side) {
        double w = 0;
        for (Label head : headLabels) {
            w += Math.max(side + 2, textWidth(head, text)) + grid.getHgap();
        }
        return w;
    }

    /** The width of a head label with its full text (0) or its number (1), whichever it shows now. */
    private static double textWidth(Label head, int which) {
        Text text = new Text(((String[]) head.getUserData())[which]);
        text.setFont(head.getFont());
        return Math.ceil(text.getLayoutBounds().getWidth()) + head.snappedLeftInset() + head.snappedRightInset();
    }

    /** Fits the thumbnails again to the room last given, which the rows under them share differently now. */
    private void refit() {
        if (lastWidth > 0) {
            fitTo(lastWidth, lastHeight);
        }
    }

    private Node legend() {
        legend.setFitHeight(12);
        legend.fitWidthProperty().bind(thumb.multiply(4));
        legend.setSmooth(true);
        Label lo = new Label("0");
        Label hi = new Label("1");
        Label caption = new Label();
        caption.textProperty().bind(Bindings.createStringBinding(() -> i18n.get("real.overview.scale",
                vm.layersProperty().get() * vm.headsProperty().get()), vm.layersProperty(), vm.headsProperty(),
                i18n.localeProperty()));
        caption.getStyleClass().add("hint");
        HBox bar = new HBox(6, lo, legend, hi);
        bar.setAlignment(Pos.CENTER_LEFT);
        caption.setWrapText(true);
        VBox box = new VBox(2, bar, caption);
        box.setId("real-legend");
        return box;
    }

    private void rebuild() {
        Overview o = vm.overviewProperty().get();
        ColorScale scale = ColorScale.unit(vm.focusModel().display().colorMapProperty().get());
        legend.setImage(gradient(scale.map()));
        grid.getChildren().clear();
        if (o == null) {
            cells = new StackPane[0][0];
            return;
        }
        cells = new StackPane[o.layers()][o.heads()];
        for (int h = 0; h < o.heads(); h++) {
            String full = i18n.get("real.overview.head", h + 1);
            String number = i18n.number(h + 1, 0);
            Label head = new Label();
            head.setUserData(new String[] {full, number});
            head.textProperty().bind(Bindings.when(compact).then(number).otherwise(full));
            head.getStyleClass().add("real-axis");
            head.setMinWidth(Label.USE_PREF_SIZE);
            if (h == 0) {
                // presentation mode and zoom change the labels' type, not always the pane's size
                head.fontProperty().addListener(f -> javafx.application.Platform.runLater(this::refit));
            }
            GridPane.setHalignment(head, javafx.geometry.HPos.CENTER);
            grid.add(head, h + 1, 0);
        }
        for (int l = 0; l < o.layers(); l++) {
            Label layer = new Label(i18n.get("real.overview.layer", l + 1));
            layer.getStyleClass().add("real-axis");
            layer.setMinWidth(Label.USE_PREF_SIZE);
            grid.add(layer, 0, l + 1);
            for (int h = 0; h < o.heads(); h++) {
                cells[l][h] = thumbnail(o, scale, l, h);
                grid.add(cells[l][h], h + 1, l + 1);
            }
        }
        markChosen();
        if (lastWidth > 0) {
            // the labels of a new language or model have other widths
            grid.applyCss();
            fitTo(lastWidth, lastHeight);
        }
    }

    private StackPane thumbnail(Overview o, ColorScale scale, int layer, int head) {
        int n = o.size();
        WritableImage image = image(o.maps()[layer][head], n, scale);
        ImageView view = new ImageView(image);
        view.setSmooth(false);
        view.fitWidthProperty().bind(thumb);
        view.fitHeightProperty().bind(thumb);
        StackPane cell = new StackPane(view);
        cell.setId("real-thumb-" + (layer + 1) + "-" + (head + 1));
        cell.getStyleClass().add("real-thumb");
        view.setOnMouseMoved(e -> hover.set(describe(e, view, n, layer, head)));
        view.setOnMouseExited(e -> hover.set(i18n.get("real.overview.hint")));
        view.setOnMouseClicked(e -> vm.focus(layer, head));
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(hover);
        tip.setShowDelay(Duration.millis(150));
        Tooltip.install(view, tip);
        return cell;
    }

    /**
     * One pixel per cell up to {@link #MAX_PIXELS} tokens; longer texts are pooled by the
     * maximum of each block, so a sharp weight still shows when 128 tokens fit in 40 pixels.
     */
    static WritableImage image(float[][] map, int n, ColorScale scale) {
        int block = (n + MAX_PIXELS - 1) / MAX_PIXELS;
        int m = (n + block - 1) / block;
        int[] argb = new int[m * m];
        for (int bi = 0; bi < m; bi++) {
            for (int bj = 0; bj < m; bj++) {
                float max = 0;
                for (int i = bi * block; i < Math.min(n, (bi + 1) * block); i++) {
                    for (int j = bj * block; j < Math.min(n, (bj + 1) * block); j++) {
                        max = Math.max(max, map[i][j]);
                    }
                }
                argb[bi * m + bj] = scale.argb(max);
            }
        }
        WritableImage image = new WritableImage(m, m);
        image.getPixelWriter().setPixels(0, 0, m, m, PixelFormat.getIntArgbInstance(), argb, 0, m);
        return image;
    }

    private String describe(MouseEvent e, ImageView view, int n, int layer, int head) {
        int i = Math.min(n - 1, Math.max(0, (int) (e.getY() / view.getFitHeight() * n)));
        int j = Math.min(n - 1, Math.max(0, (int) (e.getX() / view.getFitWidth() * n)));
        return vm.describeCell(layer, head, i, j);
    }

    private void markChosen() {
        for (int l = 0; l < cells.length; l++) {
            for (int h = 0; h < cells[l].length; h++) {
                cells[l][h].pseudoClassStateChanged(CHOSEN,
                        l == vm.focusedLayerProperty().get() && h == vm.focusedHeadProperty().get());
            }
        }
    }

    private static WritableImage gradient(ColorMap map) {
        int w = ColorMap.SIZE;
        int h = 8;
        int[] argb = new int[w * h];
        for (int x = 0; x < w; x++) {
            for (int y = 0; y < h; y++) {
                argb[y * w + x] = map.entry(x);
            }
        }
        WritableImage image = new WritableImage(w, h);
        image.getPixelWriter().setPixels(0, 0, w, h, PixelFormat.getIntArgbInstance(), argb, 0, w);
        return image;
    }
}
