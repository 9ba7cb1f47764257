package org.attentionexplainer.engine.tinygpt;

/** Told how training goes, on the training thread: keep the work short, hand it to another thread. */
public interface TrainingListener {
    /** After every step. */
    void progress(TrainingProgress progress);

    /**
     * The weights as they are now, every {@link GptTrainer#snapshotEvery()} steps and after the last
     * one, so that a view can redraw the heads while training runs.
     */
    default void snapshot(int step, GptWeights weights) {
    }

    TrainingListener NONE = p -> { };
}
