package org.attentionexplainer.engine.tinygpt;

/**
 * Where a training run stands after a step.
 *
 * @param step       steps done (1 after the first)
 * @param steps      steps planned
 * @param lossFirst  mean cross-entropy (nats) of this step's predictions of first-half symbols 2..n, which
 *                   cannot be copied from anywhere
 * @param lossSecond mean cross-entropy of the predictions of second-half symbols 2..n, which can be copied
 *                   from the first half (the second half's first symbol is in neither: nothing predicts it)
 * @param millis     time since the run started, pauses left out
 */
public record TrainingProgress(int step, int steps, double lossFirst, double lossSecond, long millis) {
    public double fraction() {
        return (double) step / steps;
    }
}
