package org.attentionexplainer.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.BlasProbe;
import org.attentionexplainer.engine.Tensor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench}: times one attention forward (every intermediate kept, as the app shows them)
 * at several lengths, the worked example a learner drags sliders on, and the machine's
 * matrix-product rate; prints a table, or tab-separated rows for tools/bench/compare.sh.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Time the attention forward at several lengths and the machine's SGEMM rate.")
public final class BenchCommand implements Callable<Integer> {
    enum Format { TABLE, TSV }

    @Option(names = "--lengths", split = ",", defaultValue = "16,128,512,1024,2048", paramLabel = "T,...",
            description = "sequence lengths (default: ${DEFAULT-VALUE})")
    int[] lengths;

    @Option(names = "--d-model", defaultValue = "768", description = "model width (default: ${DEFAULT-VALUE})")
    int dModel;

    @Option(names = "--heads", defaultValue = "12", description = "heads (default: ${DEFAULT-VALUE})")
    int heads;

    @Option(names = "--causal", description = "mask future keys, as a decoder does")
    boolean causal;

    @Option(names = "--min-runs", defaultValue = "10", description = "timed runs per case at least")
    int minRuns;

    @Option(names = "--min-seconds", defaultValue = "2", description = "seconds per case at least")
    double minSeconds;

    @Option(names = "--warmup-seconds", defaultValue = "3",
            description = "untimed seconds before each case (default: ${DEFAULT-VALUE}); Java's JIT is still compiling"
                    + " the engine in the first seconds (at 512 tokens: 1 s of warm-up timed 15 %% slower than 4 s)")
    double warmupSeconds;

    @Option(names = "--gemm", defaultValue = "2048", paramLabel = "N",
            description = "size of the square SGEMM that measures the machine's limit; 0 skips it")
    int gemmSize;

    @Option(names = "--interactive", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "time the worked example too (default: ${DEFAULT-VALUE})")
    boolean interactive;

    @Option(names = "--format", defaultValue = "table", description = "table or tsv")
    String format;

    @Spec
    CommandSpec commandSpec;

    private final Supplier<AttentionEngine> engines;

    public BenchCommand(Supplier<AttentionEngine> engines) {
        this.engines = engines;
    }

    @Override
    public Integer call() {
        PrintWriter out = commandSpec.commandLine().getOut();
        PrintWriter err = commandSpec.commandLine().getErr();
        String problem = checkOptions();
        if (problem != null) {
            err.println("bench: " + problem);
            return ExitCodes.BAD_INPUT;
        }
        boolean tsv = format.equalsIgnoreCase("tsv");
        long start = System.nanoTime();
        AttentionEngine engine = engines.get();
        double startupMs = (System.nanoTime() - start) / 1e6;
        if (tsv) {
            out.println("case\tseq\truns\tmedian_ms\tp25_ms\tp75_ms\tmin_ms\tgflop\tgflops\tcpu_ms");
        } else {
            start = System.nanoTime();
            engine.compute(BenchWorkloads.multiHead(512, dModel, heads, causal, 512));
            printHeader(out, engine, startupMs, (System.nanoTime() - start) / 1e6);
        }
        double forward512 = Double.NaN;
        StringBuilder memory = new StringBuilder();
        for (int t : lengths) {
            AttentionSpec spec = BenchWorkloads.multiHead(t, dModel, heads, causal, t);
            BenchTiming timing = BenchTiming.measure(() -> engine.compute(spec), 2, warmupSeconds, minRuns, minSeconds,
                    100_000);
            double gflop = BenchWorkloads.multiHeadFlops(t, dModel, heads) / 1e9;
            row(out, tsv, "mha", t, timing, gflop);
            if (t == 512) {
                forward512 = gflop / (timing.median() / 1e3);
            }
            memory.append(memoryRow(t, engine.compute(spec)));
            out.flush();
        }
        if (interactive) {
            AttentionSpec hello = BenchWorkloads.helloShinySun();
            AttentionSpec[] sliderSteps = {hello, hello.toBuilder().temperature(0.5).build()};
            int[] step = {0};
            BenchTiming timing = BenchTiming.measure(() -> engine.compute(sliderSteps[step[0]++ & 1]),
                    200, Math.min(warmupSeconds, 1), 1000, Math.min(minSeconds, 1), 1_000_000);
            row(out, tsv, "hello", 3, timing, BenchWorkloads.helloShinySunFlops() / 1e9);
        }

        BlasProbe.GemmTiming gemm = gemmSize > 0 ? BlasProbe.sgemm(gemmSize, Math.max(5, minRuns / 2)) : null;
        if (gemm != null && tsv) {
            row(out, true, "sgemm", gemmSize, BenchTiming.ofWallClock(gemm.millis()),
                    2.0 * gemmSize * gemmSize * gemmSize / 1e9);
        }
        if (!tsv) {
            printFooter(out, gemm, forward512, memory);
        }
        out.flush();
        return ExitCodes.OK;
    }

    private String checkOptions() {
        if (!format.equalsIgnoreCase("table") && !format.equalsIgnoreCase("tsv")) {
            return "--format must be table or tsv, got " + format;
        }
        if (dModel < 1 || heads < 1 || dModel % heads != 0) {
            return "--heads " + heads + " must divide --d-model " + dModel;
        }
        for (int t : lengths) {
            if (t < 1) {
                return "--lengths must be positive, got " + t;
            }
        }
        if (minRuns < 1 || !(minSeconds >= 0) || gemmSize < 0 || !(warmupSeconds >= 0)) {
            return "--min-runs must be at least 1, --min-seconds, --warmup-seconds and --gemm at least 0";
        }
        return null;
    }

    private void printHeader(PrintWriter out, AttentionEngine engine, double startupMs, double firstForwardMs) {
        Runtime rt = Runtime.getRuntime();
        out.printf(Locale.ROOT, "Attention forward: batch 1, d_model %d, %d heads, fused QKV + output projection,"
                + " float32%s; every intermediate kept%n", dModel, heads, causal ? ", causal" : "");
        out.printf(Locale.ROOT, "engine: %s, threads: %s, %d cores, Java %s, max heap %.1f GiB%n",
                engine.backend(), BlasProbe.threads(), rt.availableProcessors(),
                System.getProperty("java.version"), rt.maxMemory() / (double) (1L << 30));
        out.printf(Locale.ROOT, "kernels: %s%n", BlasProbe.kernels());
        out.printf(Locale.ROOT, "ND4J start-up (first use to ready): %.0f ms; first forward at seq 512: %.0f ms%n%n",
                startupMs, firstForwardMs);
        out.printf(Locale.ROOT, "%-6s %5s %6s %10s %21s %10s %8s %8s %10s%n",
                "case", "seq", "runs", "median ms", "p25-p75 ms", "min ms", "GFLOP", "GFLOP/s", "CPU ms");
    }

    private static void row(PrintWriter out, boolean tsv, String name, int seq, BenchTiming t, double gflop) {
        double rate = gflop / (t.median() / 1e3);
        if (tsv) {
            out.printf(Locale.ROOT, "%s\t%d\t%d\t%.4f\t%.4f\t%.4f\t%.4f\t%.6g\t%.2f\t%.4f%n", name, seq, t.runs(),
                    t.median(), t.quantile(0.25), t.quantile(0.75), t.min(), gflop, rate, t.cpuMean());
        } else {
            out.printf(Locale.ROOT, "%-6s %5d %6d %10s %21s %10s %8.3f %8.1f %10s%n", name, seq, t.runs(),
                    ms(t.median()), ms(t.quantile(0.25)) + " - " + ms(t.quantile(0.75)), ms(t.min()), gflop, rate,
                    Double.isNaN(t.cpuMean()) ? "-" : ms(t.cpuMean()));
        }
    }

    private static String ms(double millis) {
        return String.format(Locale.ROOT, millis < 1 ? "%.4f" : millis < 100 ? "%.2f" : "%.0f", millis);
    }

    private String memoryRow(int t, AttentionTrace trace) {
        Set<Tensor> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        long traceBytes = 0;
        // steps with equal values share one tensor in the trace: count each once
        for (Tensor x : new Tensor[] {trace.q(), trace.k(), trace.v(), trace.scores(), trace.mask(),
                trace.logits(), trace.weights(), trace.heads(), trace.context(), trace.output(), trace.result()}) {
            if (seen.add(x)) {
                traceBytes += 4L * x.size();
            }
        }
        return String.format(Locale.ROOT, "%5d %12s %14s%n", t, mib(BenchWorkloads.mapBytes(t, heads)), mib(traceBytes));
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
    }

    private void printFooter(PrintWriter out, BlasProbe.GemmTiming gemm, double forward512, StringBuilder memory) {
        if (gemm != null) {
            double rate = gemm.gflops(gemm.medianMillis());
            out.printf(Locale.ROOT, "%nMachine limit: SGEMM %d^3 through ND4J's BLAS: median %s ms = %.1f GFLOP/s"
                    + " (best %.1f)%n", gemm.n(), ms(gemm.medianMillis()), rate, gemm.gflops(gemm.bestMillis()));
            if (!Double.isNaN(forward512)) {
                out.printf(Locale.ROOT, "Forward at seq 512: %.1f GFLOP/s = %.0f%% of the SGEMM rate%n",
                        forward512, 100 * forward512 / rate);
            }
        }
        out.printf(Locale.ROOT, "%nMemory (float32): one (1, %d, t, t) map; the trace keeps scores, logits and"
                + " weights, plus the (1, t, t) mask and the small tensors%n", heads);
        out.printf(Locale.ROOT, "%5s %12s %14s%n", "seq", "one map", "trace (heap)");
        out.print(memory);
        Runtime rt = Runtime.getRuntime();
        out.printf(Locale.ROOT, "process peak resident memory: %s; heap in use now: %s of max %s%n", peakRss(),
                mib(rt.totalMemory() - rt.freeMemory()), mib(rt.maxMemory()));
    }

    /** VmHWM from /proc on Linux, else "n/a". */
    private static String peakRss() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return mib(Long.parseLong(line.replaceAll("\\D", "")) * 1024);
                }
            }
        } catch (IOException | RuntimeException e) {
            return "n/a";
        }
        return "n/a";
    }
}
