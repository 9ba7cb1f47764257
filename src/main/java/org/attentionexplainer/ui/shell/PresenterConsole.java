package org.attentionexplainer.ui.shell;

import java.util.function.BiConsumer;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.binding.Bindings;
import javafx.beans.property.LongProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Pos;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.util.Duration;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * The teacher's window while the slide is on the projector: what the class sees now, what the
 * next press of the forward key shows, the page's own text to speak from, the time since the
 * presentation started, back and forward buttons and an end button. Its keys are the main
 * window's presenter keys.
 */
final class PresenterConsole {
    private final MainViewModel model;
    private final Stage stage = new Stage();
    private final LongProperty seconds = new SimpleLongProperty();
    private final Timeline clock;

    /**
     * @param slide the main window's scene, whose theme the console takes
     * @param keys  the window's key handling, given a key and the scene it was pressed in
     */
    PresenterConsole(MainViewModel model, Scene slide, BiConsumer<KeyEvent, Scene> keys) {
        this.model = model;
        Scene scene = new Scene(createView());
        Bindings.bindContent(scene.getStylesheets(), slide.getStylesheets());
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> keys.accept(e, scene));
        stage.setScene(scene);
        stage.titleProperty().bind(model.i18n().text("present.console.title"));
        // closing the console ends the presentation, as the end button does
        stage.setOnCloseRequest(e -> model.presentingProperty().set(false));
        long start = System.nanoTime();
        clock = new Timeline(new KeyFrame(Duration.seconds(1),
                e -> seconds.set((System.nanoTime() - start) / 1_000_000_000L)));
        clock.setCycleCount(Animation.INDEFINITE);
    }

    private Region createView() {
        I18n i18n = model.i18n();
        ObservableValue<Cue> cue = model.cue();
        Label now = bound("console-now", "console-now", cue.map(Cue::now).orElse(""));
        Label next = bound("console-upcoming", "console-upcoming",
                Bindings.createStringBinding(() -> cue.getValue() == null || cue.getValue().next() == null
                        ? i18n.get("present.console.last") : cue.getValue().next(), cue, i18n.localeProperty()));
        Label notes = bound("console-notes", "console-notes",
                Bindings.createStringBinding(() -> cue.getValue() == null || cue.getValue().notes().isEmpty()
                        ? i18n.get("present.console.noNotes") : cue.getValue().notes(), cue, i18n.localeProperty()));
        ScrollPane notesScroll = new ScrollPane(notes);
        notesScroll.setFitToWidth(true);
        notesScroll.getStyleClass().add("console-notes-scroll");
        VBox.setVgrow(notesScroll, Priority.ALWAYS);
        // a new page's notes are read from their start, wherever the last page's were scrolled to
        notes.textProperty().addListener((o, was, text) -> notesScroll.setVvalue(0));

        Button previous = button("console-previous", "present.console.previous", model::previous);
        Button forward = button("console-forward", "present.console.forward", model::next);
        Button end = button("console-end", "present.console.end", () -> model.presentingProperty().set(false));
        Label elapsed = bound("console-elapsed", "console-elapsed", Bindings.createStringBinding(
                () -> i18n.get("present.console.elapsed", clockText(seconds.get())), seconds, i18n.localeProperty()));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox buttons = new HBox(previous, forward, spacer, elapsed, end);
        buttons.setAlignment(Pos.CENTER_LEFT);
        buttons.getStyleClass().add("console-buttons");

        VBox root = new VBox(caption("present.console.now"), now, caption("present.console.next"), next,
                caption("present.console.notes"), notesScroll, buttons);
        root.setId("presenter-console");
        root.getStyleClass().add("presenter-console");
        return root;
    }

    /** Hours, minutes and seconds as a clock shows them: 0:07, 12:30, 1:02:05. */
    static String clockText(long seconds) {
        long h = seconds / 3600;
        long m = seconds / 60 % 60;
        long s = seconds % 60;
        return h > 0 ? String.format(java.util.Locale.ROOT, "%d:%02d:%02d", h, m, s)
                : String.format(java.util.Locale.ROOT, "%d:%02d", m, s);
    }

    private Label caption(String key) {
        Label label = new Label();
        label.textProperty().bind(model.i18n().text(key));
        label.getStyleClass().add("console-caption");
        return label;
    }

    private static Label bound(String id, String styleClass, ObservableValue<String> text) {
        Label label = new Label();
        label.setId(id);
        label.textProperty().bind(text);
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
        label.getStyleClass().add(styleClass);
        return label;
    }

    private Button button(String id, String key, Runnable action) {
        Button b = new Button();
        b.setId(id);
        b.textProperty().bind(model.i18n().text(key));
        b.setMinWidth(Region.USE_PREF_SIZE);
        b.setOnAction(e -> action.run());
        return b;
    }

    /** Opens the console filling {@code bounds} (the teacher's display) and starts the clock. */
    void show(Rectangle2D bounds) {
        stage.setX(bounds.getMinX());
        stage.setY(bounds.getMinY());
        stage.setWidth(bounds.getWidth());
        stage.setHeight(bounds.getHeight());
        stage.show();
        stage.toFront();
        stage.getScene().getRoot().requestFocus();
        clock.play();
    }

    void close() {
        clock.stop();
        stage.hide();
    }
}
