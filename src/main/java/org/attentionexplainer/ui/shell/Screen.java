package org.attentionexplainer.ui.shell;

import javafx.scene.Node;

/**
 * One part of the app shown in the main window (the walkthrough, the heatmap explorer, ...).
 * Screens that have steps take the presenter keys (Right/Left, Page Up/Down, Space, Home/End).
 */
public interface Screen {
    /** A stable id, used for the node id and to remember the last screen. */
    String id();

    /** The message key of its name in the navigation. */
    String titleKey();

    /** The view, created once. */
    Node view();

    /**
     * True if the screen takes the navigation's room on windows of up to 1280 px too (the main window keeps
     * the navigation beside other screens down to a narrower window).
     */
    default boolean wide() {
        return false;
    }

    /** Step forward; false if this screen has no steps or is at its end. */
    default boolean next() {
        return false;
    }

    default boolean previous() {
        return false;
    }

    default boolean first() {
        return false;
    }

    default boolean last() {
        return false;
    }

    /**
     * Space in class mode: reveals the answer of the quiz question shown, then steps through the
     * questions; false if there is nothing to reveal (Space then turns the page).
     */
    default boolean revealAnswer() {
        return false;
    }

    /** Opens or closes the screen's index (chapters); false if it has none. */
    default boolean toggleIndex() {
        return false;
    }

    /** Closes an overlay the screen shows (the chapter index); false if none was open. */
    default boolean closeOverlay() {
        return false;
    }

    /**
     * Opens a file given to the window (dropped on it, or chosen from File > Open recent); false
     * if this screen does not take such files.
     */
    default boolean open(java.nio.file.Path file, javafx.stage.Window owner) {
        return false;
    }

    /** What the File menu can export or save from this screen; empty if nothing. */
    default java.util.Optional<FileActions> fileActions() {
        return java.util.Optional.empty();
    }

    /**
     * Given at start-up: shows the screen with that id. A screen leads on with it (the
     * walkthrough's last step to the chapters) without knowing the other screens.
     */
    default void setNavigator(java.util.function.Consumer<String> goTo) {
    }

    /**
     * Given at start-up: hands a trained model, with the text to run first, to the screen that
     * shows trained models, which is then shown (the tiny GPT's "Show in the real-model view").
     */
    default void setModelOpener(java.util.function.BiConsumer<org.attentionexplainer.engine.model.TransformerModel,
            String> open) {
    }

    /** Shows a model handed over by another screen, running {@code text}; false if this screen shows none. */
    default boolean openModel(org.attentionexplainer.engine.model.TransformerModel model, String text) {
        return false;
    }

    /** Told when presentation mode starts or ends, to reduce its text to headlines. */
    default void setPresenting(boolean on) {
    }

    /**
     * What the presenter console shows while this screen is presented, following the page, its
     * part and the language; null for a screen without pages (the console then names the screen).
     */
    default javafx.beans.value.ObservableValue<Cue> cue() {
        return null;
    }
}
