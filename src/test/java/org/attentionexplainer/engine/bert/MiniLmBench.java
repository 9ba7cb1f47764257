package org.attentionexplainer.engine.bert;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import org.attentionexplainer.engine.Backends;
import org.attentionexplainer.engine.text.Encoding;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Prints the model's load time and the forward time at 16 and 128 tokens, next to ONNX
 * Runtime's on the same ids. Left out of the default run; run it with
 * {@code ./mvnw -o test -Dtest=MiniLmBench -Dsurefire.excludedGroups=none}.
 */
@Tag("bench")
class MiniLmBench {
    private static final String TEXT_16 = "The quick brown fox jumps over the lazy dog near the river bank.";
    private static final int RUNS = 20;

    @Test
    void loadAndForward() throws Exception {
        long ndStart = Backends.warmUp();
        long start = System.nanoTime();
        MiniLmModel model = MiniLmModel.load(f -> { });
        double loadMs = (System.nanoTime() - start) / 1e6;
        System.out.printf("MiniLM bench on %s, %d cores, load average %.1f; ND4J start %d ms%n",
                model.encoder().backend(), Runtime.getRuntime().availableProcessors(),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), ndStart);
        System.out.printf("load: %.0f ms (read 90 MB ONNX + tokenizer, weights into ND4J)%n", loadMs);
        try (OnnxRuntimeReference ort = new OnnxRuntimeReference(List.of())) {
            forwardTimes(model, ort, "default threads");
            // On a busy machine ND4J's worker threads wait for each other on every small op;
            // one thread, like ONNX Runtime here, shows the arithmetic alone.
            Nd4j.getEnvironment().setMaxMasterThreads(1);
            Nd4j.getEnvironment().setMaxThreads(1);
            Nd4j.factory().blas().setMaxThreads(1);
            forwardTimes(model, ort, "1 thread");
        }
        assertEquals(16, model.tokenizer().encode(TEXT_16).size());
    }

    private static void forwardTimes(MiniLmModel model, OnnxRuntimeReference ort, String threads) {
        for (String text : List.of(TEXT_16, MiniLmOnnxRuntimeTest.PARAGRAPH_128)) {
            Encoding e = model.tokenizer().encode(text);
            long[][] ids = {Arrays.stream(e.ids()).asLongStream().toArray()};
            Runnable engine = () -> model.encoder().forward(List.of(e), WhatIf.TRAINED);
            Runnable reference = () -> {
                try {
                    ort.run(ids, new int[] {e.size()});
                } catch (ai.onnxruntime.OrtException ex) {
                    throw new IllegalStateException(ex);
                }
            };
            double[] ours = timesMs(engine, false);
            double[] theirs = timesMs(reference, false);
            double[] tokenize = timesMs(() -> model.tokenizer().encode(text), false);
            System.out.printf("forward at %d tokens, wall median / best of %d: engine (ND4J %s) %.1f / %.1f ms, "
                    + "ONNX Runtime (1 thread) %.1f / %.1f ms; tokenizer %.2f ms%n",
                    e.size(), RUNS, threads, ours[RUNS / 2], ours[0], theirs[RUNS / 2], theirs[0], tokenize[RUNS / 2]);
            if (threads.equals("1 thread")) {
                // With one thread the work runs on the calling thread: its CPU time does not
                // grow when other programs take the cores.
                double[] oursCpu = timesMs(engine, true);
                double[] theirsCpu = timesMs(reference, true);
                System.out.printf("forward at %d tokens, CPU time median of %d: engine %.1f ms, ONNX Runtime %.1f ms%n",
                        e.size(), RUNS, oursCpu[RUNS / 2], theirsCpu[RUNS / 2]);
            }
        }
    }

    /** {@link #RUNS} timed runs after five untimed ones, in milliseconds, fastest first. */
    private static double[] timesMs(Runnable r, boolean cpuTime) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int i = 0; i < 5; i++) {
            r.run();
        }
        double[] ms = new double[RUNS];
        for (int i = 0; i < RUNS; i++) {
            long s = cpuTime ? threads.getCurrentThreadCpuTime() : System.nanoTime();
            r.run();
            ms[i] = ((cpuTime ? threads.getCurrentThreadCpuTime() : System.nanoTime()) - s) / 1e6;
        }
        Arrays.sort(ms);
        return ms;
    }
}
