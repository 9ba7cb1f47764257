package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nd4j.common.io.Resource;
import org.nd4j.linalg.factory.Environment;
import org.nd4j.linalg.factory.Nd4jBackend;

class BackendsTest {

    @Test
    void startsOnTheCpuHereWithoutANotice() {
        Backends.Startup startup = Backends.start();
        assertTrue(startup.backend().startsWith("ND4J CPU"), startup.backend());
        assertFalse(startup.fellBack());
        assertEquals("", startup.notice());
        assertSame(startup, Backends.start(), "ND4J is started once");
        assertEquals(startup.backend(), Backends.describe());
    }

    @Test
    void aGpuBackendThatCannotLoadIsExplainedInOneSentence() {
        Nd4jBackend gpu = new FakeBackend(100,
                new RuntimeException(new UnsatisfiedLinkError("no jnicudart in java.library.path")));
        String reason = Backends.whyUnavailable(gpu);
        assertEquals("no jnicudart in java.library.path", reason);
        String notice = Backends.notice(gpu, reason);
        assertTrue(notice.contains("could not start: no jnicudart in java.library.path"), notice);
        assertTrue(notice.contains("on the CPU"), notice);
        assertFalse(notice.contains("\n"), notice);
    }

    @Test
    void aBackendThatCanRunHasNoReason() {
        assertNull(Backends.whyUnavailable(new FakeBackend(100, null, true)));
    }

    @Test
    void aBackendThatSaysNoWithoutAnExceptionGetsAPlainReason() {
        assertEquals("not available on this machine", Backends.whyUnavailable(new FakeBackend(100, null, false)));
    }

    @Test
    void theSecondAttemptsWrappingIsTakenOff() {
        // What Java 17 throws when a class whose static initializer failed is used again,
        // as seen with the CUDA build on a machine without libcuda.
        Throwable again = new NoClassDefFoundError("Could not initialize class org.bytedeco.cuda.global.cudart");
        again.initCause(new ExceptionInInitializerError("Exception java.lang.UnsatisfiedLinkError: "
                + "/opt/x/libjnicudart.so: libcuda.so.1: cannot open shared object file: No such file or directory"
                + " [in thread \"main\"]"));
        assertEquals("/opt/x/libjnicudart.so: libcuda.so.1: cannot open shared object file: No such file or directory",
                Backends.rootMessage(again));
    }

    @Test
    void aFailureWithoutMessageIsNamedByItsType() {
        assertEquals("UnsatisfiedLinkError", Backends.rootMessage(new RuntimeException(new UnsatisfiedLinkError())));
    }

    /** A backend of a given priority whose check throws the given failure, or answers as told. */
    private static final class FakeBackend extends Nd4jBackend {
        private final int priority;
        private final RuntimeException failure;
        private final boolean available;

        FakeBackend(int priority, RuntimeException failure) {
            this(priority, failure, true);
        }

        FakeBackend(int priority, RuntimeException failure, boolean available) {
            this.priority = priority;
            this.failure = failure;
            this.available = available;
        }

        @Override
        public boolean isAvailable() {
            throw new AssertionError("isAvailable prints a stack trace: ask canRun");
        }

        @Override
        public int getPriority() {
            return priority;
        }

        @Override
        public boolean allowsOrder() {
            return false;
        }

        @Override
        public boolean canRun() {
            if (failure != null) {
                throw failure;
            }
            return available;
        }

        @Override
        public Resource getConfigurationResource() {
            return null;
        }

        @Override
        public Class getNDArrayClass() {
            return null;
        }

        @Override
        public Environment getEnvironment() {
            return null;
        }

        @Override
        public String buildInfo() {
            return "";
        }

        @Override
        public void logBackendInit() {
        }
    }
}
