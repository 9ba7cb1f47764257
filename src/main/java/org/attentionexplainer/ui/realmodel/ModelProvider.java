package org.attentionexplainer.ui.realmodel;

import java.util.function.DoubleConsumer;
import org.attentionexplainer.engine.bert.MiniLmModel;
import org.attentionexplainer.engine.bert.ModelLoadException;

/** Where the real-model screen gets its trained model; tests pass one that is absent or already loaded. */
public interface ModelProvider {
    /** True if {@link #load} can find the model. */
    boolean available();

    /** Loads it (slow: call off the FX thread), reporting fractions 0 to 1. */
    MiniLmModel load(DoubleConsumer progress) throws ModelLoadException;

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
