package org.attentionexplainer.ui.common;

import java.util.function.BooleanSupplier;
import java.util.function.DoubleConsumer;
import org.attentionexplainer.engine.bert.MiniLmModel;
import org.attentionexplainer.engine.bert.ModelLoadException;
import org.attentionexplainer.engine.bert.ModelSource;

/**
 * The trained model (all-MiniLM-L6-v2) that screens share: loaded the first time one asks
 * (slow, about 500 MB: off the FX thread), then the same instance for every screen, so the
 * explorer's trained heads and the real-model screen do not hold two copies.
 */
public final class TrainedModel {
    /** How a model is loaded: from the class path, or as a test provides it. */
    public interface Loader {
        MiniLmModel load(DoubleConsumer progress) throws ModelLoadException;
    }

    private final BooleanSupplier available;
    private final Loader loader;
    private MiniLmModel model;

    public TrainedModel(BooleanSupplier available, Loader loader) {
        this.available = available;
        this.loader = loader;
    }

    /** The model jar on the class path. */
    public static TrainedModel classPath() {
        return new TrainedModel(MiniLmModel::isAvailable, MiniLmModel::load);
    }

    /** As if the model jar were missing. */
    public static TrainedModel absent() {
        return new TrainedModel(() -> false, p -> {
            throw new ModelLoadException("engine.model.notInstalled", ModelSource.ONNX_RESOURCE, ModelSource.ARTIFACT);
        });
    }

    /** True if {@link #get} can find the model. */
    public boolean available() {
        return available.getAsBoolean();
    }

    /** The model, loaded the first time (reporting fractions 0 to 1), at once after that. */
    public synchronized MiniLmModel get(DoubleConsumer progress) throws ModelLoadException {
        if (model == null) {
            model = loader.load(progress);
        }
        progress.accept(1.0);
        return model;
    }
}
