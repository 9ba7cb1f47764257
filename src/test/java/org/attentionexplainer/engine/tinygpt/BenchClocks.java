package org.attentionexplainer.engine.tinygpt;

import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The clocks and small statistics of {@link TinyGptTrainingBench}. */
final class BenchClocks {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final OperatingSystemMXBean OS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    /** Linux's USER_HZ, the unit of the CPU times in /proc/PID/task/TID/stat: 100 on every common build. */
    private static final long NANOS_PER_TICK = 10_000_000L;

    private BenchClocks() {
    }

    /** The calling thread's CPU time in nanoseconds. */
    static long threadCpu() {
        return THREADS.getCurrentThreadCpuTime();
    }

    /** The whole process's CPU time (all threads: the JIT's and the collector's too) in nanoseconds. */
    static long processCpu() {
        return OS.getProcessCpuTime();
    }

    static double load() {
        return OS.getSystemLoadAverage();
    }

    /**
     * The CPU time of the JVM's own threads so far, by kind ("JIT compilers", "garbage collector",
     * "other"), read from /proc (Linux): the JIT's compiler threads are invisible to ThreadMXBean.
     * Empty where /proc cannot be read.
     */
    static Map<String, Long> jvmThreadsCpu() {
        Map<String, Long> byKind = new TreeMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                String name = Files.readString(task.resolve("comm")).trim();
                String stat = Files.readString(task.resolve("stat"));
                // fields after the ")" that closes the name: utime is the 12th, stime the 13th
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                long nanos = (Long.parseLong(f[11]) + Long.parseLong(f[12])) * NANOS_PER_TICK;
                String kind = name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler") ? "JIT compilers"
                        : name.startsWith("GC Thread") || name.startsWith("G1") ? "garbage collector" : null;
                if (kind != null) {
                    byKind.merge(kind, nanos, Long::sum);
                }
            }
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
        return byKind;
    }

    /** Nearest-rank percentile {@code p} (0 to 100) of {@code values}, in the values' unit. */
    static double percentile(long[] values, double p) {
        if (values.length == 0) {
            return Double.NaN;
        }
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    static double mean(long[] values) {
        return values.length == 0 ? Double.NaN : Arrays.stream(values).average().orElse(Double.NaN);
    }

    static long sum(long[] values) {
        return Arrays.stream(values).sum();
    }
}
