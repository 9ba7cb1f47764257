package org.attentionexplainer.engine.tinygpt;

/** A training run stopped on request before its last step. */
public class TrainingCancelledException extends RuntimeException {
    public TrainingCancelledException() {
        super("training cancelled");
    }
}
