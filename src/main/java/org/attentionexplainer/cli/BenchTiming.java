package org.attentionexplainer.cli;

import java.util.Arrays;

/** Wall-clock times of repeated runs of one case, in milliseconds, sorted. */
record BenchTiming(double[] millis) {
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
        return quantile(0.5);
    }

    double min() {
        return millis[0];
    }

    /** Linear interpolation between the closest ranks. */
    double quantile(double p) {
        double pos = p * (millis.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, millis.length - 1);
        return millis[lo] + (pos - lo) * (millis[hi] - millis[lo]);
    }

    /** Runs {@code run} until at least {@code minRuns} runs and {@code minSeconds} have passed. */
    static BenchTiming measure(Runnable run, int warmups, int minRuns, double minSeconds, int maxRuns) {
        for (int i = 0; i < warmups; i++) {
            run.run();
        }
        double[] millis = new double[Math.max(minRuns, 16)];
        int n = 0;
        long begin = System.nanoTime();
        while (n < maxRuns && (n < minRuns || (System.nanoTime() - begin) / 1e9 < minSeconds)) {
            long start = System.nanoTime();
            run.run();
            if (n == millis.length) {
                millis = Arrays.copyOf(millis, millis.length * 2);
            }
            millis[n++] = (System.nanoTime() - start) / 1e6;
        }
        return new BenchTiming(Arrays.copyOf(millis, n));
    }
}
