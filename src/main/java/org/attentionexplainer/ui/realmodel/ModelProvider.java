package org.attentionexplainer.ui.realmodel;

import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleConsumer;
import org.attentionexplainer.engine.bert.MiniLmModel;
import org.attentionexplainer.engine.bert.ModelLoadException;
import org.attentionexplainer.engine.model.ModelFolder;
import org.attentionexplainer.engine.model.TransformerModel;

/** Where the real-model screen gets its trained models; tests pass one that is absent or already loaded. */
public interface ModelProvider {
    /** True if {@link #load} can find the built-in model. */
    boolean available();

    /** Loads the built-in model (slow: call off the FX thread), reporting fractions 0 to 1. */
    TransformerModel load(DoubleConsumer progress) throws ModelLoadException;

    /** Loads a model folder in the Hugging Face layout (slow: call off the FX thread). */
    default TransformerModel loadFolder(Path folder, DoubleConsumer progress, BooleanSupplier cancelled)
            throws ModelLoadException {
        return ModelFolder.load(folder, progress, cancelled);
    }

    /** The model that screens share: loaded once for all of them. */
    static ModelProvider of(org.attentionexplainer.ui.common.TrainedModel shared) {
        return new ModelProvider() {
            @Override
            public boolean available() {
                return shared.available();
            }

            @Override
            public MiniLmModel load(DoubleConsumer progress) throws ModelLoadException {
                return shared.get(progress);
            }
        };
    }

    /** The model jar on the class path. */
    static ModelProvider classPath() {
        return new ModelProvider() {
            @Override
            public boolean available() {
                return MiniLmModel.isAvailable();
            }

            @Override
            public MiniLmModel load(DoubleConsumer progress) throws ModelLoadException {
                return MiniLmModel.load(progress);
            }
        };
    }
}
