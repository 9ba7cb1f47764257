package org.attentionexplainer.ui.walkthrough;

import java.util.function.Supplier;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;

/**
 * "Reset to the course example" without losing a learner's work: the state before the reset is
 * kept, and one undo brings it back, until the learner edits again (then the reset is theirs).
 */
final class ResetUndo {
    private final ReadOnlyBooleanWrapper available = new ReadOnlyBooleanWrapper(this, "available");
    private Runnable restore;
    private boolean busy;

    /** @param edits the inputs whose change after a reset ends the undo */
    ResetUndo(Observable... edits) {
        InvalidationListener edited = o -> {
            if (!busy) {
                forget();
            }
        };
        for (Observable o : edits) {
            o.addListener(edited);
        }
    }

    /** Keeps what {@code snapshot} captures (a way to bring it back), then runs {@code reset}. */
    void reset(Supplier<Runnable> snapshot, Runnable reset) {
        Runnable back = snapshot.get();
        run(reset);
        restore = back;
        available.set(true);
    }

    /** Brings back the state before the last reset; false if there is none. */
    boolean undo() {
        if (restore == null) {
            return false;
        }
        Runnable back = restore;
        forget();
        run(back);
        return true;
    }

    ReadOnlyBooleanProperty availableProperty() {
        return available.getReadOnlyProperty();
    }

    private void run(Runnable change) {
        busy = true;
        try {
            change.run();
        } finally {
            busy = false;
        }
    }

    private void forget() {
        restore = null;
        available.set(false);
    }
}
