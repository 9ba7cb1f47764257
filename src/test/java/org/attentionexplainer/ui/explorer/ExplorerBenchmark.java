package org.attentionexplainer.ui.explorer;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.attentionexplainer.ui.MemorySettings;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Backends;
import org.attentionexplainer.render.FigureLayout;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.BackgroundWork;
import org.attentionexplainer.ui.shell.Settings;
import org.attentionexplainer.ui.theme.Theme;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;

/**
 * How fast the explorer answers a slider: not a unit test (it asserts nothing about time),
 * a repeatable measurement. Run it alone:
 *
 * <pre>OMP_NUM_THREADS=1 ./mvnw -B -o test -Dtest=ExplorerBenchmark -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dtest.heap=1g -Dsurefire.excludedGroups=none</pre>
 *
 * <p>{@code -Dbench.cases=32,512} runs only the cases of those token counts; {@code -Dhisto=true} writes
 * a class histogram of each case's live heap to /tmp/histo-TOKENS.txt, {@code -Dheapdump=true} a heap
 * dump to /tmp/heap-TOKENS.hprof (to see what keeps the live heap).
 *
 * <p>For each model it drags the temperature over 200 steps from 1 to 0.05 in two ways.
 * Step by step: each change waits for its picture; the time is from the property change to
 * the end of the layout pass of the pulse that painted the new picture (the canvas commands
 * are then handed to the renderer), and whether that pulse was the first after the change
 * (the picture "within one frame": as pulses come every 16.7 ms whatever happens, the time
 * includes a wait of 0 to 16.7 ms for the next one, 8 ms on average). A fast drag: one change every 16 ms whatever happens;
 * the time of each change is until the first picture that includes it (newer settings
 * include older ones), and a probe measures how long the FX thread could not answer.
 * The real worker thread computes, as in the app; the grid of all heads is shown.
 */
class ExplorerBenchmark {
    private static final int STEPS = 200;

    private record Case(String name, int tokens, int heads, int dModel) {
    }

    @Test
    void sliderSteps() throws Exception {
        Stage stage = FxToolkit.registerPrimaryStage();
        ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "attention-worker");
            t.setDaemon(true);
            return t;
        });
        Backends.warmUp();
        AppContext context = new AppContext(new I18n(Locale.ENGLISH), BackgroundWork.forApp(worker),
                CompletableFuture.completedFuture(new AttentionEngine()), new MemorySettings());
        System.out.println("backend: " + context.engine().join().backend() + ", cores: "
                + Runtime.getRuntime().availableProcessors() + ", max heap: "
                + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB");
        String only = System.getProperty("bench.cases", "");
        for (Case c : List.of(new Case("classroom", 32, 8, 256), new Case("12 heads x 128 tokens", 128, 12, 768),
                new Case("12 heads x 512 tokens", 512, 12, 768))) {
            if (only.isEmpty() || only.contains(String.valueOf(c.tokens()))) {
                run(stage, context, c);
            }
        }
        worker.shutdownNow();
    }

    private void run(Stage stage, AppContext context, Case c) throws Exception {
        liveHeap();
        HeapSampler heap = new HeapSampler();
        ExplorerViewModel[] vm = new ExplorerViewModel[1];
        HeatmapControl[] heatmap = new HeatmapControl[1];
        FxToolkit.setupFixture(() -> {
            vm[0] = new ExplorerViewModel(context);
            ExplorerView view = new ExplorerView(vm[0], context.i18n(), ExplorerActions.create(context, vm[0].maps(),
                    vm[0].sessions(), vm[0]::showInfo));
            Scene scene = new Scene(view.createView(), 1200, 760);
            scene.getStylesheets().setAll(Theme.base(), Theme.LIGHT.stylesheet());
            stage.setScene(scene);
            stage.show();
            heatmap[0] = (HeatmapControl) scene.lookup("#explorer-heatmap");
            vm[0].dModelProperty().set(c.dModel());
            vm[0].headsProperty().set(c.heads());
            vm[0].sentenceProperty().set(sentence(c.tokens()));
        });
        waitFor(() -> {
            AttentionTrace t = vm[0].traceProperty().get();
            return t != null && t.queryLength() == c.tokens() && t.headCount() == c.heads()
                    && heatmap[0].shownProperty().get() != null;
        });
        double[] temps = new double[STEPS];
        for (int i = 0; i < STEPS; i++) {
            temps[i] = Math.pow(0.05, (i + 1.0) / STEPS);
        }
        for (int i = 0; i < 10; i++) {
            stepAndWait(vm[0], heatmap[0], 1.0 - 0.01 * (i + 1));
        }
        double[] latency = new double[STEPS];
        double[] compute = new double[STEPS];
        int firstFrame = 0;
        long cpu0 = processCpuNanos();
        long allocated0 = allocatedBytes();
        for (int i = 0; i < STEPS; i++) {
            double[] split = stepAndWait(vm[0], heatmap[0], temps[i]);
            latency[i] = split[0];
            compute[i] = split[1];
            firstFrame += split[2] <= 1 ? 1 : 0;
        }
        double cpuPerStep = (processCpuNanos() - cpu0) / 1e6 / STEPS;
        double allocatedPerStep = (allocatedBytes() - allocated0) / (double) (1 << 20) / STEPS;
        FastDrag drag = fastDrag(vm[0], heatmap[0], temps);
        long peak = heap.stop();
        long live = liveHeap();
        if (Boolean.getBoolean("histo")) {
            new ProcessBuilder("jcmd", String.valueOf(ProcessHandle.current().pid()), "GC.class_histogram")
                    .redirectOutput(new java.io.File("/tmp/histo-" + c.tokens() + ".txt")).start().waitFor();
        }
        if (Boolean.getBoolean("heapdump")) {
            java.nio.file.Path dump = java.nio.file.Path.of("/tmp/heap-" + c.tokens() + ".hprof");
            java.nio.file.Files.deleteIfExists(dump);
            new ProcessBuilder("jcmd", String.valueOf(ProcessHandle.current().pid()), "GC.heap_dump", dump.toString())
                    .inheritIO().start().waitFor();
        }
        System.out.printf(Locale.ROOT, "%-22s step by step: median %.1f ms, p95 %.1f ms, max %.1f ms"
                        + " (of which until the trace: median %.1f ms); in the first frame after the change:"
                        + " %d of %d; CPU time of all threads per step %.1f ms, allocated per step %.1f MiB%n", c.name(),
                pct(latency, 50), pct(latency, 95), pct(latency, 100), pct(compute, 50), firstFrame, STEPS, cpuPerStep,
                allocatedPerStep);
        System.out.printf(Locale.ROOT, "%-22s fast drag (16 ms apart): %d pictures for %d changes, change to picture"
                        + " median %.1f ms, p95 %.1f ms, max %.1f ms; FX thread longest unresponsive %.1f ms;"
                        + " heap used: highest sampled %d MiB of %d MiB max, live after GC %d MiB%n", c.name(),
                drag.pictures, STEPS, pct(drag.latency, 50), pct(drag.latency, 95), pct(drag.latency, 100),
                drag.maxStall, peak / (1 << 20), Runtime.getRuntime().maxMemory() / (1 << 20), live / (1 << 20));
        FxToolkit.setupFixture(() -> stage.setScene(new Scene(new javafx.scene.layout.Pane(), 10, 10)));
    }

    /** Sets T on the FX thread and returns {ms to the painted pulse, ms until the trace arrived}. */
    private double[] stepAndWait(ExplorerViewModel vm, HeatmapControl heatmap, double t) throws Exception {
        CompletableFuture<double[]> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            long t0 = System.nanoTime();
            long[] traced = new long[1];
            int[] pulses = new int[1];
            Runnable countPulses = () -> pulses[0]++;
            heatmap.getScene().addPostLayoutPulseListener(countPulses);
            javafx.beans.value.ChangeListener<AttentionTrace> onTrace = (o, a, b) -> traced[0] = System.nanoTime();
            vm.traceProperty().addListener(onTrace);
            javafx.beans.value.ChangeListener<FigureLayout> onShown = new javafx.beans.value.ChangeListener<>() {
                @Override
                public void changed(javafx.beans.value.ObservableValue<? extends FigureLayout> o, FigureLayout a,
                                    FigureLayout b) {
                    AttentionTrace tr = vm.traceProperty().get();
                    if (b == null || tr == null || tr.spec().temperature() != t) {
                        return;
                    }
                    heatmap.shownProperty().removeListener(this);
                    vm.traceProperty().removeListener(onTrace);
                    Scene scene = heatmap.getScene();
                    Runnable[] after = new Runnable[1];
                    after[0] = () -> {
                        scene.removePostLayoutPulseListener(after[0]);
                        scene.removePostLayoutPulseListener(countPulses);
                        done.complete(new double[] {(System.nanoTime() - t0) / 1e6, (traced[0] - t0) / 1e6,
                                pulses[0]});
                    };
                    scene.addPostLayoutPulseListener(after[0]);
                }
            };
            heatmap.shownProperty().addListener(onShown);
            vm.controls().temperatureProperty().set(t);
        });
        try {
            return done.get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            CompletableFuture<String> said = new CompletableFuture<>();
            Platform.runLater(() -> said.complete("no picture of T = " + t + " in 30 s; the explorer says: \""
                    + vm.messageProperty().get() + "\", showing T = "
                    + (vm.traceProperty().get() == null ? null : vm.traceProperty().get().spec().temperature())));
            throw new AssertionError(said.get(10, TimeUnit.SECONDS), e);
        }
    }

    private record FastDrag(double[] latency, int pictures, double maxStall) {
    }

    private FastDrag fastDrag(ExplorerViewModel vm, HeatmapControl heatmap, double[] upward) throws Exception {
        double[] temps = new double[STEPS];
        for (int i = 0; i < STEPS; i++) {
            temps[i] = upward[STEPS - 1 - i] * 1.0001;
        }
        long[] sent = new long[STEPS];
        long[] shown = new long[STEPS];
        int[] pictures = new int[1];
        CompletableFuture<Void> allShown = new CompletableFuture<>();
        Platform.runLater(() -> heatmap.shownProperty().addListener((o, a, b) -> {
            AttentionTrace tr = vm.traceProperty().get();
            if (b == null || tr == null) {
                return;
            }
            pictures[0]++;
            long now = System.nanoTime();
            for (int i = 0; i < STEPS; i++) {
                if (sent[i] != 0 && shown[i] == 0 && temps[i] <= tr.spec().temperature()) {
                    shown[i] = now;
                }
            }
            if (shown[STEPS - 1] != 0) {
                allShown.complete(null);
            }
        }));
        double[] maxStall = new double[1];
        Thread probe = new Thread(() -> {
            while (!allShown.isDone()) {
                long asked = System.nanoTime();
                CompletableFuture<Void> answered = new CompletableFuture<>();
                Platform.runLater(() -> answered.complete(null));
                answered.join();
                maxStall[0] = Math.max(maxStall[0], (System.nanoTime() - asked) / 1e6);
                sleep(4);
            }
        });
        probe.setDaemon(true);
        probe.start();
        for (int i = 0; i < STEPS; i++) {
            int k = i;
            Platform.runLater(() -> {
                sent[k] = System.nanoTime();
                vm.controls().temperatureProperty().set(temps[k]);
            });
            sleep(16);
        }
        allShown.get(60, TimeUnit.SECONDS);
        probe.join();
        double[] latency = new double[STEPS];
        for (int i = 0; i < STEPS; i++) {
            latency[i] = (shown[i] - sent[i]) / 1e6;
        }
        return new FastDrag(latency, pictures[0], maxStall[0]);
    }

    /**
     * The heap in use, sampled every 2 ms while a case runs: its highest value is the memory
     * the explorer needed at once (the sum of each pool's own peak would add peaks of
     * different moments).
     */
    private static final class HeapSampler {
        private volatile boolean running = true;
        private volatile long peak;
        private final Thread thread;

        HeapSampler() {
            thread = new Thread(() -> {
                while (running) {
                    peak = Math.max(peak, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
                    sleep(2);
                }
            }, "heap-sampler");
            thread.setDaemon(true);
            thread.start();
        }

        long stop() throws InterruptedException {
            running = false;
            thread.join();
            return peak;
        }
    }

    /** Bytes allocated on the heap so far by the threads alive now (the worker, the FX thread, the pool's). */
    private static long allocatedBytes() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (long bytes : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            sum += Math.max(0, bytes);
        }
        return sum;
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /**
     * The heap in use after two full collections. System.gc() does nothing while native code
     * holds a Java array (G1's "GCLocker": JavaFX's software renderer does at every pulse), so
     * it is asked again until the full collections have run; without that the "live" heap read
     * was at times the heap in use, garbage and all (369 and 379 MiB for 126-168 MiB live).
     */
    private static long liveHeap() {
        java.lang.management.GarbageCollectorMXBean full = ManagementFactory.getGarbageCollectorMXBeans().stream()
                .filter(b -> b.getName().contains("Old") || b.getName().contains("MarkSweep")).findFirst()
                .orElse(null);
        for (int done = 0, tries = 0; done < 2 && tries < 400; tries++) {
            long before = full == null ? 0 : full.getCollectionCount();
            System.gc();
            if (full == null || full.getCollectionCount() > before) {
                done++;
            } else {
                sleep(5);
            }
        }
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }

    private static String sentence(int tokens) {
        String[] words = {"the", "teacher", "drags", "a", "slider", "and", "every", "head", "answers", "at", "once"};
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < tokens; i++) {
            sb.append(words[i % words.length]).append(i % 7 == 6 ? i : "").append(' ');
        }
        return sb.toString();
    }

    private static double pct(double[] v, double p) {
        double[] s = v.clone();
        Arrays.sort(s);
        int i = (int) Math.ceil(p / 100 * s.length) - 1;
        return s[Math.max(0, Math.min(s.length - 1, i))];
    }

    private static void waitFor(java.util.function.BooleanSupplier condition) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            CompletableFuture<Boolean> ok = new CompletableFuture<>();
            Platform.runLater(() -> ok.complete(condition.getAsBoolean()));
            if (ok.get()) {
                return;
            }
            if (System.nanoTime() > end) {
                throw new AssertionError("the explorer did not show the model in time");
            }
            sleep(20);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
