package org.attentionexplainer.engine;

import com.sun.jna.NativeLibrary;
import java.util.Locale;

/**
 * How ND4J's native threads wait. ND4J and its OpenBLAS run on OpenMP (libgomp), whose idle
 * threads by default spin for a while before they sleep. On a machine where other programs
 * want the cores too, spinning threads eat the time slices the working ones need, and each
 * of the forward's few dozen native operations can stall for milliseconds (measured on a busy
 * 2-core machine: 5 to 10 times slower at 16 to 128 tokens). Passive waiting costs a few
 * microseconds per operation on an idle machine. libgomp reads the policy from the
 * environment when it is loaded, so it must be set before the first ND4J call; a policy the
 * user set is kept.
 */
final class NativeThreads {
    private static boolean settled;

    private NativeThreads() {
    }

    /**
     * Sets OMP_WAIT_POLICY=PASSIVE and OPENBLAS_THREAD_TIMEOUT=4 for this process unless they
     * are set; once, before ND4J loads. OpenBLAS's own threads, between two products, call
     * sched_yield in a loop for 2^28 cycles (about 0.1 s) by default before they sleep: a
     * fifth of the CPU of a forward at 512 tokens went there (perf), time the other threads'
     * softmax and copies then wait for. With 2^4 cycles they sleep almost at once: 20-30 % less
     * CPU per forward at 512-1024 tokens, the same or less wall time.
     */
    static synchronized void preferSleepingThreads() {
        if (settled) {
            return;
        }
        settled = true;
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (!(os.contains("linux") || os.contains("mac"))) {
            return;
        }
        setUnlessSet("OMP_WAIT_POLICY", "PASSIVE");
        setUnlessSet("OPENBLAS_THREAD_TIMEOUT", "4");
    }

    private static void setUnlessSet(String name, String value) {
        if (System.getenv(name) != null) {
            return;
        }
        try {
            NativeLibrary.getInstance("c").getFunction("setenv").invokeInt(new Object[] {name, value, 0});
        } catch (LinkageError | RuntimeException e) {
            // no JNA for this platform: the native threads keep their defaults, only slower on a busy machine
        }
    }

    /** The policy libgomp will see (or saw): the process environment as the C library holds it. */
    static String waitPolicy() {
        try {
            return (String) NativeLibrary.getInstance("c").getFunction("getenv")
                    .invoke(String.class, new Object[] {"OMP_WAIT_POLICY"});
        } catch (LinkageError | RuntimeException e) {
            return System.getenv("OMP_WAIT_POLICY");
        }
    }
}
