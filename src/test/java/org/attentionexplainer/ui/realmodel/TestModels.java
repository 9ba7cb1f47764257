package org.attentionexplainer.ui.realmodel;

import java.util.function.DoubleConsumer;
import org.attentionexplainer.engine.bert.MiniLmModel;
import org.attentionexplainer.engine.bert.ModelLoadException;
import org.attentionexplainer.engine.bert.ModelSource;

/** Model sources for tests: the real model loaded once per test JVM, and one that is not installed. */
final class TestModels {
    private static MiniLmModel model;

    private TestModels() {
    }

    static synchronized MiniLmModel shared() throws ModelLoadException {
        if (model == null) {
            model = MiniLmModel.load(f -> { });
        }
        return model;
    }

    /** The real model; the first load reads the jar, later ones reuse it and report 1 at once. */
    static ModelProvider loaded() {
        return new ModelProvider() {
            @Override
            public boolean available() {
                return MiniLmModel.isAvailable();
            }

            @Override
            public MiniLmModel load(DoubleConsumer progress) throws ModelLoadException {
                MiniLmModel m = shared();
                progress.accept(1.0);
                return m;
            }
        };
    }

    /** As if the model jar were missing from the class path. */
    static ModelProvider absent() {
        return new ModelProvider() {
            @Override
            public boolean available() {
                return false;
            }

            @Override
            public MiniLmModel load(DoubleConsumer progress) throws ModelLoadException {
                throw new ModelLoadException("engine.model.notInstalled", ModelSource.ONNX_RESOURCE, ModelSource.ARTIFACT);
            }
        };
    }

    /** The model a started view-model loaded, for benchmarks that call its computation directly. */
    static MiniLmModel loadedOnce(RealModelViewModel started) {
        return (MiniLmModel) started.model();
    }
}
