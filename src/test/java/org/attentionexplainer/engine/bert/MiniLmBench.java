package org.attentionexplainer.engine.bert;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.attentionexplainer.engine.Backends;
import org.attentionexplainer.engine.text.Encoding;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

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
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), ndStart);
        System.out.printf("load: %.0f ms (read 90 MB ONNX + tokenizer, weights into ND4J)%n", loadMs);
        try (OnnxRuntimeReference ort = new OnnxRuntimeReference(List.of())) {
            for (String text : List.of(TEXT_16, MiniLmOnnxRuntimeTest.PARAGRAPH_128)) {
                Encoding e = model.tokenizer().encode(text);
                long[][] ids = {Arrays.stream(e.ids()).asLongStream().toArray()};
                double[] ours = timesMs(() -> model.encoder().forward(List.of(e), WhatIf.TRAINED));
                double[] theirs = timesMs(() -> {
                    try {
                        ort.run(ids, new int[] {e.size()});
                    } catch (ai.onnxruntime.OrtException ex) {
                        throw new IllegalStateException(ex);
                    }
                });
                double[] tokenize = timesMs(() -> model.tokenizer().encode(text));
                System.out.printf("forward at %d tokens (median / best of %d): engine %.1f / %.1f ms with every "
                        + "step of all 6x12 heads kept; ONNX Runtime (1 thread) %.1f / %.1f ms; tokenizer %.2f ms%n",
                        e.size(), RUNS, ours[RUNS / 2], ours[0], theirs[RUNS / 2], theirs[0], tokenize[RUNS / 2]);
            }
        }
        assertEquals(16, model.tokenizer().encode(TEXT_16).size());
    }

    /** {@link #RUNS} timed runs after five untimed ones, in milliseconds, fastest first. */
    private static double[] timesMs(Runnable r) {
        for (int i = 0; i < 5; i++) {
            r.run();
        }
        double[] ms = new double[RUNS];
        for (int i = 0; i < RUNS; i++) {
            long s = System.nanoTime();
            r.run();
            ms[i] = (System.nanoTime() - s) / 1e6;
        }
        Arrays.sort(ms);
        return ms;
    }
}
