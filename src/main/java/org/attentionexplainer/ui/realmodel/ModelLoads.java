package org.attentionexplainer.ui.realmodel;

import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import org.attentionexplainer.engine.bert.ModelLoadException;
import org.attentionexplainer.engine.model.TransformerModel;
import org.attentionexplainer.ui.shell.BackgroundWork;

/**
 * Runs the real-model screen's model loads on the worker, each with its own Cancel flag, the
 * progress coming back on the FX thread. A load cancelled after its last read still ends as
 * cancelled: the model shown stays, as the user asked.
 */
final class ModelLoads {
    /** Loads a model on the worker: progress in fractions, and whether the user has cancelled. */
    interface Loader {
        TransformerModel load(DoubleConsumer progress, BooleanSupplier cancelled) throws ModelLoadException;
    }

    private final BackgroundWork work;
    private final ReadOnlyBooleanWrapper cancellable = new ReadOnlyBooleanWrapper(this, "cancellable");
    private AtomicBoolean cancelled = new AtomicBoolean();
    private int running;
    private volatile long nanos;

    ModelLoads(BackgroundWork work) {
        this.work = work;
    }

    /**
     * Starts a load.
     *
     * @param canCancel whether {@link #cancel()} applies (the built-in model's load runs to its end)
     * @param progress  told fractions on the FX thread
     * @param onError   told, on the FX thread, of a failure or of a {@link CancellationException}
     */
    void run(boolean canCancel, Loader loader, DoubleConsumer progress, Consumer<TransformerModel> onLoaded,
             Consumer<Throwable> onError) {
        AtomicBoolean flag = new AtomicBoolean();
        cancelled = flag;
        cancellable.set(canCancel);
        running++;
        work.submit(() -> {
            long t0 = System.nanoTime();
            try {
                TransformerModel m = loader.load(f -> work.onFx(() -> progress.accept(f)), flag::get);
                nanos = System.nanoTime() - t0;
                return m;
            } catch (ModelLoadException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }, m -> {
            finished(flag);
            if (flag.get()) {
                onError.accept(new CancellationException());
            } else {
                onLoaded.accept(m);
            }
        }, e -> {
            finished(flag);
            onError.accept(e);
        });
    }

    /** A load ended; Cancel stays for a newer one still running. */
    private void finished(AtomicBoolean flag) {
        running--;
        if (flag == cancelled) {
            cancellable.set(false);
        }
    }

    /** True while a load has not ended (one may wait behind another on the worker). */
    boolean busy() {
        return running > 0;
    }

    /** Stops the load in progress, if it can be stopped. */
    void cancel() {
        if (cancellable.get()) {
            cancelled.set(true);
        }
    }

    /** How long the last load took. */
    double seconds() {
        return nanos / 1e9;
    }

    ReadOnlyBooleanProperty cancellableProperty() {
        return cancellable.getReadOnlyProperty();
    }
}
