package org.attentionexplainer.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.attentionexplainer.engine.bert.EncoderTrace;
import org.attentionexplainer.engine.bert.MiniLmModel;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Long forwards of the real model and of the 512-token explorer engine while another thread
 * keeps the garbage collector busy: what the real-model screen and a long explorer input do,
 * under the conditions in which the engine once read ND4J memory that the collector had let
 * ND4J free (a SIGSEGV in the copy). Run in a JVM of its own, since a crash takes the process:
 *
 * <pre>
 *   java -cp ... org.attentionexplainer.engine.NativeMemoryStress [seconds] [model|engine|both]
 * </pre>
 *
 * Prints one line per part and "stress ok: ..." at the end; exits 0 when every forward gave
 * finite values of the expected shape, 1 when one did not. A crash ends the JVM with a signal.
 */
public final class NativeMemoryStress {
    private NativeMemoryStress() {
    }

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 60;
        String parts = args.length > 1 ? args[1] : "all";
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong allocated = new AtomicLong();
        Thread pressure = new Thread(() -> churn(running, allocated), "allocation-pressure");
        pressure.setDaemon(true);
        pressure.start();
        long end = System.nanoTime() + (long) (seconds * 1e9);
        int modelRuns = 0;
        int engineRuns = 0;
        try {
            boolean all = parts.equals("all");
            MiniLmModel model = all || parts.equals("model") ? MiniLmModel.load(f -> { }) : null;
            String text = model == null ? null : longText(model);
            AttentionEngine engine = all || parts.equals("engine") ? new AttentionEngine() : null;
            Random rng = new Random(7);
            if (all || parts.equals("doors")) {
                long doorsEnd = all ? System.nanoTime() + (end - System.nanoTime()) / 2 : end;
                AtomicLong rounds = new AtomicLong();
                Thread second = new Thread(() -> rounds.addAndGet(doors(doorsEnd, 1)), "doors-2");
                second.start();
                rounds.addAndGet(doors(doorsEnd, 0));
                second.join();
                System.out.printf("doors: %d round trips%n", rounds.get());
            }
            while (System.nanoTime() < end) {
                if (model != null) {
                    EncoderTrace trace = model.run(text);
                    requireFinite(trace.layers().get(trace.layers().size() - 1).weights(), "model attention");
                    requireFinite(trace.sentenceEmbedding(), "model sentence");
                    modelRuns++;
                }
                if (engine != null && System.nanoTime() < end) {
                    AttentionTrace trace = engine.compute(spec(rng, 512, 768, 12));
                    requireFinite(trace.weights(), "engine weights");
                    requireFinite(trace.output(), "engine output");
                    engineRuns++;
                }
            }
        } finally {
            running.set(false);
        }
        System.out.printf("stress ok: %d real-model forwards, %d engine forwards at 512 tokens, %d MiB allocated "
                + "beside them%n", modelRuns, engineRuns, allocated.get() >> 20);
    }

    /**
     * Every way the engine reads or writes ND4J's memory from Java or hands it to the BLAS, on
     * arrays that nothing refers to once the call has begun (as in the engine, where an
     * intermediate's last use is its copy to the heap): each must keep the array alive until it
     * returns. The values are checked, so a read of memory already reused fails even where it
     * does not crash.
     */
    private static long doors(long end, int seed) {
        long rounds = 0;
        Random rng = new Random(seed);
        while (System.nanoTime() < end) {
            int t = 16 << rng.nextInt(5);                                   // 16 to 256 tokens
            Shapes sh = new Shapes(1, t, t, 768, 768, 768, 12, 64, 768);
            float[] heap = new float[sh.h() * sh.t() * sh.hd()];
            float value = 1 + (rounds % 1000);
            float[] read = NdBuffers.read(Nd4j.valueArrayOf(new long[] {sh.t(), 3 * sh.dOut()}, value, DataType.FLOAT));
            requireAll(read, value, "read");
            Tensor heads = NdBuffers.heads(HeadLayout.columns(
                    Nd4j.valueArrayOf(new long[] {sh.t(), 3 * sh.dOut()}, value, DataType.FLOAT), 3, 1, sh.t(), sh), sh);
            requireAll(heads.data(), value, "heads");
            NdBuffers.readInto(Nd4j.valueArrayOf(new long[] {heap.length}, value, DataType.FLOAT), heap, 0);
            requireAll(heap, value, "readInto");
            INDArray target = Nd4j.createUninitialized(DataType.FLOAT, heap.length);
            NdBuffers.write(target, heap, 0, Products.hostMemory());
            requireAll(NdBuffers.read(target), value, "write");
            INDArray product = Nd4j.createUninitialized(DataType.FLOAT, sh.t(), sh.t());
            Products.gemm(Block.of(Nd4j.valueArrayOf(new long[] {sh.t(), sh.hd()}, 1f, DataType.FLOAT)), false,
                    Block.of(Nd4j.valueArrayOf(new long[] {sh.t(), sh.hd()}, value, DataType.FLOAT)), true,
                    Block.of(product), 0f, Products.direct());
            requireAll(NdBuffers.read(product), value * sh.hd(), "gemm");
            rounds++;
        }
        return rounds;
    }

    private static void requireAll(float[] values, float expected, String door) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] != expected) {
                System.out.println("stress failed: " + door + " read " + values[i] + " at " + i + " where " + expected
                        + " was written");
                System.exit(1);
            }
        }
    }

    /** Allocates and drops large arrays, as the traces themselves do, so collections keep coming. */
    private static void churn(AtomicBoolean running, AtomicLong allocated) {
        List<float[]> held = new ArrayList<>();
        Random rng = new Random(1);
        while (running.get()) {
            float[] a = new float[1 + rng.nextInt(1 << 18)];                   // up to 1 MiB
            a[a.length - 1] = 1;
            held.add(a);
            if (held.size() > 32) {
                held.remove(0);
            }
            allocated.addAndGet(4L * a.length);
            if (rng.nextInt(256) == 0) {
                System.gc();                                                  // and reference processing with it
            }
        }
    }

    /** A text of nearly the model's 512 positions. */
    private static String longText(MiniLmModel model) {
        String[] words = {"the", "teacher", "shows", "how", "attention", "weighs", "every", "word", "of", "a",
            "sentence", "against", "all", "others", "and", "students", "watch", "heads", "form", "patterns"};
        StringBuilder text = new StringBuilder(words[0]);
        for (int i = 1; model.tokenizer().tokenize(text + " " + words[i % words.length]).size() + 2
                <= model.config().maxPositions(); i++) {
            text.append(' ').append(words[i % words.length]);
        }
        return text.toString();
    }

    private static AttentionSpec spec(Random rng, int t, int dModel, int heads) {
        float init = (float) (1 / Math.sqrt(dModel));
        return AttentionSpec.builder(normal(rng, 1f, 1, t, dModel))
                .projection(new Projection.Fused(normal(rng, init, dModel, 3 * dModel), normal(rng, init, 3 * dModel)))
                .outProjection(normal(rng, init, dModel, dModel), normal(rng, init, dModel))
                .heads(heads)
                .causal(rng.nextBoolean())
                .build();
    }

    private static Tensor normal(Random rng, float std, int... shape) {
        int n = 1;
        for (int d : shape) {
            n *= d;
        }
        float[] values = new float[n];
        for (int i = 0; i < n; i++) {
            values[i] = (float) rng.nextGaussian() * std;
        }
        return Tensor.of(values, shape);
    }

    private static void requireFinite(Tensor t, String what) {
        for (float v : t.data()) {
            if (!Float.isFinite(v)) {
                System.out.println("stress failed: " + what + " holds " + v);
                System.exit(1);
            }
        }
    }
}
