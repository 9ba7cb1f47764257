package org.attentionexplainer.engine.tinygpt;

import java.util.List;
import java.util.Random;
import org.attentionexplainer.engine.Backends;
import org.nd4j.autodiff.samediff.SameDiff;
import org.nd4j.autodiff.samediff.api.OutAndGrad;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.learning.GradientUpdater;
import org.nd4j.linalg.learning.config.Adam;

/**
 * One training run's parts, a step at a time: draw a batch, let SameDiff compute the gradients,
 * let Adam move the weights. {@link GptTrainer} runs them in a loop; they are apart so that a
 * benchmark can time each (TinyGptTrainingBench).
 */
final class TrainingRun {
    private final GptConfig config;
    private final TrainingOptions options;
    private final Random random;
    private final GptGraph graph;
    private final List<String> names;
    private final INDArray[] parameters;
    private final GradientUpdater<?>[] updaters;

    /** A batch as the graph's placeholders. */
    record Batch(int half, java.util.Map<String, INDArray> placeholders) {
    }

    TrainingRun(GptConfig config, TrainingOptions options) {
        Backends.start();
        SameDiffJit.keepOpLoopOffC2();
        Nd4j.setDefaultDataTypes(DataType.FLOAT, DataType.FLOAT);
        this.config = config;
        this.options = options;
        this.random = new Random(options.seed());
        this.graph = new GptGraph(GptWeights.initial(config, random.nextLong()));
        this.names = graph.parameterNames();
        this.parameters = new INDArray[names.size()];
        this.updaters = new GradientUpdater<?>[names.size()];
        Adam adam = new Adam(options.learningRate());
        for (int i = 0; i < names.size(); i++) {
            parameters[i] = graph.sameDiff().getVariable(names.get(i)).getArr();
            long n = parameters[i].length();
            updaters[i] = adam.instantiate(Nd4j.zeros(DataType.FLOAT, 1, adam.stateSize(n)), true);
        }
    }

    Batch nextBatch() {
        int half = RepeatTask.drawHalf(random, config.positions());
        int[][] rows = RepeatTask.batch(random, options.batchSize(), half, config.vocab());
        return new Batch(half, TrainingBatch.placeholders(rows, config.vocab(), config.positions()));
    }

    /** The loss of every position and the gradient of the mean loss for each weight. */
    OutAndGrad gradients(Batch batch) {
        return graph.sameDiff().calculateGradientsAndOutputs(batch.placeholders(), List.of(GptGraph.NLL), names);
    }

    /** Adam's step {@code step} (from 0): each weight moves by its update, in place. */
    void update(OutAndGrad gradients, int step) {
        for (int i = 0; i < parameters.length; i++) {
            INDArray parameter = parameters[i];
            // Adam turns the gradient into the update in place: a row view when SameDiff's array is one already
            INDArray g = gradients.getGradients().get(names.get(i));
            INDArray row = g.ordering() == 'c' && !g.isView() ? g.reshape(1, g.length()) : g.dup('c').reshape(1,
                    g.length());
            updaters[i].applyUpdater(row, step, 0);
            parameter.subi(row.reshape(parameter.shape()));
        }
    }

    double[] losses(OutAndGrad gradients, Batch batch) {
        return TrainingBatch.halfLosses(gradients.getOutputs().get(GptGraph.NLL), batch.half());
    }

    SameDiff sameDiff() {
        return graph.sameDiff();
    }

    GptWeights weights() {
        return graph.weights();
    }
}
