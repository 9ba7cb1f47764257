package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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
    void aGpuBackendThatCannotLoadIsPreferredAndExplained() {
        Nd4jBackend cpu = new FakeBackend(0, null);
        Nd4jBackend gpu = new FakeBackend(100,
                new RuntimeException(new UnsatisfiedLinkError("no jnicudart in java.library.path")));

        Nd4jBackend preferred = Backends.highestPriority(List.of(cpu, gpu), cpu);
        assertSame(gpu, preferred);
        String reason = Backends.whyUnavailable(preferred);
        assertEquals("no jnicudart in java.library.path", reason);
        String notice = Backends.notice(preferred, reason);
        assertTrue(notice.contains("could not start: no jnicudart in java.library.path"), notice);
        assertTrue(notice.contains("on the CPU"), notice);
    }

    @Test
    void withOnlyTheLoadedBackendThereIsNothingToPrefer() {
        Nd4jBackend cpu = new FakeBackend(0, null);
        assertSame(cpu, Backends.highestPriority(List.of(cpu), cpu));
        assertSame(cpu, Backends.highestPriority(List.of(), cpu));
    }

    @Test
    void aBackendThatSaysNoWithoutAnExceptionGetsAPlainReason() {
        assertEquals("not available on this machine", Backends.whyUnavailable(new FakeBackend(100, null, false)));
    }

    @Test
    void aFailureWithoutMessageIsNamedByItsType() {
        assertEquals("UnsatisfiedLinkError", Backends.rootMessage(new RuntimeException(new UnsatisfiedLinkError())));
    }

    /** A backend of a given priority whose availability check throws the given failure. */
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
            if (failure != null) {
                throw failure;
            }
            return available;
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
            return isAvailable();
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
