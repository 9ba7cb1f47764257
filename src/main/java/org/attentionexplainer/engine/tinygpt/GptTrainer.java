package org.attentionexplainer.engine.tinygpt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.attentionexplainer.engine.Backends;
import org.nd4j.autodiff.samediff.api.OutAndGrad;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.learning.GradientUpdater;
import org.nd4j.linalg.learning.config.Adam;

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
        Backends.start();
        Nd4j.setDefaultDataTypes(DataType.FLOAT, DataType.FLOAT);
        long begin = System.nanoTime();
        long pausedMillis = 0;
        Random random = new Random(options.seed());
        GptGraph graph = new GptGraph(GptWeights.initial(config, random.nextLong()));
        List<String> names = graph.parameterNames();
        Map<String, GradientUpdater<?>> updaters = new HashMap<>();
        Adam adam = new Adam(options.learningRate());
        for (String name : names) {
            long n = graph.sameDiff().getVariable(name).getArr().length();
            updaters.put(name, adam.instantiate(Nd4j.zeros(DataType.FLOAT, 1, adam.stateSize(n)), true));
        }
        List<TrainingProgress> history = new ArrayList<>(options.steps());
        for (int step = 0; step < options.steps(); step++) {
            pausedMillis += control.awaitGo();
            int half = RepeatTask.drawHalf(random, config.positions());
            int[][] batch = RepeatTask.batch(random, options.batchSize(), half, config.vocab());
            OutAndGrad result = graph.sameDiff().calculateGradientsAndOutputs(TrainingBatch.placeholders(batch,
                    config.vocab(), config.positions()), List.of(GptGraph.NLL), names);
            for (String name : names) {
                INDArray parameter = graph.sameDiff().getVariable(name).getArr();
                INDArray gradient = result.getGradients().get(name).dup('c').reshape(1, parameter.length());
                updaters.get(name).applyUpdater(gradient, step, 0);
                parameter.subi(gradient.reshape(parameter.shape()));
            }
            double[] losses = TrainingBatch.halfLosses(result.getOutputs().get(GptGraph.NLL), half);
            long millis = (System.nanoTime() - begin) / 1_000_000 - pausedMillis;
            TrainingProgress progress = new TrainingProgress(step + 1, options.steps(), losses[0], losses[1], millis);
            history.add(progress);
            listener.progress(progress);
            if ((step + 1) % SNAPSHOT_EVERY == 0 || step + 1 == options.steps()) {
                listener.snapshot(step + 1, graph.weights());
            }
        }
        long millis = (System.nanoTime() - begin) / 1_000_000 - pausedMillis;
        return new TrainingResult(graph.weights(), options, history, millis);
    }
}
