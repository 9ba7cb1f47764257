package org.attentionexplainer.ui.common;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * A {@link Book} on screen: a header with "n of N", the page's title, the book's own parts
 * (a notice, an Export or Index button), back and next and a progress bar; below it the page
 * shown, each page built the first time it is shown and kept.
 *
 * @param <P> what a page is
 */
public final class BookView<P> {
    private final Book<P> book;
    private final I18n i18n;
    private final String idPrefix;
    private final String progressKey;
    private final Function<P, String> titleKey;
    private final Function<P, String> nodeId;
    private final Function<P, Node> make;
    private final StackPane pageArea = new StackPane();
    private final Map<P, Node> pages = new HashMap<>();
    private final List<Consumer<Node>> shownListeners = new ArrayList<>();

    /**
     * @param idPrefix    prefix of the header's node ids ("walk": walk-progress, walk-title, walk-back, walk-next)
     * @param progressKey the message of "n of N" (arguments n, N)
     * @param titleKey    the message key of a page's title
     * @param nodeId      the node id of a page
     * @param make        builds a page
     */
    public BookView(Book<P> book, I18n i18n, String idPrefix, String progressKey, Function<P, String> titleKey,
                    Function<P, String> nodeId, Function<P, Node> make) {
        this.book = book;
        this.i18n = i18n;
        this.idPrefix = idPrefix;
        this.progressKey = progressKey;
        this.titleKey = titleKey;
        this.nodeId = nodeId;
        this.make = make;
    }

    /**
     * The book: its header with {@code beforeSpacer} after the title and {@code afterSpacer}
     * before back and next, the page below, and {@code overlay} (null for none) over the page.
     */
    public Parent create(List<Node> beforeSpacer, List<Node> afterSpacer, Node overlay, String... styleClasses) {
        BorderPane root = new BorderPane();
        root.getStyleClass().add("pages");
        root.getStyleClass().addAll(styleClasses);
        root.getStylesheets().add(PageLayout.stylesheet());
        root.setTop(header(beforeSpacer, afterSpacer));
        pageArea.getStyleClass().add("page-area");
        root.setCenter(overlay == null ? pageArea : new StackPane(pageArea, overlay));
        book.currentProperty().addListener((o, a, b) -> show(b));
        return root;
    }

    /** Calls {@code listener} with each page as it is shown. */
    public void onShow(Consumer<Node> listener) {
        shownListeners.add(listener);
    }

    /** Shows the current page now. */
    public void show() {
        show(book.currentProperty().get());
    }

    /**
     * Shows the current page once the window's first frame (menu, navigation, this header) has
     * been laid out: the window opens without waiting for it.
     */
    public void showAfterFirstFrame() {
        pageArea.sceneProperty().addListener((o, a, scene) -> {
            if (scene != null && pageArea.getChildren().isEmpty()) {
                showAfterFirstFrame(scene);
            }
        });
    }

    private void showAfterFirstFrame(Scene scene) {
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            scene.removePostLayoutPulseListener(once[0]);
            Platform.runLater(() -> {
                if (pageArea.getChildren().isEmpty()) {
                    show();
                }
            });
        };
        scene.addPostLayoutPulseListener(once[0]);
        Platform.requestNextPulse();
    }

    private void show(P p) {
        Node page = pages.computeIfAbsent(p, make);
        page.setId(nodeId.apply(p));
        pageArea.getChildren().setAll(page);
        shownListeners.forEach(l -> l.accept(page));
    }

    /** Where the page shown is. */
    public StackPane pageArea() {
        return pageArea;
    }

    private Node header(List<Node> beforeSpacer, List<Node> afterSpacer) {
        Label progress = new Label();
        progress.setId(idPrefix + "-progress");
        progress.getStyleClass().add("page-progress");
        progress.textProperty().bind(book.progressText(i18n, progressKey));
        progress.setMinWidth(Region.USE_PREF_SIZE);
        Label title = new Label();
        title.setId(idPrefix + "-title");
        title.getStyleClass().add("subtitle");
        title.textProperty().bind(Bindings.createStringBinding(
                () -> i18n.get(titleKey.apply(book.currentProperty().get())), book.currentProperty(),
                i18n.localeProperty()));
        // on a narrow slide a long title wraps at a word rather than push the header past the window's edge
        title.setWrapText(true);
        title.setMinWidth(Region.USE_COMPUTED_SIZE);
        Button back = button(idPrefix + "-back", "walk.back");
        back.disableProperty().bind(book.indexProperty().isEqualTo(0));
        back.setOnAction(e -> book.previous());
        Button next = button(idPrefix + "-next", "walk.next");
        // the last page is no dead end: Next leads on to the next part of the app
        javafx.beans.binding.BooleanBinding last = book.indexProperty().isEqualTo(book.pages().size() - 1);
        next.disableProperty().bind(last.and(book.onwardProperty().isNull()));
        next.textProperty().unbind();
        next.textProperty().bind(Bindings.createStringBinding(() -> last.get() && book.onwardProperty().get() != null
                ? i18n.get(book.onwardProperty().get().labelKey()) : i18n.get("walk.next"),
                last, book.onwardProperty(), i18n.localeProperty()));
        next.setOnAction(e -> {
            if (last.get() && book.onwardProperty().get() != null) {
                book.onwardProperty().get().go().run();
            } else {
                book.next();
            }
        });
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox row = new HBox(progress, title);
        row.getChildren().addAll(beforeSpacer);
        row.getChildren().add(spacer);
        row.getChildren().addAll(afterSpacer);
        row.getChildren().addAll(back, next);
        row.getStyleClass().add("page-header-row");
        ProgressBar bar = new ProgressBar();
        bar.getStyleClass().add("page-progress-bar");
        bar.progressProperty().bind(book.indexProperty().add(1).divide((double) book.pages().size()));
        bar.setMaxWidth(Double.MAX_VALUE);
        VBox header = new VBox(row, bar);
        header.getStyleClass().add("page-header");
        return header;
    }

    /** A header button that never takes the focus, so that presenter keys keep working. */
    public Button button(String id, String key) {
        Button b = new Button();
        b.setId(id);
        b.textProperty().bind(i18n.text(key));
        b.setMinWidth(Region.USE_PREF_SIZE);
        return b;
    }
}
