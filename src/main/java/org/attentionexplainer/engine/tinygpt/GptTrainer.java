package org.attentionexplainer.engine.tinygpt;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.NativeThreads;
import org.nd4j.autodiff.samediff.api.OutAndGrad;

/**
 * Trains a tiny GPT on {@link RepeatTask} with SameDiff's gradients and ND4J's Adam, on the CPU.
 * Everything random (the starting weights, each batch's half length and symbols) comes from the
 * seed, so the same seed gives the same model up to float32 rounding (BLAS kernels differ by CPU).
 */
public final class GptTrainer {
    /** How often {@link TrainingListener#snapshot} is called, in steps. */
    private static final int SNAPSHOT_EVERY = 25;

    private final GptConfig config;
    private final TrainingOptions options;

    public GptTrainer(GptConfig config, TrainingOptions options) {
        this.config = config;
        this.options = options;
    }

    public int snapshotEvery() {
        return SNAPSHOT_EVERY;
    }

    /**
     * Trains from the seed's starting weights.
     *
     * @throws TrainingCancelledException when {@code control} cancels the run
     */
    public TrainingResult train(TrainingListener listener, TrainingControl control) {
        long begin = System.nanoTime();
        long pausedMillis = 0;
        try (NativeThreads.OneThread single = NativeThreads.oneThread()) {
            TrainingRun run = new TrainingRun(config, options);
            List<TrainingProgress> history = new ArrayList<>(options.steps());
            for (int step = 0; step < options.steps(); step++) {
                pausedMillis += control.awaitGo();
                TrainingRun.Batch batch = run.nextBatch();
                OutAndGrad result = run.gradients(batch);
                run.update(result, step);
                double[] losses = run.losses(result, batch);
                long millis = (System.nanoTime() - begin) / 1_000_000 - pausedMillis;
                TrainingProgress progress = new TrainingProgress(step + 1, options.steps(), losses[0], losses[1],
                        millis);
                history.add(progress);
                listener.progress(progress);
                if ((step + 1) % SNAPSHOT_EVERY == 0 || step + 1 == options.steps()) {
                    listener.snapshot(step + 1, run.weights());
                }
            }
            long millis = (System.nanoTime() - begin) / 1_000_000 - pausedMillis;
            return new TrainingResult(run.weights(), options, history, millis);
        }
    }
}
