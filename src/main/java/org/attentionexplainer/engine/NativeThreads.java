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

    /** Sets OMP_WAIT_POLICY=PASSIVE for this process unless it is set; once, before ND4J loads. */
    static synchronized void preferSleepingThreads() {
        if (settled) {
            return;
        }
        settled = true;
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (System.getenv("OMP_WAIT_POLICY") != null || !(os.contains("linux") || os.contains("mac"))) {
            return;
        }
        try {
            NativeLibrary.getInstance("c").getFunction("setenv")
                    .invokeInt(new Object[] {"OMP_WAIT_POLICY", "PASSIVE", 0});
        } catch (LinkageError | RuntimeException e) {
            // no JNA for this platform: OpenMP keeps its default, only slower on a busy machine
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
