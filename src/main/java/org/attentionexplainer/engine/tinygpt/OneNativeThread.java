package org.attentionexplainer.engine.tinygpt;

import org.attentionexplainer.engine.Backends;
import org.nd4j.linalg.factory.Nd4j;

/**
 * ND4J's and OpenBLAS's native threads held to one while a tiny GPT trains, and given back after.
 * (ND4J 1.0.0-M2.1 on the CPU reports its overall count unchanged after {@code setMaxThreads(1)};
 * the master threads, which its ops split their loops over, and OpenBLAS's do drop to one.) Every
 * product of training is tiny ((b·t, 64) by (64, 192) at most): a second thread costs more to wake
 * and wait for than it saves, and on a busy machine each of the ~80 ops of a step waits for
 * it. Measured side by side on the shared 2-core machine (TinyGptTrainingBench, load average ~20):
 * 58 against 67 ms of CPU a step, 315 against 436 ms wall. Runs that overlap share one setting; the
 * last to finish restores what was there before the first.
 */
final class OneNativeThread implements AutoCloseable {
    private static int open;
    private static int threads;
    private static int masterThreads;
    private static int blasThreads;

    private OneNativeThread() {
    }

    static OneNativeThread enter() {
        Backends.start();
        synchronized (OneNativeThread.class) {
            if (open++ == 0) {
                threads = Nd4j.getEnvironment().maxThreads();
                masterThreads = Nd4j.getEnvironment().maxMasterThreads();
                blasThreads = Nd4j.factory().blas().getMaxThreads();
                set(1, 1, 1);
            }
        }
        return new OneNativeThread();
    }

    @Override
    public void close() {
        synchronized (OneNativeThread.class) {
            if (--open == 0) {
                set(threads, masterThreads, blasThreads);
            }
        }
    }

    private static void set(int all, int master, int blas) {
        Nd4j.getEnvironment().setMaxThreads(all);
        Nd4j.getEnvironment().setMaxMasterThreads(master);
        Nd4j.factory().blas().setMaxThreads(blas);
    }
}
