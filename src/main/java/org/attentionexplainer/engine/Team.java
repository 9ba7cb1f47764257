package org.attentionexplainer.engine;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * Runs the parts of one step of a forward on every core: the calling thread and one helper thread
 * per other core, each taking the next part not yet taken. A helper that has finished waits for the
 * next step by spinning for {@link #SPIN_NANOS} before it sleeps: a forward of the real model makes
 * some forty such steps (its products, heads and LayerNorms), and at 128 tokens a step lasts 50 to
 * 400 microseconds, so that waking a sleeping pool thread for each (tens of microseconds, more on a
 * busy machine) had left one core idle for a good part of every step. Outside a forward the helpers
 * sleep, and cost nothing.
 *
 * <p>One step at a time: a step asked for while another runs (from another thread, or from a part
 * of the running step) runs on the common fork-join pool instead, as before.
 */
final class Team {
    /** How long a helper spins for the next step before it sleeps: 0.2 ms. */
    static final long SPIN_NANOS = Long.getLong("attention.teamSpinNanos", 200_000L);

    private static final Team SHARED = new Team(Runtime.getRuntime().availableProcessors() - 1);

    private final Thread[] helpers;
    private final AtomicBoolean busy = new AtomicBoolean();
    private volatile Step step;
    private volatile long posted;

    /** The parts of one step, and how far they are. */
    private static final class Step {
        final int count;
        final IntConsumer part;
        final AtomicInteger next = new AtomicInteger();
        final AtomicInteger done = new AtomicInteger();
        volatile Throwable failure;

        Step(int count, IntConsumer part) {
            this.count = count;
            this.part = part;
        }

        /** Takes and runs parts until none is left. */
        void work() {
            for (int p = next.getAndIncrement(); p < count; p = next.getAndIncrement()) {
                try {
                    if (failure == null) {
                        part.accept(p);
                    }
                } catch (Throwable e) {
                    failure = e;
                } finally {
                    done.incrementAndGet();
                }
            }
        }
    }

    private Team(int count) {
        helpers = new Thread[Math.max(0, count)];
        for (int i = 0; i < helpers.length; i++) {
            Thread t = new Thread(this::help, "attention-team-" + (i + 1));
            t.setDaemon(true);
            helpers[i] = t;
            t.start();
        }
    }

    /**
     * Runs {@code part} for every index in [0, count), spread over the cores, and returns when all
     * have run; the first exception a part throws is thrown here once every part has ended.
     */
    static void forEach(int count, IntConsumer part) {
        SHARED.run(count, part, null);
    }

    /**
     * {@link #forEach(int, IntConsumer)}, the calling thread first running {@code alongside} while the
     * helpers begin on the parts, then taking parts itself: serial work the step does not need (making
     * the next step's arrays, which Java zeroes) costs the step about half its time instead of the whole.
     * A failure of {@code alongside} is thrown once every part has ended, as a part's is.
     */
    static void forEach(int count, IntConsumer part, Runnable alongside) {
        SHARED.run(count, part, alongside);
    }

    private void run(int count, IntConsumer part, Runnable alongside) {
        if (count <= 1 || helpers.length == 0) {
            if (alongside != null) {
                alongside.run();
            }
            for (int p = 0; p < count; p++) {
                part.accept(p);
            }
            return;
        }
        if (!busy.compareAndSet(false, true)) {
            if (alongside != null) {
                alongside.run();
            }
            IntStream.range(0, count).parallel().forEach(part);
            return;
        }
        Step s = new Step(count, part);
        try {
            step = s;
            posted++;
            for (Thread h : helpers) {
                LockSupport.unpark(h);
            }
            if (alongside != null) {
                try {
                    alongside.run();
                } catch (Throwable e) {
                    s.failure = e;               // the parts still end before the failure is thrown
                }
            }
            s.work();
            for (int spins = 0; s.done.get() < count; spins++) {
                if (spins < 10_000) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();                // a helper the machine took away holds a part
                }
            }
        } finally {
            step = null;
            busy.set(false);
        }
        Throwable failure = s.failure;
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        if (failure != null) {
            throw new IllegalStateException(failure);
        }
    }

    /** A helper's life: each step once, spinning a while after it, then sleeping until the next is posted. */
    private void help() {
        long seen = 0;
        while (true) {
            long since = System.nanoTime();
            while (posted == seen) {
                if (System.nanoTime() - since < SPIN_NANOS) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.park(this);
                }
            }
            seen = posted;
            Step s = step;
            if (s != null) {
                s.work();
            }
        }
    }
}
