package org.attentionexplainer.engine.tinygpt;

/**
 * Pauses, resumes and cancels a training run from another thread; the run looks between steps.
 * A cancelled run ends with {@link TrainingCancelledException} and leaves no model.
 */
public final class TrainingControl {
    private boolean paused;
    private boolean cancelled;

    public synchronized void pause() {
        paused = true;
    }

    public synchronized void resume() {
        paused = false;
        notifyAll();
    }

    public synchronized void cancel() {
        cancelled = true;
        notifyAll();
    }

    public synchronized boolean isPaused() {
        return paused;
    }

    public synchronized boolean isCancelled() {
        return cancelled;
    }

    /**
     * Waits while paused; returns the milliseconds spent waiting.
     *
     * @throws TrainingCancelledException when the run was cancelled (or its thread interrupted)
     */
    synchronized long awaitGo() {
        long start = System.nanoTime();
        while (paused && !cancelled) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                cancelled = true;
            }
        }
        if (cancelled || Thread.currentThread().isInterrupted()) {
            cancelled = true;
            throw new TrainingCancelledException();
        }
        return (System.nanoTime() - start) / 1_000_000;
    }
}
