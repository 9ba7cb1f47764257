package org.attentionexplainer.engine.bert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.onnxruntime.OrtException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.attentionexplainer.engine.Backends;
import org.attentionexplainer.engine.ForwardBlocks;
import org.attentionexplainer.engine.text.Encoding;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The real model's forward against ONNX Runtime on the same ONNX graph: {@code MiniLmModel.run}
 * (tokenizer, all six layers, every head's weights kept, its scores and logits made when read)
 * against ONNX Runtime computing the last hidden state alone from the same ids. The two alternate within
 * each round (who goes first alternates too), so both see the same load; each round times
 * {@code bench.runs} forwards of each after a warm-up, and the table gives the medians over the
 * rounds of the wall time and of the process's CPU time per forward, and the ratio ONNX Runtime /
 * engine of the wall times (above 1: the engine is faster), then what reading the scores costs a view and
 * what tokenizing the text costs (the engine's time includes it, ONNX Runtime's does not). Left out of the
 * default run:
 *
 * <pre>
 * ./mvnw -B -o test -Dtest=MiniLmBench -Dsurefire.excludedGroups=none \
 *     [-Dbench.lengths=16,128,512] [-Dbench.rounds=5] [-Dbench.runs=10] [-Dbench.ortThreads=0] [-Dtest.heap=6g]
 * </pre>
 *
 * {@code bench.ortThreads} 0 leaves ONNX Runtime its own choice (a thread per physical core).
 */
@Tag("bench")
class MiniLmBench {
    private static final String WORDS = MiniLmOnnxRuntimeTest.PARAGRAPH_128;

    private static long physicalMemory() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getTotalMemorySize();
    }

    @Test
    void forwardAgainstOnnxRuntime() throws Exception {
        int[] lengths = Arrays.stream(System.getProperty("bench.lengths", "16,128,512").split(","))
                .mapToInt(s -> Integer.parseInt(s.trim())).toArray();
        int rounds = Integer.getInteger("bench.rounds", 5);
        int runs = Integer.getInteger("bench.runs", 10);
        int ortThreads = Integer.getInteger("bench.ortThreads", 0);

        long ndStart = Backends.warmUp();
        long start = System.nanoTime();
        MiniLmModel model = MiniLmModel.load(f -> { });
        double loadMs = (System.nanoTime() - start) / 1e6;
        System.out.printf("MiniLM forward against ONNX Runtime: %s, row passes %s, %d cores, load average %.1f "
                        + "at the start; ND4J start %d ms, model load %.0f ms%n",
                model.encoder().backend(), ForwardBlocks.rowMath(), Runtime.getRuntime().availableProcessors(),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), ndStart, loadMs);
        System.out.printf("%d rounds of %d forwards each; ONNX Runtime intra-op threads: %s; Java heap at most %.1f GiB "
                        + "(-Dtest.heap; the packaged app takes a quarter of RAM, %.1f GiB here)%n", rounds, runs,
                ortThreads == 0 ? "its default" : String.valueOf(ortThreads),
                Runtime.getRuntime().maxMemory() / (double) (1L << 30), physicalMemory() / 4.0 / (1L << 30));

        List<String> rows = new ArrayList<>();
        List<String> made = new ArrayList<>();
        try (OnnxRuntimeReference ort = new OnnxRuntimeReference(List.of(), ortThreads)) {
            for (int length : lengths) {
                String text = textOf(model, length);
                Encoding e = model.tokenizer().encode(text);
                assertEquals(length, e.size());
                long[][] ids = {Arrays.stream(e.ids()).asLongStream().toArray()};
                int[] sizes = {e.size()};
                Runnable engine = () -> model.run(text);
                Runnable reference = () -> {
                    try {
                        ort.run(ids, sizes);
                    } catch (OrtException ex) {
                        throw new IllegalStateException(ex);
                    }
                };
                double worst = worstDifference(model.run(text), ort.run(ids, sizes));
                assertTrue(worst < 1e-4, "the engine differs from ONNX Runtime by " + worst);
                warmUp(engine, reference);
                double[] ours = new double[rounds];
                double[] theirs = new double[rounds];
                double[] oursCpu = new double[rounds];
                double[] theirsCpu = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    for (int side = 0; side < 2; side++) {
                        if ((side + r) % 2 == 0) {
                            double[] t = timesMs(engine, runs);
                            ours[r] = t[0];
                            oursCpu[r] = t[1];
                        } else {
                            double[] t = timesMs(reference, runs);
                            theirs[r] = t[0];
                            theirsCpu[r] = t[1];
                        }
                    }
                }
                StringBuilder each = new StringBuilder();
                for (int r = 0; r < rounds; r++) {
                    each.append(r == 0 ? "" : ", ").append(String.format("%.2f", theirs[r] / ours[r]));
                }
                double a = median(ours);
                double b = median(theirs);
                rows.add(String.format("| %d | %.1f | %.1f | %.1f | %.1f | %.2f (%s) | %.1e |", length, a, median(oursCpu),
                        b, median(theirsCpu), b / a, each, worst));
                made.add(scoresWhenRead(model, text, length));
                double[] tok = timesMs(() -> model.tokenizer().encode(text), 200);
                made.add(String.format("%d tokens: tokenizing the text %.3f ms", length, tok[0]));
            }
        }
        System.out.println("| tokens | engine ms, all maps kept | engine CPU ms | ONNX Runtime ms, last hidden state "
                + "| ONNX Runtime CPU ms | ONNX Runtime / engine (each round) | largest difference |");
        System.out.println("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        rows.forEach(System.out::println);
        made.forEach(System.out::println);
        System.out.printf("load average at the end: %.1f%n",
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    /** A text of exactly {@code length} tokens, [CLS] and [SEP] included: the paragraph's words, repeated as needed. */
    static String textOf(MiniLmModel model, int length) {
        String[] words = WORDS.split(" ");
        StringBuilder text = new StringBuilder();
        for (int i = 0; ; i++) {
            String next = text.length() == 0 ? words[0] : text + " " + words[i % words.length];
            int size = model.tokenizer().encode(next).size();
            if (size > length) {
                break;
            }
            text.setLength(0);
            text.append(next);
            if (size == length) {
                return next;
            }
        }
        // the next word made too many tokens: fill up with one-token words
        while (model.tokenizer().encode(text.toString()).size() < length) {
            text.append(" a");
        }
        return text.toString();
    }

    /** The largest difference of the last hidden states. */
    private static double worstDifference(EncoderTrace trace, OnnxRuntimeReference.Result expected) {
        double worst = 0;
        for (int i = 0; i < trace.tokenCount(0); i++) {
            float[] row = trace.lastHidden().row(0, i);
            for (int j = 0; j < row.length; j++) {
                worst = Math.max(worst, Math.abs(row[j] - expected.lastHidden()[0][i][j]));
            }
        }
        return worst;
    }

    /**
     * Both sides in turn for three seconds and at least 30 times, so that Java's JIT has compiled
     * the engine before the timed runs (on a busy machine three seconds are little CPU time).
     */
    private static void warmUp(Runnable engine, Runnable reference) {
        long until = System.nanoTime() + 3_000_000_000L;
        for (int i = 0; i < 30 || System.nanoTime() < until; i++) {
            engine.run();
            reference.run();
        }
    }

    /**
     * The median wall time of {@code runs} runs, and the process's CPU time per run (every
     * thread: the engine's, OpenBLAS's, ONNX Runtime's), which a busy machine changes less.
     */
    /**
     * What reading every layer's scores of one trace costs a view that shows them (the forward
     * leaves them to be made when read): the wall and CPU time of the first read of all six, the
     * median of three traces.
     */
    private static String scoresWhenRead(MiniLmModel model, String text, int length) {
        double[] ms = new double[3];
        double[] cpu = new double[3];
        for (int i = 0; i < ms.length; i++) {
            EncoderTrace trace = model.run(text);
            double[] t = timesMs(() -> trace.layers().forEach(l -> l.scores().get(0, 0, 0, 0)), 1);
            ms[i] = t[0];
            cpu[i] = t[1];
        }
        return String.format("%d tokens: all six layers' scores made when first read in %.1f ms (%.1f ms CPU)",
                length, median(ms), median(cpu));
    }

    private static double[] timesMs(Runnable r, int runs) {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        double[] ms = new double[runs];
        long cpu = os.getProcessCpuTime();
        for (int i = 0; i < runs; i++) {
            long s = System.nanoTime();
            r.run();
            ms[i] = (System.nanoTime() - s) / 1e6;
        }
        return new double[] {median(ms), (os.getProcessCpuTime() - cpu) / 1e6 / runs};
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
