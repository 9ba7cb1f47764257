package org.attentionexplainer.engine;

import com.sun.jna.NativeLibrary;
import java.util.Locale;

/**
 * How ND4J's native threads wait, and which OpenBLAS kernels they run (see
 * {@link #openBlasCoreType}). ND4J and its OpenBLAS run on OpenMP (libgomp), whose idle
 * threads by default spin for a while before they sleep. On a machine where other programs
 * want the cores too, spinning threads eat the time slices the working ones need, and each
 * of the forward's few dozen native operations can stall for milliseconds (measured on a busy
 * 2-core machine: 5 to 10 times slower at 16 to 128 tokens). Passive waiting costs a few
 * microseconds per operation on an idle machine. libgomp reads the policy from the
 * environment when it is loaded, so it must be set before the first ND4J call; a policy the
 * user set is kept.
 */
public final class NativeThreads {
    private static boolean settled;
    /** One-thread scopes open now, and the counts before the first of them; guarded by the class. */
    private static int scopes;
    private static int savedAll;
    private static int savedMaster;
    private static int savedBlas;

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
        String core = os.contains("linux") ? openBlasCoreType(cpuInfo()) : null;
        if (core != null) {
            setUnlessSet("OPENBLAS_CORETYPE", core);
        }
    }

    /**
     * The OpenBLAS kernels to ask for on this CPU, or null to leave OpenBLAS's own choice.
     * ND4J's OpenBLAS (0.3.19) predates AMD's AVX-512 CPUs (Zen 4, family 25 and later) and runs
     * its AVX2 "Zen" kernels there; its AVX-512 "SkylakeX" kernels run on them and were faster
     * (2-vCPU Zen 4, six alternating rounds: SGEMM 1024^3 171 against 154 GFLOP/s, the forward at
     * 512 tokens 36 against 41 ms; Debian's newer OpenBLAS picks AVX-512 kernels there by itself).
     * Only for an AMD CPU whose flags name every AVX-512 subset those kernels use; Intel's
     * AVX-512 CPUs OpenBLAS recognises itself.
     *
     * @param cpuInfo the text of /proc/cpuinfo (its first processor is enough), or null
     */
    static String openBlasCoreType(String cpuInfo) {
        if (cpuInfo == null || !cpuInfo.contains("AuthenticAMD")) {
            return null;
        }
        String flags = null;
        for (String line : cpuInfo.split("\n")) {
            if (line.startsWith("flags")) {
                flags = " " + line.substring(line.indexOf(':') + 1).trim() + " ";
                break;
            }
        }
        if (flags == null) {
            return null;
        }
        for (String need : new String[] {"avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"}) {
            if (!flags.contains(" " + need + " ")) {
                return null;
            }
        }
        return "SkylakeX";
    }

    private static String cpuInfo() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/cpuinfo"));
        } catch (java.io.IOException | RuntimeException e) {
            return null;
        }
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

    /** The OpenBLAS kernels asked for (OPENBLAS_CORETYPE as the C library holds it), or null for its own choice. */
    static String coreType() {
        return environment("OPENBLAS_CORETYPE");
    }

    /** The policy libgomp will see (or saw). */
    static String waitPolicy() {
        return environment("OMP_WAIT_POLICY");
    }

    /** A variable of the process environment as the C library holds it (set there by {@link #setUnlessSet}). */
    private static String environment(String name) {
        try {
            return (String) NativeLibrary.getInstance("c").getFunction("getenv").invoke(String.class, new Object[] {name});
        } catch (LinkageError | RuntimeException e) {
            return System.getenv(name);
        }
    }

    /** A stretch of work on one native thread; closing it gives the threads back. */
    public interface OneThread extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * ND4J's and OpenBLAS's native threads held to one until the scope is closed: for work made
     * of many tiny native ops (training the tiny GPT: each of its ~80 ops a step is a product of
     * (b·t, 64) by (64, 192) at most), where waking a second thread costs more than it saves and
     * on a busy machine each op waits for it. Overlapping scopes share the setting; the last to
     * close restores what was there before the first. (ND4J 1.0.0-M2.1 on the CPU reports its
     * overall count unchanged after setMaxThreads(1); its master threads, over which its ops
     * split their loops, and OpenBLAS's do drop to one.) The engine's own small products set
     * OpenBLAS to one thread and back around each call (see {@link NativeMemory#sgemm}); while a
     * scope is open they leave it at one.
     */
    public static OneThread oneThread() {
        Backends.start();
        synchronized (NativeThreads.class) {
            if (scopes++ == 0) {
                savedAll = org.nd4j.linalg.factory.Nd4j.getEnvironment().maxThreads();
                savedMaster = org.nd4j.linalg.factory.Nd4j.getEnvironment().maxMasterThreads();
                savedBlas = org.nd4j.linalg.factory.Nd4j.factory().blas().getMaxThreads();
                setNd4j(1, 1, 1);
            }
        }
        return () -> {
            synchronized (NativeThreads.class) {
                if (--scopes == 0) {
                    setNd4j(savedAll, savedMaster, savedBlas);
                }
            }
        };
    }

    private static void setNd4j(int all, int master, int blas) {
        org.nd4j.linalg.factory.Nd4j.getEnvironment().setMaxThreads(all);
        org.nd4j.linalg.factory.Nd4j.getEnvironment().setMaxMasterThreads(master);
        org.nd4j.linalg.factory.Nd4j.factory().blas().setMaxThreads(blas);
    }

    /**
     * After a product the engine ran on one OpenBLAS thread: gives OpenBLAS its threads back,
     * unless a {@link #oneThread} scope is open, atomically with the scopes opening and closing.
     */
    static synchronized void afterOneThreadProduct(Runnable restore, Runnable keepOne) {
        (scopes > 0 ? keepOne : restore).run();
    }
}
