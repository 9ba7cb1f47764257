package org.attentionexplainer.ui.shell;

import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;

/**
 * The one way screens run heavy work off the FX thread: a task runs on the injected executor
 * and its result comes back on the FX thread. Tests inject a same-thread executor and a
 * same-thread "FX" executor so everything is synchronous.
 */
public final class BackgroundWork {
    private final Executor worker;
    private final Executor fx;
    private final IntegerProperty running = new SimpleIntegerProperty();

    public BackgroundWork(Executor worker, Executor fx) {
        this.worker = worker;
        this.fx = fx;
    }

    /** Runs on a daemon worker thread and returns to the JavaFX thread. */
    public static BackgroundWork forApp(Executor worker) {
        return new BackgroundWork(worker, Platform::runLater);
    }

    public static BackgroundWork sameThread() {
        return new BackgroundWork(Runnable::run, Runnable::run);
    }

    /** How many tasks are running now (the status bar shows it). */
    public IntegerProperty runningProperty() {
        return running;
    }

    /** Runs {@code action} on the FX thread (at once in tests). */
    public void onFx(Runnable action) {
        fx.execute(action);
    }

    /**
     * Runs {@code task} on the worker, then {@code onResult} or {@code onError} on the FX thread. Once
     * the worker is shut down (the app is closing) a task is dropped: a screen's late request, such as a
     * coalesced slider step, then asks for nothing and raises nothing.
     */
    public <T> void submit(Supplier<T> task, Consumer<T> onResult, Consumer<Throwable> onError) {
        running.set(running.get() + 1);
        try {
            execute(task, onResult, onError);
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            running.set(running.get() - 1);
        }
    }

    private <T> void execute(Supplier<T> task, Consumer<T> onResult, Consumer<Throwable> onError) {
        worker.execute(() -> {
            T result;
            try {
                result = task.get();
            } catch (RuntimeException | Error e) {
                fx.execute(() -> {
                    running.set(running.get() - 1);
                    onError.accept(e);
                });
                return;
            }
            fx.execute(() -> {
                running.set(running.get() - 1);
                onResult.accept(result);
            });
        });
    }
}
