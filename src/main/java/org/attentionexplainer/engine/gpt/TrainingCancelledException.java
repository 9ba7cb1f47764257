package org.attentionexplainer.engine.gpt;

/** A training run stopped on request before its last step. */
public class TrainingCancelledException extends RuntimeException {
    public TrainingCancelledException() {
        super("training cancelled");
    }
}
