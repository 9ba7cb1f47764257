package org.attentionexplainer.ui.chapters;

import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.attentionexplainer.lesson.chapters.CostInputs;
import org.attentionexplainer.lesson.chapters.ModelPreset;
import org.attentionexplainer.lesson.chapters.Precision;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * The cost calculator's inputs, one property each. Every change that makes a valid set of
 * inputs goes to the chapter; an invalid one (kv_heads that do not divide the heads) is
 * refused with a one-line message and the last valid figures stay.
 */
public final class CostViewModel {
    private final I18n i18n;
    private final ObjectProperty<CostInputs> target;
    private final IntegerProperty batch = new SimpleIntegerProperty();
    private final IntegerProperty tokens = new SimpleIntegerProperty();
    private final IntegerProperty layers = new SimpleIntegerProperty();
    private final IntegerProperty heads = new SimpleIntegerProperty();
    private final IntegerProperty kvHeads = new SimpleIntegerProperty();
    private final IntegerProperty headDim = new SimpleIntegerProperty();
    private final ObjectProperty<Precision> precision = new SimpleObjectProperty<>();
    private final StringProperty error = new SimpleStringProperty("");
    private boolean loading;

    CostViewModel(I18n i18n, ObjectProperty<CostInputs> target) {
        this.i18n = i18n;
        this.target = target;
        load(target.get());
        for (javafx.beans.value.ObservableValue<?> p : new javafx.beans.value.ObservableValue<?>[] {
            batch, tokens, layers, heads, kvHeads, headDim, precision}) {
            p.addListener((o, a, b) -> apply());
        }
    }

    private void load(CostInputs in) {
        loading = true;
        batch.set(in.batch());
        tokens.set(in.tokens());
        layers.set(in.layers());
        heads.set(in.heads());
        kvHeads.set(in.kvHeads());
        headDim.set(in.headDim());
        precision.set(in.precision());
        loading = false;
        apply();
    }

    private void apply() {
        if (loading) {
            return;
        }
        try {
            target.set(new CostInputs(batch.get(), tokens.get(), layers.get(), heads.get(), kvHeads.get(),
                    headDim.get(), precision.get()));
            error.set("");
        } catch (IllegalArgumentException e) {
            error.set(i18n.get("chapter.ui.cost.invalid", e.getMessage()));
        }
    }

    /** A published model's sizes at its full context, keeping the chosen precision and batch. */
    public void usePreset(ModelPreset preset) {
        CostInputs p = preset.inputs(precision.get());
        load(new CostInputs(batch.get(), p.tokens(), p.layers(), p.heads(), p.kvHeads(), p.headDim(),
                precision.get()));
    }

    public IntegerProperty batchProperty() {
        return batch;
    }

    public IntegerProperty tokensProperty() {
        return tokens;
    }

    public IntegerProperty layersProperty() {
        return layers;
    }

    public IntegerProperty headsProperty() {
        return heads;
    }

    public IntegerProperty kvHeadsProperty() {
        return kvHeads;
    }

    public IntegerProperty headDimProperty() {
        return headDim;
    }

    public ObjectProperty<Precision> precisionProperty() {
        return precision;
    }

    public StringProperty errorProperty() {
        return error;
    }
}
