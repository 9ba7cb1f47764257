package org.attentionexplainer.engine.tinygpt;

import java.util.List;

/**
 * A finished training run.
 *
 * @param weights the trained model
 * @param options how it was trained
 * @param history the losses after every step
 * @param millis  the time it took, pauses left out
 */
public record TrainingResult(GptWeights weights, TrainingOptions options, List<TrainingProgress> history,
        long millis) {
    public TrainingResult {
        history = List.copyOf(history);
    }
}
