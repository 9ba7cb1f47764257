package org.attentionexplainer.cli;

import java.lang.management.ManagementFactory;
import java.util.Arrays;

/**
 * Wall-clock times of repeated runs of one case, in milliseconds, sorted; and the CPU time of
 * the whole process per run (all threads, native ones included, averaged over the runs as the
 * JVM counts it in 10 ms ticks), which on a machine shared with other work says more about
 * the work itself than the wall clock does.
 */
record BenchTiming(double[] millis, double cpuMillisPerRun) {
    BenchTiming {
        if (millis.length == 0) {
            throw new IllegalArgumentException("no runs");
        }
        millis = millis.clone();
        Arrays.sort(millis);
    }

    int runs() {
        return millis.length;
    }

    double median() {
        return quantile(millis, 0.5);
    }

    double min() {
        return millis[0];
    }

    double quantile(double p) {
        return quantile(millis, p);
    }

    /** Mean CPU time per run; NaN where the JVM cannot tell. */
    double cpuMean() {
        return cpuMillisPerRun;
    }

    /** Linear interpolation between the closest ranks. */
    private static double quantile(double[] sorted, double p) {
        double pos = p * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }

    /**
     * Runs {@code run} at least {@code warmups} times and for {@code warmupSeconds} untimed (the
     * JIT compiles the engine's Java meanwhile, on the same cores: timed runs then would measure
     * the compiler too; the PyTorch script warms up by the same rule), then until at least
     * {@code minRuns} runs and {@code minSeconds} have passed.
     */
    static BenchTiming measure(Runnable run, int warmups, double warmupSeconds, int minRuns, double minSeconds,
                               int maxRuns) {
        long warmStart = System.nanoTime();
        for (int i = 0; i < warmups || (System.nanoTime() - warmStart) / 1e9 < warmupSeconds; i++) {
            run.run();
        }
        double[] millis = new double[Math.max(minRuns, 16)];
        int n = 0;
        long cpuStart = processCpuNanos();
        long begin = System.nanoTime();
        while (n < maxRuns && (n < minRuns || (System.nanoTime() - begin) / 1e9 < minSeconds)) {
            long start = System.nanoTime();
            run.run();
            if (n == millis.length) {
                millis = Arrays.copyOf(millis, millis.length * 2);
            }
            millis[n++] = (System.nanoTime() - start) / 1e6;
        }
        double cpu = cpuStart < 0 ? Double.NaN : (processCpuNanos() - cpuStart) / 1e6 / n;
        return new BenchTiming(Arrays.copyOf(millis, n), cpu);
    }

    /** From timings measured elsewhere (no CPU time). */
    static BenchTiming ofWallClock(double[] millis) {
        return new BenchTiming(millis, Double.NaN);
    }

    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }
}
