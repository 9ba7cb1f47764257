package org.attentionexplainer.engine.bert;

import java.util.Arrays;
import org.attentionexplainer.engine.Backends;

/**
 * One JVM's real-model forward over time: loads the model, then runs a text of the given length for the given
 * seconds and prints, every two seconds, the median time of a forward in that window. Run in many fresh JVMs by
 * {@code tools/bench/jit-modes.sh}, it shows whether the JIT compiled the engine's vector kernels well in each:
 * a kernel that C2 compiled with some of its vectors boxed (or that was left to C1) runs its products 25 %
 * to a hundred times slower until the JVM ends, so the last window's median splits the runs into groups.
 *
 * <pre>java --add-modules jdk.incubator.vector -cp TEST_CLASSPATH org.attentionexplainer.engine.bert.MiniLmSteadyRun 128 8 [causal]</pre>
 */
public final class MiniLmSteadyRun {
    private MiniLmSteadyRun() {
    }

    public static void main(String[] args) throws Exception {
        int length = args.length > 0 ? Integer.parseInt(args[0]) : 128;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        // "causal": each token attends to those before it only, the mask's branch of the row passes
        WhatIf whatIf = args.length > 2 && args[2].equals("causal") ? new WhatIf(true, 1.0) : WhatIf.TRAINED;
        Backends.warmUp();
        MiniLmModel model = MiniLmModel.load(f -> { });
        String text = MiniLmBench.textOf(model, length);
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        double[] times = new double[100_000];
        while (System.nanoTime() < end) {
            long window = System.nanoTime();
            int n = 0;
            while (System.nanoTime() - window < 2_000_000_000L && n < times.length) {
                long s = System.nanoTime();
                model.run(java.util.List.of(text), whatIf);
                times[n++] = (System.nanoTime() - s) / 1e6;
            }
            Arrays.sort(times, 0, n);
            System.out.printf("t=%.0f s: %d forwards, median %.2f ms%n", (System.nanoTime() - start) / 1e9, n,
                    times[n / 2]);
        }
    }
}
