package org.attentionexplainer.engine.tinygpt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.attentionexplainer.engine.InvalidSpecException;
import org.attentionexplainer.engine.Tensor;
import org.junit.jupiter.api.Test;

/** Short runs (a few dozen steps): what a seed fixes, what the listener hears, pause and cancel. */
class GptTrainerTest {
    private static final TrainingOptions SHORT = new TrainingOptions(5, 20, 16, 3e-3);

    @Test
    void theSameSeedGivesTheSameModelAndAnotherSeedAnother() {
        GptWeights a = train(SHORT);
        GptWeights b = train(SHORT);
        GptWeights c = train(SHORT.withSeed(6));
        List<Tensor> ta = a.inFileOrder();
        List<Tensor> tb = b.inFileOrder();
        for (int i = 0; i < ta.size(); i++) {
            assertArrayEquals(ta.get(i).toArray(), tb.get(i).toArray(), 1e-6f, "tensor " + i);
        }
        assertFalse(java.util.Arrays.equals(ta.get(0).toArray(), c.inFileOrder().get(0).toArray()));
    }

    @Test
    void trainingChangesTheStartingWeightsAndLowersTheCopyableLoss() {
        List<TrainingProgress> seen = new ArrayList<>();
        AtomicInteger snapshots = new AtomicInteger();
        TrainingOptions options = new TrainingOptions(2, 60, 32, 1e-2);
        GptTrainer trainer = new GptTrainer(GptConfig.DEFAULT, options);
        TrainingResult r = trainer.train(new TrainingListener() {
            @Override
            public void progress(TrainingProgress p) {
                seen.add(p);
            }

            @Override
            public void snapshot(int step, GptWeights weights) {
                snapshots.incrementAndGet();
            }
        }, new TrainingControl());
        assertEquals(60, seen.size());
        assertEquals(List.of(1, 60), List.of(seen.get(0).step(), seen.get(59).step()));
        assertEquals(seen, r.history());
        assertEquals(60 / trainer.snapshotEvery() + 1, snapshots.get());
        // ln 26 = 3.258: a model that knows nothing; the starting weights are close to it
        assertEquals(Math.log(26), seen.get(0).lossSecond(), 0.3);
        double early = mean(seen.subList(0, 10));
        double late = mean(seen.subList(50, 60));
        assertTrue(late < early, "second-half loss " + early + " -> " + late);
    }

    private static double mean(List<TrainingProgress> ps) {
        return ps.stream().mapToDouble(TrainingProgress::lossSecond).average().orElseThrow();
    }

    @Test
    void cancelEndsTheRunAndPauseHoldsIt() throws Exception {
        TrainingControl control = new TrainingControl();
        AtomicInteger steps = new AtomicInteger();
        GptTrainer trainer = new GptTrainer(GptConfig.DEFAULT, SHORT.withSteps(1000));
        assertThrows(TrainingCancelledException.class, () -> trainer.train(p -> {
            if (steps.incrementAndGet() == 3) {
                control.cancel();
            }
        }, control));
        assertEquals(3, steps.get());

        TrainingControl paused = new TrainingControl();
        paused.pause();
        AtomicInteger done = new AtomicInteger();
        Thread runner = new Thread(() -> new GptTrainer(GptConfig.DEFAULT, SHORT.withSteps(2))
                .train(p -> done.incrementAndGet(), paused));
        runner.start();
        runner.join(1500);
        assertEquals(0, done.get(), "no step while paused");
        paused.resume();
        runner.join(60_000);
        assertEquals(2, done.get());
    }

    @Test
    void badShapesAndOptionsNameTheirField() {
        InvalidSpecException heads = assertThrows(InvalidSpecException.class, () -> GptConfig.DEFAULT.withHeads(5));
        assertEquals("heads", heads.field());
        assertEquals("layers", assertThrows(InvalidSpecException.class, () -> GptConfig.DEFAULT.withLayers(0))
                .field());
        assertEquals("steps", assertThrows(InvalidSpecException.class, () -> SHORT.withSteps(0)).field());
    }

    private static GptWeights train(TrainingOptions options) {
        return new GptTrainer(GptConfig.DEFAULT, options).train(TrainingListener.NONE, new TrainingControl())
                .weights();
    }
}
