package org.attentionexplainer.engine.bert;

import java.util.ArrayList;
import java.util.List;

/** all-MiniLM-L6-v2 loaded once per test JVM (a load reads 90 MB), with the progress it reported. */
final class SharedModel {
    private static MiniLmModel model;
    private static final List<Double> PROGRESS = new ArrayList<>();

    private SharedModel() {
    }

    static synchronized MiniLmModel get() throws ModelLoadException {
        if (model == null) {
            model = MiniLmModel.load(PROGRESS::add);
        }
        return model;
    }

    static synchronized List<Double> progressOfTheLoad() throws ModelLoadException {
        get();
        return List.copyOf(PROGRESS);
    }
}
