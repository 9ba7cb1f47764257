package org.attentionexplainer.engine.tinygpt;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.nd4j.autodiff.listeners.At;
import org.nd4j.autodiff.listeners.BaseListener;
import org.nd4j.autodiff.listeners.Operation;
import org.nd4j.autodiff.samediff.SameDiff;
import org.nd4j.autodiff.samediff.internal.SameDiffOp;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.ops.OpContext;
import org.nd4j.linalg.dataset.api.MultiDataSet;

/**
 * SameDiff's forward and backward op by op: a listener times each op's execution (SameDiff's
 * preOpExecution to opExecution hooks, wall and the calling thread's CPU) and sums by the op's
 * name, so that a step's graph time splits into the ops' own work and SameDiff's work between
 * them (ordering, shapes, allocation, bookkeeping). The listener's own cost falls in the second.
 */
final class OpTimes extends BaseListener {
    /** Per op name: wall nanoseconds, calls, CPU nanoseconds. */
    private final Map<String, long[]> byOp = new HashMap<>();
    private long start;
    private long startCpu;

    @Override
    public boolean isActive(Operation operation) {
        return true;
    }

    @Override
    public void preOpExecution(SameDiff sd, At at, SameDiffOp op, OpContext context) {
        start = System.nanoTime();
        startCpu = BenchClocks.threadCpu();
    }

    @Override
    public void opExecution(SameDiff sd, At at, MultiDataSet batch, SameDiffOp op, OpContext context,
            INDArray[] outputs) {
        long[] t = byOp.computeIfAbsent(op.getOp().opName(), k -> new long[3]);
        t[0] += System.nanoTime() - start;
        t[1]++;
        t[2] += BenchClocks.threadCpu() - startCpu;
    }

    /** Times {@code steps} more gradient steps of {@code run} (no update) and prints the ops' share. */
    static void print(TrainingRun run, int steps) {
        OpTimes timer = new OpTimes();
        run.sameDiff().addListeners(timer);
        long begin = System.nanoTime();
        long beginCpu = BenchClocks.threadCpu();
        for (int step = 0; step < steps; step++) {
            run.gradients(run.nextBatch());
        }
        double stepMs = (System.nanoTime() - begin) / 1e6 / steps;
        double stepCpuMs = (BenchClocks.threadCpu() - beginCpu) / 1e6 / steps;
        run.sameDiff().setListeners();
        Map<String, long[]> byOp = timer.byOp;
        long count = byOp.values().stream().mapToLong(t -> t[1]).sum();
        double opsMs = byOp.values().stream().mapToLong(t -> t[0]).sum() / 1e6 / steps;
        double opsCpuMs = byOp.values().stream().mapToLong(t -> t[2]).sum() / 1e6 / steps;
        System.out.printf(Locale.ROOT, "%nSameDiff op by op, %d more steps (forward + backward only, a listener timing"
                        + " each op): %d ops a step; a step %.1f ms (%.1f ms CPU), of it in the ops %.1f ms (%.1f ms CPU),"
                        + " SameDiff's own work between them %.1f ms (%.1f ms CPU)%n", steps, count / steps, stepMs,
                stepCpuMs, opsMs, opsCpuMs, stepMs - opsMs, stepCpuMs - opsCpuMs);
        System.out.println("| op | calls a step | ms a step | CPU ms a step | CPU µs a call |");
        System.out.println("| --- | ---: | ---: | ---: | ---: |");
        byOp.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue()[2], a.getValue()[2])).limit(12)
                .forEach(e -> System.out.printf(Locale.ROOT, "| %s | %d | %.2f | %.2f | %.0f |%n", e.getKey(),
                        e.getValue()[1] / steps, e.getValue()[0] / 1e6 / steps, e.getValue()[2] / 1e6 / steps,
                        e.getValue()[2] / 1e3 / e.getValue()[1]));
    }
}
