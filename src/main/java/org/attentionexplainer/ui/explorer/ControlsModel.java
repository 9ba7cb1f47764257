package org.attentionexplainer.ui.explorer;

import org.attentionexplainer.lesson.explorer.ScaleMode;
import org.attentionexplainer.lesson.explorer.AttentionControls;

import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableSet;

/**
 * The live attention settings as writable properties, kept within their ranges: window at
 * least 1, temperature in [0.05, 10], custom scale in [0.01, 10], dropout in [0, 0.9]. A
 * snapshot is the immutable {@link AttentionControls} a computation uses.
 */
public final class ControlsModel {
    private final BooleanProperty causal = new SimpleBooleanProperty(this, "causal");
    private final BooleanProperty padding = new SimpleBooleanProperty(this, "padding");
    private final ObservableSet<Integer> paddedKeys = FXCollections.observableSet();
    private final BooleanProperty windowOn = new SimpleBooleanProperty(this, "windowOn");
    private final IntegerProperty window = new SimpleIntegerProperty(this, "window", 2);
    private final BooleanProperty hard = new SimpleBooleanProperty(this, "hard");
    private final DoubleProperty temperature = new SimpleDoubleProperty(this, "temperature", 1);
    private final ObjectProperty<ScaleMode> scaleMode = new SimpleObjectProperty<>(this, "scaleMode",
            ScaleMode.INVERSE_SQRT_DK);
    private final DoubleProperty customScale = new SimpleDoubleProperty(this, "customScale", 1);
    private final DoubleProperty dropout = new SimpleDoubleProperty(this, "dropout", 0);
    private final LongProperty dropoutSeed = new SimpleLongProperty(this, "dropoutSeed", 0);

    ControlsModel() {
        clamp(temperature, AttentionControls.MIN_TEMPERATURE, AttentionControls.MAX_TEMPERATURE, 1);
        clamp(customScale, AttentionControls.MIN_CUSTOM_SCALE, AttentionControls.MAX_CUSTOM_SCALE, 1);
        clamp(dropout, 0, AttentionControls.MAX_DROPOUT, 0);
        window.addListener((o, a, b) -> {
            if (b.intValue() < 1) {
                window.set(1);
            }
        });
        scaleMode.addListener((o, a, b) -> {
            if (b == null) {
                scaleMode.set(a);
            }
        });
    }

    /** Keeps a property within [lo, hi]; NaN falls back to {@code dflt}. */
    private static void clamp(DoubleProperty p, double lo, double hi, double dflt) {
        p.addListener((o, a, b) -> {
            double v = b.doubleValue();
            double c = Double.isNaN(v) ? dflt : AttentionControls.clamp(v, lo, hi);
            if (c != v) {
                p.set(c);
            }
        });
    }

    /** Everything a change of which needs a new computation. */
    Observable[] all() {
        return new Observable[] {causal, padding, paddedKeys, windowOn, window, hard, temperature, scaleMode,
            customScale, dropout, dropoutSeed};
    }

    public AttentionControls snapshot() {
        return new AttentionControls(causal.get(), padding.get(), paddedKeys, windowOn.get(), window.get(),
                hard.get(), temperature.get(), scaleMode.get(), customScale.get(), dropout.get(), dropoutSeed.get());
    }

    /** Takes all settings from {@code c}. */
    public void load(AttentionControls c) {
        causal.set(c.causal());
        padding.set(c.padding());
        paddedKeys.retainAll(c.paddedKeys());
        paddedKeys.addAll(c.paddedKeys());
        windowOn.set(c.windowOn());
        window.set(c.window());
        hard.set(c.hard());
        temperature.set(c.temperature());
        scaleMode.set(c.scaleMode());
        customScale.set(c.customScale());
        dropout.set(c.dropoutP());
        dropoutSeed.set(c.dropoutSeed());
    }

    /** A new dropout draw: the next seed. */
    public void resample() {
        dropoutSeed.set(dropoutSeed.get() + 1);
    }

    /** Marks key j as padding, or unmarks it. */
    public void togglePadded(int j) {
        if (!paddedKeys.remove(j)) {
            paddedKeys.add(j);
        }
    }

    public BooleanProperty causalProperty() {
        return causal;
    }

    public BooleanProperty paddingProperty() {
        return padding;
    }

    public ObservableSet<Integer> paddedKeys() {
        return paddedKeys;
    }

    public BooleanProperty windowOnProperty() {
        return windowOn;
    }

    public IntegerProperty windowProperty() {
        return window;
    }

    public BooleanProperty hardProperty() {
        return hard;
    }

    public DoubleProperty temperatureProperty() {
        return temperature;
    }

    public ObjectProperty<ScaleMode> scaleModeProperty() {
        return scaleMode;
    }

    public DoubleProperty customScaleProperty() {
        return customScale;
    }

    public DoubleProperty dropoutProperty() {
        return dropout;
    }

    public LongProperty dropoutSeedProperty() {
        return dropoutSeed;
    }
}
