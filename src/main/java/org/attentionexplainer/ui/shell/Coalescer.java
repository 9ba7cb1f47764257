package org.attentionexplainer.ui.shell;

import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Runs at most one computation at a time and, while one runs, keeps only the newest request:
 * a slider dragged across fifty values computes the first and the last, never a queue of
 * stale ones. Call from the FX thread only.
 */
public final class Coalescer<T> {
    private final BackgroundWork work;
    private boolean busy;
    private Supplier<T> pending;
    private Consumer<T> pendingResult;
    private Consumer<Throwable> pendingError;

    public Coalescer(BackgroundWork work) {
        this.work = work;
    }

    public void request(Supplier<T> task, Consumer<T> onResult, Consumer<Throwable> onError) {
        if (busy) {
            pending = task;
            pendingResult = onResult;
            pendingError = onError;
            return;
        }
        busy = true;
        work.submit(task, r -> {
            onResult.accept(r);
            finish();
        }, e -> {
            onError.accept(e);
            finish();
        });
    }

    /** True when nothing is computing or waiting. */
    public boolean idle() {
        return !busy;
    }

    private void finish() {
        busy = false;
        if (pending != null) {
            Supplier<T> task = pending;
            Consumer<T> result = pendingResult;
            Consumer<Throwable> error = pendingError;
            pending = null;
            request(task, result, error);
        }
    }
}
