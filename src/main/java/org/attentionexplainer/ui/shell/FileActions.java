package org.attentionexplainer.ui.shell;

import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableStringValue;
import javafx.stage.Window;

/**
 * What a screen offers the File menu (and its own export menu, which calls the same
 * actions): each action is available or not for what the screen shows now, and says why not.
 */
public interface FileActions {
    /** True while {@code action} applies to what the screen shows. */
    ObservableBooleanValue available(FileAction action);

    /** Why {@code action} does not apply now (for a tooltip); empty while it does. */
    ObservableStringValue whyNot(FileAction action);

    /** Asks what is needed (format, file) and does it; every failure is a dialog. */
    void run(FileAction action, Window owner);
}
