package org.attentionexplainer.ui.heatmap;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.property.ObjectProperty;
import javafx.scene.AccessibleAttribute;
import javafx.scene.AccessibleRole;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.css.CssMetaData;
import javafx.css.PseudoClass;
import javafx.css.Styleable;
import javafx.css.StyleableObjectProperty;
import javafx.css.StyleablePropertyFactory;
import javafx.scene.control.Control;
import javafx.scene.control.Skin;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import org.attentionexplainer.render.CellHit;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.FigureLayout;
import org.attentionexplainer.render.HeatmapStyle;

/**
 * An attention heatmap (one map, small multiples or a comparison) drawn from a render
 * {@link Figure} on a canvas, so that the screen shows exactly what export writes. The
 * colours around the data and the text size come from CSS ({@code .heatmap}); the
 * pseudo-class {@code :masked} is on while any shown cell is masked.
 *
 * <p>Hovering a cell shows a tooltip whose text {@link #tooltipTextProperty()} makes;
 * clicking a cell (or a panel) calls {@link #onCellClickedProperty()}.
 */
public final class HeatmapControl extends Control {
    public static final String STYLE_CLASS = "heatmap";
    private static final PseudoClass MASKED = PseudoClass.getPseudoClass("masked");
    private static final StyleablePropertyFactory<HeatmapControl> CSS =
            new StyleablePropertyFactory<>(Control.getClassCssMetaData());

    private final ObjectProperty<Figure> figure = new SimpleObjectProperty<>(this, "figure");
    private final ReadOnlyObjectWrapper<CellHit> hovered = new ReadOnlyObjectWrapper<>(this, "hovered");
    private final ObjectProperty<CellHit> selected = new SimpleObjectProperty<>(this, "selected");
    private final ObjectProperty<CellHit> cursor = new SimpleObjectProperty<>(this, "cursor");
    private final ObjectProperty<Consumer<CellHit>> onCellClicked = new SimpleObjectProperty<>(this, "onCellClicked");
    private final ObjectProperty<Function<CellHit, String>> tooltipText =
            new SimpleObjectProperty<>(this, "tooltipText");
    private final ReadOnlyObjectWrapper<FigureLayout> shown = new ReadOnlyObjectWrapper<>(this, "shown");
    private final javafx.beans.property.BooleanProperty fillWidth =
            new javafx.beans.property.SimpleBooleanProperty(this, "fillWidth");
    private final javafx.beans.property.DoubleProperty roomBelow =
            new javafx.beans.property.SimpleDoubleProperty(this, "roomBelow");
    private final javafx.beans.property.BooleanProperty centred =
            new javafx.beans.property.SimpleBooleanProperty(this, "centred");

    private final StyleableObjectProperty<Color> textFill = (StyleableObjectProperty<Color>)
            CSS.createStyleableColorProperty(this, "textFill",
            "-ae-heatmap-text", c -> c.textFill, Color.web("#1b1f24"));
    private final StyleableObjectProperty<Color> mutedFill = (StyleableObjectProperty<Color>)
            CSS.createStyleableColorProperty(this, "mutedFill",
            "-ae-heatmap-muted", c -> c.mutedFill, Color.web("#57606a"));
    private final StyleableObjectProperty<Color> backgroundFill = (StyleableObjectProperty<Color>)
            CSS.createStyleableColorProperty(this,
            "backgroundFill", "-ae-heatmap-background", c -> c.backgroundFill, Color.web("#f7f8fa"));
    private final StyleableObjectProperty<Color> maskFill = (StyleableObjectProperty<Color>)
            CSS.createStyleableColorProperty(this, "maskFill",
            "-ae-heatmap-mask-fill", c -> c.maskFill, Color.web("#dadde1"));
    private final StyleableObjectProperty<Color> hatchFill = (StyleableObjectProperty<Color>)
            CSS.createStyleableColorProperty(this, "hatchFill",
            "-ae-heatmap-hatch", c -> c.hatchFill, Color.web("#6e7781"));
    private final StyleableObjectProperty<Color> highlightFill = (StyleableObjectProperty<Color>)
            CSS.createStyleableColorProperty(this,
            "highlightFill", "-ae-heatmap-highlight", c -> c.highlightFill, Color.web("#0a61c9"));
    private final StyleableObjectProperty<Font> font = (StyleableObjectProperty<Font>)
            CSS.createStyleableFontProperty(this, "font", "-fx-font",
            c -> c.font, Font.getDefault(), true);

    public HeatmapControl() {
        getStyleClass().add(STYLE_CLASS);
        figure.addListener((o, a, b) -> pseudoClassStateChanged(MASKED, b != null && b.hasMasked()));
        // keyboard access: Tab reaches the map, arrows move a cell cursor, Enter acts as a click on it
        setFocusTraversable(true);
        setAccessibleRole(AccessibleRole.TABLE_VIEW);
        addEventHandler(KeyEvent.KEY_PRESSED, this::keyPressed);
        figure.addListener((o, a, b) -> cursor.set(CellCursor.clamp(cursor.get(), b)));
        cursor.addListener((o, a, b) -> notifyAccessibleAttributeChanged(AccessibleAttribute.TEXT));
        focusedProperty().addListener((o, a, b) -> {
            if (b && cursor.get() == null && getFigure() != null) {
                cursor.set(CellCursor.clamp(new CellHit(0, 0, 0), getFigure()));
            }
        });
    }

    private void keyPressed(KeyEvent e) {
        Figure f = getFigure();
        if (f == null) {
            return;
        }
        CellHit at = CellCursor.clamp(cursor.get() == null ? new CellHit(0, 0, 0) : cursor.get(), f);
        CellHit to = switch (e.getCode()) {
            case LEFT, KP_LEFT -> CellCursor.move(at, 0, -1, f);
            case RIGHT, KP_RIGHT -> CellCursor.move(at, 0, 1, f);
            case UP, KP_UP -> CellCursor.move(at, -1, 0, f);
            case DOWN, KP_DOWN -> CellCursor.move(at, 1, 0, f);
            default -> null;
        };
        if (to != null) {
            cursor.set(to);
            e.consume();
        } else if (e.getCode() == KeyCode.ENTER || e.getCode() == KeyCode.SPACE) {
            if (onCellClicked.get() != null) {
                onCellClicked.get().accept(at);
            }
            e.consume();
        }
    }

    /**
     * Grows with the width it is given: its preferred height is the figure's at that width, no
     * taller than the visible part of the scroll pane around it, so that a map in a page of text
     * fills the column instead of keeping a fixed size. Off: it takes the height its parent gives.
     */
    public javafx.beans.property.BooleanProperty fillWidthProperty() {
        return fillWidth;
    }

    public void setFillWidth(boolean on) {
        fillWidth.set(on);
    }

    public boolean isFillWidth() {
        return fillWidth.get();
    }

    /**
     * With {@link #fillWidthProperty()}: the height kept free under the map in the visible part of
     * the scroll pane, for lines that belong with it on a slide (a step's text under its map).
     */
    public javafx.beans.property.DoubleProperty roomBelowProperty() {
        return roomBelow;
    }

    /**
     * A figure narrower than the control stands in its middle (a slide's map that its height limits),
     * instead of at its left edge. The shown layout, hit tests and cell bounds include the move.
     */
    public javafx.beans.property.BooleanProperty centredProperty() {
        return centred;
    }

    @Override
    public javafx.geometry.Orientation getContentBias() {
        return fillWidth.get() ? javafx.geometry.Orientation.HORIZONTAL : null;
    }

    /** The keyboard's cell: moved by the arrow keys while the map has the focus, outlined then. */
    public ObjectProperty<CellHit> cellCursorProperty() {
        return cursor;
    }

    /**
     * What a screen reader says of the map: the cell under the keyboard cursor as the screen's
     * tooltip words it ("query shiny, key sun, weight 0.3646"), or its labels and value.
     */
    public String cellDescription(CellHit hit) {
        Figure f = getFigure();
        if (f == null || hit == null || !hit.onCell() || hit.panel() >= f.panelCount()) {
            return "";
        }
        Function<CellHit, String> words = tooltipText.get();
        String said = words == null ? null : words.apply(hit);
        if (said != null && !said.isBlank()) {
            return said.strip().replace('\n', ' ');
        }
        return CellCursor.plainDescription(f, hit);
    }

    @Override
    public Object queryAccessibleAttribute(AccessibleAttribute attribute, Object... parameters) {
        if (attribute == AccessibleAttribute.TEXT) {
            String cell = cellDescription(cursor.get());
            return cell.isEmpty() ? getAccessibleText() : cell;
        }
        return super.queryAccessibleAttribute(attribute, parameters);
    }

    @Override
    protected Skin<?> createDefaultSkin() {
        return new HeatmapSkin(this);
    }

    @Override
    public List<CssMetaData<? extends Styleable, ?>> getControlCssMetaData() {
        return CSS.getCssMetaData();
    }

    public static List<CssMetaData<? extends Styleable, ?>> getClassCssMetaData() {
        return CSS.getCssMetaData();
    }

    /** The colours around the data, as the render layer takes them. */
    public HeatmapStyle renderStyle() {
        int bg = argb(backgroundFill.get());
        return new HeatmapStyle(bg, argb(textFill.get()), argb(mutedFill.get()), argb(maskFill.get()),
                argb(hatchFill.get()), bg);
    }

    static int argb(Color c) {
        return (int) Math.round(c.getOpacity() * 255) << 24 | (int) Math.round(c.getRed() * 255) << 16
                | (int) Math.round(c.getGreen() * 255) << 8 | (int) Math.round(c.getBlue() * 255);
    }

    /** What to draw; null shows nothing. */
    public ObjectProperty<Figure> figureProperty() {
        return figure;
    }

    public Figure getFigure() {
        return figure.get();
    }

    public void setFigure(Figure value) {
        figure.set(value);
    }

    /** The cell under the mouse, or null. */
    public ReadOnlyObjectProperty<CellHit> hoveredProperty() {
        return hovered.getReadOnlyProperty();
    }

    void setHovered(CellHit hit) {
        hovered.set(hit);
    }

    /** The cell drawn with an outline (the one whose arithmetic is shown), or null. */
    public ObjectProperty<CellHit> selectedProperty() {
        return selected;
    }

    public ObjectProperty<Consumer<CellHit>> onCellClickedProperty() {
        return onCellClicked;
    }

    /** Makes the tooltip's text for the hovered cell (null or empty: no tooltip). */
    public ObjectProperty<Function<CellHit, String>> tooltipTextProperty() {
        return tooltipText;
    }

    /** The layout last painted (null before the first paint): the geometry for hit tests and benchmarks. */
    public ReadOnlyObjectProperty<FigureLayout> shownProperty() {
        return shown.getReadOnlyProperty();
    }

    /**
     * The layout the control would draw if it were {@code extra} pixels taller than now (null
     * while nothing is drawn): whether a note under the map takes the room its numbers need.
     */
    public FigureLayout layoutTaller(double extra) {
        return getSkin() instanceof HeatmapSkin s ? s.layoutTaller(extra) : null;
    }

    void setShown(FigureLayout layout) {
        shown.set(layout);
    }

    public ObjectProperty<Font> fontProperty() {
        return font;
    }

    ObjectProperty<Color> highlightFillProperty() {
        return highlightFill;
    }

    /** Properties whose change needs a new picture. */
    javafx.beans.Observable[] looks() {
        return new javafx.beans.Observable[] {figure, textFill, mutedFill, backgroundFill, maskFill, hatchFill, font,
            centred};
    }
}
