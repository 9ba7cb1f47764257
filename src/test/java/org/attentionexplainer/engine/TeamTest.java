package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@link Team}: every part once, failures passed on, steps inside steps and from several threads at once. */
class TeamTest {
    @Test
    void runsEveryPartExactlyOnceAndReturnsWhenAllHaveRun() {
        for (int count : new int[] {0, 1, 2, 7, 1000}) {
            AtomicIntegerArray runs = new AtomicIntegerArray(Math.max(count, 1));
            int[] sums = new int[Math.max(count, 1)];
            Team.forEach(count, p -> {
                runs.incrementAndGet(p);
                sums[p] = p * p;                                  // a plain write, read after the step
            });
            for (int p = 0; p < count; p++) {
                assertEquals(1, runs.get(p), "part " + p + " of " + count);
                assertEquals(p * p, sums[p], "part " + p + " of " + count);
            }
        }
    }

    @Test
    void aPartsFailureReachesTheCallerAndTheTeamWorksOn() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Team.forEach(50, p -> {
            if (p == 17) {
                throw new IllegalArgumentException("part 17");
            }
        }));
        assertEquals("part 17", e.getMessage());
        AtomicIntegerArray runs = new AtomicIntegerArray(20);
        Team.forEach(20, runs::incrementAndGet);
        for (int p = 0; p < 20; p++) {
            assertEquals(1, runs.get(p));
        }
    }

    @Test
    void stepsInsideStepsAndFromManyThreadsAtOnceAllFinish() throws Exception {
        int threads = 4;
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch end = new CountDownLatch(threads);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        ConcurrentHashMap<String, Boolean> seen = new ConcurrentHashMap<>();
        for (int i = 0; i < threads; i++) {
            int id = i;
            Thread t = new Thread(() -> {
                try {
                    start.await();
                    for (int round = 0; round < 200; round++) {
                        int r = round;
                        Team.forEach(3, outer -> Team.forEach(4, inner ->
                                seen.put(id + "/" + r + "/" + outer + "/" + inner, Boolean.TRUE)));
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                } finally {
                    end.countDown();
                }
            });
            t.start();
        }
        start.countDown();
        assertTrue(end.await(60, TimeUnit.SECONDS), "every thread's steps ended");
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        assertEquals(threads * 200 * 3 * 4, seen.size());
    }

    @Test
    void workAlongsideRunsOnceOnTheCallerAndItsFailureComesAfterEveryPart() {
        for (int count : new int[] {1, 2, 64}) {
            AtomicIntegerArray runs = new AtomicIntegerArray(count);
            Thread caller = Thread.currentThread();
            AtomicReference<Thread> ranOn = new AtomicReference<>();
            AtomicInteger alongside = new AtomicInteger();
            Team.forEach(count, runs::incrementAndGet, () -> {
                alongside.incrementAndGet();
                ranOn.set(Thread.currentThread());
            });
            assertEquals(1, alongside.get(), count + " parts");
            assertEquals(caller, ranOn.get(), count + " parts");
            for (int p = 0; p < count; p++) {
                assertEquals(1, runs.get(p), "part " + p + " of " + count);
            }
        }
        AtomicIntegerArray runs = new AtomicIntegerArray(40);
        OutOfMemoryError e = assertThrows(OutOfMemoryError.class, () -> Team.forEach(40, p -> {
            try {
                Thread.sleep(1);
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
            runs.incrementAndGet(p);
        }, () -> {
            throw new OutOfMemoryError("alongside");
        }));
        assertEquals("alongside", e.getMessage());
        int ran = 0;
        for (int p = 0; p < 40; p++) {
            ran += runs.get(p);
        }
        // the helpers had begun before the failure: whatever ran had ended when it was thrown (none runs later)
        int after = ran;
        Team.forEach(1, p -> { });
        int again = 0;
        for (int p = 0; p < 40; p++) {
            again += runs.get(p);
        }
        assertEquals(after, again, "no part of the failed step ran after the failure was thrown");
    }
}
