package org.attentionexplainer.engine.tinygpt;

import static org.attentionexplainer.engine.tinygpt.BenchClocks.mean;
import static org.attentionexplainer.engine.tinygpt.BenchClocks.percentile;
import static org.attentionexplainer.engine.tinygpt.BenchClocks.processCpu;
import static org.attentionexplainer.engine.tinygpt.BenchClocks.threadCpu;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.StringWriter;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.Backends;
import org.attentionexplainer.engine.NativeThreads;
import org.attentionexplainer.lesson.tinygpt.TinyGptScores;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.nd4j.autodiff.samediff.api.OutAndGrad;

/**
 * Where the time of training the tiny GPT goes, in three parts, printed as Markdown tables:
 * <ol>
 * <li>the whole budget: {@link GptTrainer#train} with the `train` command's options, as the command
 * runs it in a fresh JVM after ND4J's start (wall, steps a second, the process's CPU and how much of
 * it the training thread, the JIT's compilers and the collector took), and one step as that loop
 * runs it (median and p95 after the first {@code tinygpt.bench.warmup} steps, from a listener's
 * clock at each step's end);</li>
 * <li>one step part by part: the same loop again ({@link TrainingRun}, the same seed, so the same
 * batches and losses, which the benchmark checks), with the wall clock and the thread's CPU clock
 * read around each call: the batch's arrays, SameDiff's forward and backward, Adam, the losses read
 * back, the progress listener, the weights read back for the screen; their sum against a clock
 * around the whole step (the rest: the loop and the clocks themselves); then the screen's own
 * inference on a snapshot (it runs on the screen's worker thread, beside training);</li>
 * <li>SameDiff's forward and backward op by op ({@link OpTimes}).</li>
 * </ol>
 * Left out of the default run; run it with
 * {@code ./mvnw -B -o test -Dtest=TinyGptTrainingBench -Dsurefire.excludedGroups=none}
 * ({@code -Dtinygpt.bench.steps=N} for a shorter run, {@code -Dtinygpt.bench.warmup=N} steps left out
 * of the per-step figures, {@code -Dtinygpt.bench.opSteps=N} steps timed op by op).
 */
@Tag("bench")
class TinyGptTrainingBench {
    private static final int STEPS = Integer.getInteger("tinygpt.bench.steps", TrainingOptions.DEFAULT.steps());
    private static final int WARMUP = Math.min(Integer.getInteger("tinygpt.bench.warmup", 100), STEPS - 1);
    private static final int OP_STEPS = Integer.getInteger("tinygpt.bench.opSteps", 50);
    private static final int SNAPSHOT_EVERY = new GptTrainer(GptConfig.DEFAULT, TrainingOptions.DEFAULT)
            .snapshotEvery();
    private static final String[] PARTS = {
        "batch: draw the symbols, build the placeholder arrays (copies into ND4J)",
        "SameDiff: forward + backward (graph execution)",
        "Adam: update every weight in place",
        "losses: read each position's loss back (copy out of ND4J)",
        "listener: the progress callback (the `train` command's line every tenth step)",
        "snapshot: the weights read back for the screen, every " + SNAPSHOT_EVERY + " steps",
    };

    @Test
    void trainingBudgetAndOneStep() {
        double loadStart = BenchClocks.load();
        long wall = System.nanoTime();
        long cpu = processCpu();
        Backends.Startup startup = Backends.start();
        long ndWall = System.nanoTime() - wall;
        long ndCpu = processCpu() - cpu;
        TrainingOptions options = TrainingOptions.DEFAULT.withSteps(STEPS);
        System.out.printf(Locale.ROOT, "%nTiny GPT training: %s, %d cores, load average %.2f at the start; %d steps of"
                        + " %d sequences, learning rate %.3g, seed %d; ND4J start %.2f s wall, %.2f s CPU%n",
                startup.backend(), Runtime.getRuntime().availableProcessors(), loadStart, options.steps(),
                options.batchSize(), options.learningRate(), options.seed(), ndWall / 1e9, ndCpu / 1e9);
        StepClock trainer = wholeBudget(options);
        PartClock parts = partByPart(options);
        // the same seed gives the same batches: the loop timed part by part did the trainer's work
        assertArrayEquals(trainer.losses, parts.losses);
        printParts(parts, trainer);
        printViews(parts.run.weights());
        if (OP_STEPS > 0) {
            OpTimes.print(parts.run, OP_STEPS);
        }
        System.out.printf(Locale.ROOT, "%nload average at the end: %.2f%n", BenchClocks.load());
    }

    /** The trainer's own run, as the `train` command makes it; prints the budget and returns its steps' clocks. */
    private static StepClock wholeBudget(TrainingOptions options) {
        StepClock clock = new StepClock(options.steps());
        Map<String, Long> jvm = BenchClocks.jvmThreadsCpu();
        long cpu = processCpu();
        long threadCpu = threadCpu();
        clock.begin = System.nanoTime();
        clock.beginCpu = threadCpu;
        TrainingResult result = new GptTrainer(GptConfig.DEFAULT, options).train(clock, new TrainingControl());
        long wall = System.nanoTime() - clock.begin;
        long trainCpu = threadCpu() - threadCpu;
        long allCpu = processCpu() - cpu;
        Map<String, Long> jvmAfter = BenchClocks.jvmThreadsCpu();
        long jit = jvmAfter.getOrDefault("JIT compilers", 0L) - jvm.getOrDefault("JIT compilers", 0L);
        long gc = jvmAfter.getOrDefault("garbage collector", 0L) - jvm.getOrDefault("garbage collector", 0L);
        long[] steps = clock.steps(false);
        long[] stepsCpu = clock.steps(true);
        System.out.printf(Locale.ROOT, "%nThe whole budget, GptTrainer.train (the graph built, then %d steps):%n%n",
                options.steps());
        System.out.println("| | wall s | CPU s |");
        System.out.println("| --- | ---: | ---: |");
        System.out.printf(Locale.ROOT, "| training run (%d steps, %.1f steps/s; the trainer's own clock %.2f s) | %.2f"
                        + " | %.2f |%n", options.steps(), options.steps() / (wall / 1e9), result.millis() / 1e3,
                wall / 1e9, allCpu / 1e9);
        System.out.printf(Locale.ROOT, "| of it, the training thread | | %.2f |%n", trainCpu / 1e9);
        if (jvmAfter.isEmpty()) {
            System.out.println("| of it, the JIT's compilers, the collector | | (no /proc here) |");
        } else {
            System.out.printf(Locale.ROOT, "| of it, the JIT's compiler threads | | %.2f |%n", jit / 1e9);
            System.out.printf(Locale.ROOT, "| of it, the garbage collector's threads | | %.2f |%n", gc / 1e9);
        }
        System.out.printf(Locale.ROOT, "| first step, building the graph and its gradients included | %.2f | %.2f |%n",
                (clock.at[0] - clock.begin) / 1e9, (clock.cpuAt[0] - clock.beginCpu) / 1e9);
        System.out.printf(Locale.ROOT, "| first %d steps | %.2f | %.2f |%n", WARMUP,
                (clock.at[WARMUP - 1] - clock.begin) / 1e9, (clock.cpuAt[WARMUP - 1] - clock.beginCpu) / 1e9);
        System.out.printf(Locale.ROOT, "%nOne step as the trainer runs it, steps %d to %d: wall median %.2f ms, p95 %.2f,"
                        + " mean %.2f; training thread's CPU median %.2f ms, p95 %.2f, mean %.2f%n", WARMUP + 1,
                options.steps(), percentile(steps, 50) / 1e6, percentile(steps, 95) / 1e6, mean(steps) / 1e6,
                percentile(stepsCpu, 50) / 1e6, percentile(stepsCpu, 95) / 1e6, mean(stepsCpu) / 1e6);
        StringBuilder curve = new StringBuilder("Losses (first half, second half) at every tenth:");
        int tenth = Math.max(1, options.steps() / 10);
        for (int s = tenth; s <= options.steps(); s += tenth) {
            curve.append(String.format(Locale.ROOT, " %d: %.6f %.6f;", s, clock.losses[2 * s - 2],
                    clock.losses[2 * s - 1]));
        }
        System.out.println(curve);
        return clock;
    }

    /** The trainer's loop again, a clock around each part. */
    private static PartClock partByPart(TrainingOptions options) {
        PartClock clock = new PartClock(options.steps());
        StringWriter lines = new StringWriter();
        TrainingListener listener = commandLikeListener(lines);
        long begin = System.nanoTime();
        try (NativeThreads.OneThread single = NativeThreads.oneThread()) {
            clock.run = new TrainingRun(GptConfig.DEFAULT, options);
            long[] t = new long[PARTS.length + 1];
            long[] c = new long[PARTS.length + 1];
            for (int step = 0; step < options.steps(); step++) {
                t[0] = System.nanoTime();
                c[0] = threadCpu();
                TrainingRun.Batch batch = clock.run.nextBatch();
                t[1] = System.nanoTime();
                c[1] = threadCpu();
                OutAndGrad g = clock.run.gradients(batch);
                t[2] = System.nanoTime();
                c[2] = threadCpu();
                clock.run.update(g, step);
                t[3] = System.nanoTime();
                c[3] = threadCpu();
                double[] losses = clock.run.losses(g, batch);
                t[4] = System.nanoTime();
                c[4] = threadCpu();
                listener.progress(new TrainingProgress(step + 1, options.steps(), losses[0], losses[1],
                        (t[4] - begin) / 1_000_000));
                t[5] = System.nanoTime();
                c[5] = threadCpu();
                if ((step + 1) % SNAPSHOT_EVERY == 0 || step + 1 == options.steps()) {
                    listener.snapshot(step + 1, clock.run.weights());
                }
                t[6] = System.nanoTime();
                c[6] = threadCpu();
                clock.record(step, t, c, losses);
            }
            clock.end(System.nanoTime(), threadCpu());
        }
        return clock;
    }

    /** What the `train` command's listener does: a formatted line every tenth step (here into memory). */
    private static TrainingListener commandLikeListener(StringWriter lines) {
        return p -> {
            int tenth = Math.max(1, p.steps() / 10);
            if (p.step() % tenth == 0 || p.step() == p.steps()) {
                lines.write(String.format(Locale.ROOT, "step %5d of %d  loss %.3f / %.3f  %.1f s%n", p.step(),
                        p.steps(), p.lossFirst(), p.lossSecond(), p.millis() / 1000.0));
            }
        };
    }

    private static void printParts(PartClock clock, StepClock trainer) {
        int from = WARMUP;
        double stepMean = mean(clock.tail(clock.whole, from));
        System.out.printf(Locale.ROOT, "%nOne step part by part (the same loop again, same seed; steps %d to %d; wall"
                + " and the thread's CPU in ms; a snapshot's median and p95 are per snapshot):%n%n", from + 1,
                clock.whole.length);
        System.out.println("| part | median | p95 | mean | CPU median | CPU mean | share of the mean step |");
        System.out.println("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
        long[] sum = new long[clock.whole.length];
        long[] sumCpu = new long[clock.whole.length];
        for (int p = 0; p < PARTS.length; p++) {
            long[] wall = clock.tail(clock.wall[p], from);
            long[] cpu = clock.tail(clock.cpu[p], from);
            long[] typical = p == PARTS.length - 1 ? clock.snapshotsOnly(clock.wall[p], from) : wall;
            long[] typicalCpu = p == PARTS.length - 1 ? clock.snapshotsOnly(clock.cpu[p], from) : cpu;
            row(PARTS[p], typical, wall, typicalCpu, cpu, stepMean);
            for (int s = 0; s < sum.length; s++) {
                sum[s] += clock.wall[p][s];
                sumCpu[s] += clock.cpu[p][s];
            }
        }
        row("sum of the parts", clock.tail(sum, from), clock.tail(sum, from), clock.tail(sumCpu, from),
                clock.tail(sumCpu, from), stepMean);
        row("whole step, start to next start", clock.tail(clock.whole, from), clock.tail(clock.whole, from),
                clock.tail(clock.wholeCpu, from), clock.tail(clock.wholeCpu, from), stepMean);
        long[] rest = new long[sum.length];
        long[] restCpu = new long[sum.length];
        for (int s = 0; s < rest.length; s++) {
            rest[s] = clock.whole[s] - sum[s];
            restCpu[s] = clock.wholeCpu[s] - sumCpu[s];
        }
        row("rest (whole minus parts: the loop, reading the clocks)", clock.tail(rest, from), clock.tail(rest, from),
                clock.tail(restCpu, from), clock.tail(restCpu, from), stepMean);
        long[] real = trainer.steps(false);
        long[] realCpu = trainer.steps(true);
        row("the trainer's own step (the budget's run above)", real, real, realCpu, realCpu, stepMean);
    }

    private static void row(String part, long[] typical, long[] all, long[] typicalCpu, long[] allCpu,
            double stepMean) {
        System.out.printf(Locale.ROOT, "| %s | %.3f | %.3f | %.3f | %.3f | %.3f | %.1f %% |%n", part,
                percentile(typical, 50) / 1e6, percentile(typical, 95) / 1e6, mean(all) / 1e6,
                percentile(typicalCpu, 50) / 1e6, mean(allCpu) / 1e6, 100 * mean(all) / stepMean);
    }

    /**
     * What the Train screen computes on each snapshot, on its worker thread beside the training
     * thread: the prompt's forward and every head's scores on 24 held-out sequences (as its Picture
     * does; the figure's layout left out).
     */
    private static void printViews(GptWeights weights) {
        AttentionEngine engine = new AttentionEngine();
        // the screen's default prompt, KDXMQBTRAP KDXMQ, as its letters' symbols
        int[] prompt = "KDXMQBTRAPKDXMQ".chars().map(ch -> ch - 'A').toArray();
        int runs = 12;
        long[] wall = new long[runs];
        long[] cpu = new long[runs];
        for (int i = 0; i < runs; i++) {
            long w = System.nanoTime();
            long c = threadCpu();
            TinyGpt gpt = new TinyGpt(weights, engine);
            gpt.forward(prompt);
            TinyGptScores.measure(gpt, TinyGptScores.HELD_OUT_SEED, 24, RepeatTask.SHOWN_HALF);
            wall[i] = System.nanoTime() - w;
            cpu[i] = threadCpu() - c;
        }
        long[] warm = Arrays.copyOfRange(wall, 2, runs);
        long[] warmCpu = Arrays.copyOfRange(cpu, 2, runs);
        int snapshots = (STEPS + SNAPSHOT_EVERY - 1) / SNAPSHOT_EVERY;
        System.out.printf(Locale.ROOT, "%nThe screen's inference on a snapshot (prompt forward + scores on 24 held-out"
                        + " sequences; its worker thread): first %.1f ms, then median %.1f ms, p95 %.1f; CPU median"
                        + " %.1f ms; %d snapshots a run: about %.2f s of CPU beside training%n", wall[0] / 1e6,
                percentile(warm, 50) / 1e6, percentile(warm, 95) / 1e6, percentile(warmCpu, 50) / 1e6, snapshots,
                snapshots * percentile(warmCpu, 50) / 1e9);
    }

    /** A listener that reads the clocks at the end of every step, as the trainer calls it. */
    private static final class StepClock implements TrainingListener {
        final long[] at;
        final long[] cpuAt;
        final double[] losses;
        long begin;
        long beginCpu;

        StepClock(int steps) {
            at = new long[steps];
            cpuAt = new long[steps];
            losses = new double[2 * steps];
        }

        @Override
        public void progress(TrainingProgress p) {
            at[p.step() - 1] = System.nanoTime();
            cpuAt[p.step() - 1] = threadCpu();
            losses[2 * p.step() - 2] = p.lossFirst();
            losses[2 * p.step() - 1] = p.lossSecond();
        }

        /** Each step's wall (or CPU) time after the warm-up, from one step's end to the next's. */
        long[] steps(boolean cpu) {
            long[] ends = cpu ? cpuAt : at;
            long[] d = new long[ends.length - WARMUP];
            for (int s = WARMUP; s < ends.length; s++) {
                d[s - WARMUP] = ends[s] - ends[s - 1];
            }
            return d;
        }
    }

    /** Per part and step, the wall and CPU nanoseconds of the loop timed part by part. */
    private static final class PartClock {
        final long[][] wall;
        final long[][] cpu;
        final long[] whole;
        final long[] wholeCpu;
        final double[] losses;
        TrainingRun run;

        PartClock(int steps) {
            wall = new long[PARTS.length][steps];
            cpu = new long[PARTS.length][steps];
            whole = new long[steps];
            wholeCpu = new long[steps];
            losses = new double[2 * steps];
        }

        /** A step's clocks: t[0] and c[0] at its start, then after each part. */
        void record(int step, long[] t, long[] c, double[] stepLosses) {
            for (int p = 0; p < PARTS.length; p++) {
                wall[p][step] = t[p + 1] - t[p];
                cpu[p][step] = c[p + 1] - c[p];
            }
            // the whole step runs from its start to the next step's start, the loop and this record included
            whole[step] = t[0];
            wholeCpu[step] = c[0];
            if (step > 0) {
                whole[step - 1] = t[0] - whole[step - 1];
                wholeCpu[step - 1] = c[0] - wholeCpu[step - 1];
            }
            losses[2 * step] = stepLosses[0];
            losses[2 * step + 1] = stepLosses[1];
        }

        /** The clocks after the last step. */
        void end(long t, long c) {
            whole[whole.length - 1] = t - whole[whole.length - 1];
            wholeCpu[wholeCpu.length - 1] = c - wholeCpu[wholeCpu.length - 1];
        }

        long[] tail(long[] values, int from) {
            return Arrays.copyOfRange(values, from, values.length);
        }

        /** The values of the steps that took a snapshot. */
        long[] snapshotsOnly(long[] values, int from) {
            return java.util.stream.IntStream.range(from, values.length)
                    .filter(s -> (s + 1) % SNAPSHOT_EVERY == 0 || s + 1 == values.length)
                    .mapToLong(s -> values[s]).toArray();
        }
    }
}
