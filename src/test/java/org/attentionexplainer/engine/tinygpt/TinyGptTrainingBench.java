package org.attentionexplainer.engine.tinygpt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.attentionexplainer.engine.Backends;
import org.attentionexplainer.engine.NativeThreads;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.nd4j.autodiff.samediff.api.OutAndGrad;

/**
 * Where the time of training the tiny GPT goes: one whole run with the shipped model's options,
 * each step cut into its parts (drawing the batch and building its arrays, SameDiff's forward and
 * backward, Adam's updates, reading the losses back, the snapshots for the screen), printed as a
 * table with the set-up (ND4J start, building and differentiating the graph) and the process's CPU
 * time. Left out of the default run; run it with
 * {@code ./mvnw -o test -Dtest=TinyGptTrainingBench -Dsurefire.excludedGroups=none}
 * ({@code -Dtinygpt.bench.steps=N} for a shorter run, {@code -Dtinygpt.bench.threads=default} for ND4J's
 * own thread count instead of the trainer's one).
 */
@Tag("bench")
class TinyGptTrainingBench {
    private static final int SNAPSHOT_EVERY = new GptTrainer(GptConfig.DEFAULT, TrainingOptions.DEFAULT)
            .snapshotEvery();

    @Test
    void oneTrainingRunPartByPart() {
        long cpu = ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
        long wall = System.nanoTime();
        Backends.start();
        long[] start = {System.nanoTime() - wall, wall, cpu};
        // as the trainer runs: on one native thread; -Dtinygpt.bench.threads=default leaves ND4J's own count
        if ("default".equals(System.getProperty("tinygpt.bench.threads"))) {
            measure(start);
        } else {
            try (NativeThreads.OneThread single = NativeThreads.oneThread()) {
                measure(start);
            }
        }
    }

    /** @param start ND4J's start-up time, and the wall clock and process CPU time before it */
    private static void measure(long[] start) {
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        TrainingOptions options = TrainingOptions.DEFAULT.withSteps(
                Integer.getInteger("tinygpt.bench.steps", TrainingOptions.DEFAULT.steps()));
        long cpu0 = start[2];
        long t0 = start[1];
        String backend = Backends.start().backend() + ", ND4J master threads "
                + org.nd4j.linalg.factory.Nd4j.getEnvironment().maxMasterThreads() + ", OpenBLAS threads "
                + org.nd4j.linalg.factory.Nd4j.factory().blas().getMaxThreads();
        long t1 = System.nanoTime();
        long ndStart = start[0];
        TrainingRun run = new TrainingRun(GptConfig.DEFAULT, options);
        long t2 = System.nanoTime();
        Map<String, Long> parts = new LinkedHashMap<>();
        for (String part : new String[] {"batch: draw symbols, build placeholder arrays",
                "SameDiff: forward + backward (gradients)", "Adam: update every weight in place",
                "losses: read each half's loss back", "snapshots: weights copied out every " + SNAPSHOT_EVERY}) {
            parts.put(part, 0L);
        }
        String[] names = parts.keySet().toArray(new String[0]);
        long cpuSteps = os.getProcessCpuTime();
        long[] firstSteps = new long[1];
        for (int step = 0; step < options.steps(); step++) {
            long a = System.nanoTime();
            TrainingRun.Batch batch = run.nextBatch();
            long b = System.nanoTime();
            OutAndGrad g = run.gradients(batch);
            long c = System.nanoTime();
            run.update(g, step);
            long d = System.nanoTime();
            run.losses(g, batch);
            long e = System.nanoTime();
            if ((step + 1) % SNAPSHOT_EVERY == 0 || step + 1 == options.steps()) {
                run.weights();
            }
            long f = System.nanoTime();
            add(parts, names[0], b - a);
            add(parts, names[1], c - b);
            add(parts, names[2], d - c);
            add(parts, names[3], e - d);
            add(parts, names[4], f - e);
            if (step == 9) {
                firstSteps[0] = f - t2;
            }
        }
        long t3 = System.nanoTime();
        long cpu3 = os.getProcessCpuTime();
        assertEquals(GptConfig.DEFAULT, run.weights().config());
        opsByType(run, options);

        double stepsMs = (t3 - t2) / 1e6;
        System.out.printf(Locale.ROOT, "%nTiny GPT training bench: %s, %d cores, load average %.1f at the end; "
                        + "%d steps of %d sequences, learning rate %.3g, seed %d%n", backend,
                Runtime.getRuntime().availableProcessors(), os.getSystemLoadAverage(), options.steps(),
                options.batchSize(), options.learningRate(), options.seed());
        System.out.printf(Locale.ROOT, "%-52s %10s %10s %7s%n", "part", "total s", "ms/step", "share");
        row("ND4J start (once)", ndStart / 1e6, options.steps(), -1);
        row("graph: build, derive gradients (once)", (t2 - t1) / 1e6, options.steps(), -1);
        for (Map.Entry<String, Long> p : parts.entrySet()) {
            row(p.getKey(), p.getValue() / 1e6, options.steps(), 100 * p.getValue() / 1e6 / stepsMs);
        }
        row("steps, all parts (first 10 steps: " + String.format(Locale.ROOT, "%.0f ms", firstSteps[0] / 1e6) + ")",
                stepsMs, options.steps(), 100);
        System.out.printf(Locale.ROOT, "whole budget: %.1f s wall from ND4J start to trained weights; process CPU "
                        + "%.1f s (%.1f s in the steps, %.1f ms a step)%n", (t3 - t0) / 1e9, (cpu3 - cpu0) / 1e9,
                (cpu3 - cpuSteps) / 1e9, (cpu3 - cpuSteps) / 1e6 / options.steps());
    }

    /** A further 50 steps with a listener that times each SameDiff op, summed by the op's name. */
    private static void opsByType(TrainingRun run, TrainingOptions options) {
        Map<String, long[]> byOp = new java.util.HashMap<>();
        org.nd4j.autodiff.listeners.BaseListener timer = new org.nd4j.autodiff.listeners.BaseListener() {
            private final java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            private long start;
            private long startCpu;

            @Override
            public boolean isActive(org.nd4j.autodiff.listeners.Operation operation) {
                return true;
            }

            @Override
            public void preOpExecution(org.nd4j.autodiff.samediff.SameDiff sd, org.nd4j.autodiff.listeners.At at,
                    org.nd4j.autodiff.samediff.internal.SameDiffOp op, org.nd4j.linalg.api.ops.OpContext context) {
                start = System.nanoTime();
                startCpu = threads.getCurrentThreadCpuTime();
            }

            @Override
            public void opExecution(org.nd4j.autodiff.samediff.SameDiff sd, org.nd4j.autodiff.listeners.At at,
                    org.nd4j.linalg.dataset.api.MultiDataSet batch, org.nd4j.autodiff.samediff.internal.SameDiffOp op,
                    org.nd4j.linalg.api.ops.OpContext context, org.nd4j.linalg.api.ndarray.INDArray[] outputs) {
                long[] t = byOp.computeIfAbsent(op.getOp().opName(), k -> new long[3]);
                t[0] += System.nanoTime() - start;
                t[1]++;
                t[2] += threads.getCurrentThreadCpuTime() - startCpu;
            }
        };
        run.sameDiff().addListeners(timer);
        int steps = 50;
        long begin = System.nanoTime();
        for (int step = 0; step < steps; step++) {
            run.gradients(run.nextBatch());
        }
        double totalMs = (System.nanoTime() - begin) / 1e6;
        run.sameDiff().setListeners();
        long count = byOp.values().stream().mapToLong(t -> t[1]).sum();
        double opsMs = byOp.values().stream().mapToLong(t -> t[0]).sum() / 1e6;
        double opsCpuMs = byOp.values().stream().mapToLong(t -> t[2]).sum() / 1e6;
        System.out.printf(Locale.ROOT, "%nSameDiff ops over %d more steps (timed one by one): %d ops a step; a step "
                        + "%.1f ms in SameDiff, %.1f ms of it in the ops (%.1f ms CPU of the calling thread, all of an "
                        + "op's CPU when ND4J runs on one thread)%n", steps, count / steps, totalMs / steps,
                opsMs / steps, opsCpuMs / steps);
        System.out.printf(Locale.ROOT, "%-28s %8s %10s %10s %10s%n", "op", "a step", "ms/step", "CPU ms", "CPU us/op");
        byOp.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue()[2], a.getValue()[2])).limit(16)
                .forEach(e -> System.out.printf(Locale.ROOT, "%-28s %8d %10.2f %10.2f %10.0f%n", e.getKey(),
                        e.getValue()[1] / steps, e.getValue()[0] / 1e6 / steps, e.getValue()[2] / 1e6 / steps,
                        e.getValue()[2] / 1e3 / e.getValue()[1]));
    }

    private static void add(Map<String, Long> parts, String name, long nanos) {
        parts.merge(name, nanos, Long::sum);
    }

    private static void row(String part, double totalMs, int steps, double share) {
        System.out.printf(Locale.ROOT, "%-52s %10.2f %10.2f %7s%n", part, totalMs / 1000, totalMs / steps,
                share < 0 ? "" : String.format(Locale.ROOT, "%.1f %%", share));
    }
}
