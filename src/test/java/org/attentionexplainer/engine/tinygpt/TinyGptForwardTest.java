package org.attentionexplainer.engine.tinygpt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.Random;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.Tensor;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * The engine's forward (what the views show) against SameDiff's (what training differentiates):
 * the same logits and every layer's and head's weights within 1e-4, for starting weights and for
 * weights after a few training steps.
 */
class TinyGptForwardTest {
    private static final double TOLERANCE = 1e-4;
    private final AttentionEngine engine = new AttentionEngine();

    @Test
    void engineAndSameDiffAgreeOnStartingWeights() {
        compare(GptWeights.initial(GptConfig.DEFAULT, 7), 10);
    }

    @Test
    void engineAndSameDiffAgreeAfterTrainingAndOnOtherShapes() {
        GptConfig config = new GptConfig(RepeatTask.SYMBOLS, RepeatTask.MAX_LENGTH, 48, 3, 6);
        TrainingResult trained = new GptTrainer(config, new TrainingOptions(3, 15, 16, 1e-2))
                .train(TrainingListener.NONE, new TrainingControl());
        compare(trained.weights(), 12);
        compare(trained.weights(), 5);
    }

    private void compare(GptWeights weights, int half) {
        int[][] batch = RepeatTask.batch(new Random(half), 4, half, weights.config().vocab());
        Map<String, INDArray> sameDiff = new GptGraph(weights).forward(batch);
        GptTrace trace = new TinyGpt(weights, engine).forward(batch);
        assertClose("logits", sameDiff.get(GptGraph.LOGITS), trace.logits());
        for (int l = 0; l < weights.config().layers(); l++) {
            assertClose("layer " + l + " weights", sameDiff.get(GptGraph.WEIGHTS + l), trace.layers().get(l).weights());
        }
    }

    private static void assertClose(String what, INDArray want, Tensor got) {
        assertEquals(java.util.Arrays.toString(want.shape()), java.util.Arrays.toString(
                java.util.Arrays.stream(got.shape()).asLongStream().toArray()), what + " shape");
        float[] w = want.dup('c').data().asFloat();
        float[] g = got.toArray();
        double worst = 0;
        for (int i = 0; i < w.length; i++) {
            worst = Math.max(worst, Math.abs(w[i] - g[i]));
        }
        assertEquals(0, worst, TOLERANCE, what + ": largest difference");
    }

    @Test
    void badSequencesAreRefused() {
        TinyGpt gpt = new TinyGpt(GptWeights.initial(GptConfig.DEFAULT, 1), engine);
        assertThrows(IllegalArgumentException.class, () -> gpt.forward(new int[] {0, 26}));
        assertThrows(IllegalArgumentException.class, () -> gpt.forward(new int[0]));
        assertThrows(IllegalArgumentException.class, () -> gpt.forward(new int[RepeatTask.MAX_LENGTH + 1]));
        assertThrows(IllegalArgumentException.class, () -> gpt.forward(new int[][] {{1, 2}, {1}}));
    }
}
