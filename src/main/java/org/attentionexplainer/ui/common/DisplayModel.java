package org.attentionexplainer.ui.common;

import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.Stage;
import org.attentionexplainer.export.MapView;
import org.attentionexplainer.export.ViewMode;

/** How a screen shows a trace's maps: the view, the head, the stage, the colours, the numbers. */
public final class DisplayModel {
    private final ObjectProperty<ViewMode> mode = new SimpleObjectProperty<>(this, "mode", ViewMode.GRID);
    private final IntegerProperty head = new SimpleIntegerProperty(this, "head", 0);
    private final ObjectProperty<Stage> stage = new SimpleObjectProperty<>(this, "stage", Stage.WEIGHTS);
    private final ObjectProperty<ColorMap> colorMap = new SimpleObjectProperty<>(this, "colorMap", ColorMap.VIRIDIS);
    private final BooleanProperty autoRange = new SimpleBooleanProperty(this, "autoRange");
    private final BooleanProperty showValues = new SimpleBooleanProperty(this, "showValues", true);

    public DisplayModel() {
        head.addListener((o, a, b) -> {
            if (b.intValue() < 0) {
                head.set(0);
            }
        });
    }

    /** The settings whose change needs a new figure (the mode is watched on its own). */
    public Observable[] figureSettings() {
        return new Observable[] {head, stage, colorMap, autoRange, showValues};
    }

    public MapView snapshot() {
        return new MapView(mode.get(), head.get(), stage.get(), colorMap.get(), autoRange.get(),
                showValues.get());
    }

    public ObjectProperty<ViewMode> modeProperty() {
        return mode;
    }

    public IntegerProperty headProperty() {
        return head;
    }

    public ObjectProperty<Stage> stageProperty() {
        return stage;
    }

    public ObjectProperty<ColorMap> colorMapProperty() {
        return colorMap;
    }

    public BooleanProperty autoRangeProperty() {
        return autoRange;
    }

    public BooleanProperty showValuesProperty() {
        return showValues;
    }
}
