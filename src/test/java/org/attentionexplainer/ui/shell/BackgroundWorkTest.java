package org.attentionexplainer.ui.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Work asked for while the app closes: the worker is already shut down. */
class BackgroundWorkTest {
    @Test
    void aTaskSubmittedAfterTheWorkerStoppedIsDroppedWithoutAnErrorAndNothingStaysRunning() throws Exception {
        ExecutorService worker = Executors.newSingleThreadExecutor();
        worker.shutdown();
        assertTrue(worker.awaitTermination(5, TimeUnit.SECONDS));
        BackgroundWork work = new BackgroundWork(worker, Runnable::run);
        List<String> calls = new ArrayList<>();
        work.submit(() -> "computed", r -> calls.add("result " + r), e -> calls.add("error " + e));
        assertEquals(List.of(), calls, "neither the task's result nor an error comes back");
        assertEquals(0, work.runningProperty().get(), "the status bar counts no task as running");
    }

    @Test
    void aTaskOnARunningWorkerStillBringsItsResult() throws Exception {
        ExecutorService worker = Executors.newSingleThreadExecutor();
        try {
            BackgroundWork work = new BackgroundWork(worker, Runnable::run);
            List<String> calls = new java.util.concurrent.CopyOnWriteArrayList<>();
            work.submit(() -> "computed", r -> calls.add("result " + r), e -> calls.add("error " + e));
            worker.shutdown();
            assertTrue(worker.awaitTermination(5, TimeUnit.SECONDS));
            assertEquals(List.of("result computed"), calls);
            assertEquals(0, work.runningProperty().get());
        } finally {
            worker.shutdownNow();
        }
    }
}
