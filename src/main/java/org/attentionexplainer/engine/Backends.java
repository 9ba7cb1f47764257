package org.attentionexplainer.engine;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.factory.Nd4jBackend;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts ND4J and names the backend it runs on (CPU or CUDA).
 *
 * <p>ND4J picks the available backend of highest priority. In the CUDA build both backends
 * are on the class path; when the GPU one cannot start (no CUDA 11.6 or cuDNN 8.3, no GPU,
 * an old driver), ND4J goes on with the CPU one. {@link #start()} finds out whether that
 * happened and why, so that the user is told instead of silently getting the slower path.
 */
public final class Backends {
    private static final Logger LOG = LoggerFactory.getLogger(Backends.class);
    private static Startup started;

    static {
        NativeThreads.preferSleepingThreads();
    }

    private Backends() {
    }

    /**
     * What start-up found.
     *
     * @param backend the backend in use, e.g. "ND4J CPU (OpenBLAS)"
     * @param notice  for the user when a GPU backend was present but could not be used,
     *                saying why; empty otherwise
     * @param millis  how long the start took
     */
    public record Startup(String backend, String notice, long millis) {
        public boolean fellBack() {
            return !notice.isEmpty();
        }
    }

    /**
     * Loads ND4J once (later calls return the same result) and reports the backend in use.
     * Best called before anything else touches ND4J, so that a GPU failure is reported once,
     * in one sentence.
     *
     * @throws IllegalStateException when no backend at all can start, with the reason
     */
    public static synchronized Startup start() {
        if (started == null) {
            long begin = System.nanoTime();
            List<Nd4jBackend> installed = installed();
            Nd4jBackend preferred = installed.stream()
                    .max(Comparator.comparingInt(Nd4jBackend::getPriority)).orElse(null);
            // Asked first so that the reason is ours to tell; ND4J would print a stack trace.
            String failure = installed.size() > 1 ? whyUnavailable(preferred) : null;
            Nd4jBackend loaded = failure == null ? load() : loadWithoutStderr();
            String notice = preferred == null || preferred.getClass() == loaded.getClass() ? ""
                    : notice(preferred, failure == null ? "unknown reason" : failure);
            if (!notice.isEmpty()) {
                LOG.warn(notice);
            }
            String name = nameOf(loaded) + (notice.isEmpty() ? "" : ", GPU unavailable");
            started = new Startup(name, notice, (System.nanoTime() - begin) / 1_000_000);
        }
        return started;
    }

    /**
     * Runs small forwards until the JIT has compiled the vector kernel of inputs up to 512 rows
     * ({@link HeapAttention#warmUp}): the first forward of 512 tokens took 1.7-1.9 s without, 0.1 s
     * after. It uses an engine of its own, so it may run beside the app's first computations.
     * Returns the time it took, in milliseconds.
     */
    public static long warmUpKernels() {
        return HeapAttention.warmUp(WARM_UP_ROUNDS);
    }

    /** A short human-readable name, e.g. "ND4J CPU (OpenBLAS)" or "ND4J CUDA". */
    public static String describe() {
        return start().backend();
    }

    /** Small forwards at start: enough for the JIT to compile the heap route's kernel (about 0.4 s of one core). */
    static final int WARM_UP_ROUNDS = Integer.getInteger("attention.warmUpRounds", 60);

    /**
     * Loads the native libraries and runs one tiny product so the first real computation is
     * fast. Returns the time it took, in milliseconds.
     */
    public static long warmUp() {
        long begin = System.nanoTime();
        start();
        Nd4j.setDefaultDataTypes(DataType.FLOAT, DataType.FLOAT);
        Nd4j.ones(DataType.FLOAT, 4, 4).mmul(Nd4j.ones(DataType.FLOAT, 4, 4));
        return (System.nanoTime() - begin) / 1_000_000;
    }

    /** The sentence shown when the preferred (GPU) backend could not be used. */
    static String notice(Nd4jBackend preferred, String reason) {
        return "The GPU backend (" + preferred.getClass().getSimpleName() + ") could not start: " + reason
                + ". Computing on the CPU instead; the results are the same, only slower.";
    }

    /**
     * Asks a backend whether it can run (through {@code canRun}, which unlike
     * {@code isAvailable} prints nothing); returns why not, or null if it can.
     */
    static String whyUnavailable(Nd4jBackend backend) {
        try {
            return backend.canRun() ? null : "not available on this machine";
        } catch (RuntimeException | LinkageError e) {
            return rootMessage(e);
        }
    }

    /** The innermost cause's message, without the JVM's "Exception X: ... [in thread]" wrapping. */
    static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        if (message == null || message.isBlank()) {
            return root.getClass().getSimpleName();
        }
        return message.strip()
                .replaceFirst("^Exception [\\w.$]+: ", "")
                .replaceFirst(" \\[in thread \"[^\"]*\"\\]$", "");
    }

    private static Nd4jBackend load() {
        try {
            return Nd4j.getBackend();
        } catch (RuntimeException | LinkageError e) {
            throw new IllegalStateException("ND4J could not start: " + rootMessage(e), e);
        }
    }

    /**
     * Loads ND4J while its own report of the GPU backend's failure (a stack trace on stderr)
     * goes nowhere: the notice says the same in one sentence.
     */
    private static Nd4jBackend loadWithoutStderr() {
        PrintStream stderr = System.err;
        System.setErr(new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8));
        try {
            return load();
        } finally {
            System.setErr(stderr);
        }
    }

    private static List<Nd4jBackend> installed() {
        List<Nd4jBackend> all = new ArrayList<>();
        try {
            ServiceLoader.load(Nd4jBackend.class, Backends.class.getClassLoader()).forEach(all::add);
        } catch (ServiceConfigurationError e) {
            LOG.debug("cannot list ND4J backends: {}", e.toString());
        }
        return all;
    }

    private static String nameOf(Nd4jBackend backend) {
        String cls = backend.getClass().getSimpleName().toLowerCase(Locale.ROOT);
        if (cls.contains("cuda") || cls.contains("cublas")) {
            return "ND4J CUDA";
        }
        Object vendor = Nd4j.getExecutioner().getEnvironmentInformation().get("blas.vendor");
        return "ND4J CPU" + (vendor == null ? "" : " (" + prettyVendor(vendor.toString()) + ")");
    }

    private static String prettyVendor(String vendor) {
        return vendor.equalsIgnoreCase("openblas") ? "OpenBLAS" : vendor;
    }
}
