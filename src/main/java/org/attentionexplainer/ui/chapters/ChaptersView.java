package org.attentionexplainer.ui.chapters;

import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.ui.common.BookView;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * The chapters as a book of pages: the header ("chapter n of N", title, a failure line, the
 * export notice, Index, back and next), the chapter index over the page when asked for, and
 * the current chapter's page below.
 */
public final class ChaptersView {
    private final ChaptersViewModel model;
    private final I18n i18n;
    private final ObjectProperty<Figure> liveFigure = new SimpleObjectProperty<>(this, "liveFigure");
    private final StringProperty notice = new SimpleStringProperty(this, "notice", "");

    public ChaptersView(ChaptersViewModel model) {
        this.model = model;
        this.i18n = model.i18n();
    }

    public Parent createView() {
        BookView<ChapterPage<?>> book = new BookView<>(model.book(), i18n, "chapter", "chapter.ui.progress",
                p -> p.text().titleKey(), p -> "chapter-" + p.id(), p -> p.create(model));
        Label error = PageLayout.label(model.errorProperty(), "error-text");
        Label exported = PageLayout.label(notice, "hint");
        exported.setId("chapter-export-notice");
        Button index = book.button("chapter-index-button", "chapter.ui.indexButton");
        index.setOnAction(e -> model.toggleIndex());
        book.onShow(page -> {
            notice.set("");
            liveFigure.unbind();
            liveFigure.set(null);
            HeatmapControl map = firstMap(page);
            if (map != null) {
                liveFigure.bind(map.figureProperty());
            }
            // the page, not its first field, takes the focus, so that presenter keys keep working
            book.pageArea().requestFocus();
        });
        Parent root = book.create(List.of(error), List.of(exported, index), index(), "chapters");
        book.show();
        return root;
    }

    /**
     * The first heatmap of a page, depth first; a scroll pane's content counts although it
     * becomes a child only once the pane is skinned.
     */
    private static HeatmapControl firstMap(Node node) {
        if (node instanceof HeatmapControl map) {
            return map;
        }
        if (node instanceof ScrollPane scroll) {
            return scroll.getContent() == null ? null : firstMap(scroll.getContent());
        }
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                HeatmapControl found = firstMap(child);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /** The line in the header after an export ("Exported 1 file to …"), until the chapter changes. */
    StringProperty noticeProperty() {
        return notice;
    }

    /** The first map of the chapter shown (what File › Export exports), or null if it has none. */
    ReadOnlyObjectProperty<Figure> liveFigureProperty() {
        return liveFigure;
    }

    /** A teacher's reset of every answer cannot be undone: asked first. */
    private static boolean confirm(Node owner, String text) {
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION, text, ButtonType.OK, ButtonType.CANCEL);
        ask.initOwner(owner.getScene().getWindow());
        ask.setHeaderText(null);
        return ask.showAndWait().filter(b -> b == ButtonType.OK).isPresent();
    }

    private Node index() {
        VBox list = new VBox();
        list.setId("chapter-index");
        list.getStyleClass().addAll("card", "chapter-index");
        list.getChildren().add(PageLayout.label(i18n.text("chapter.ui.index"), "subtitle"));
        List<ChapterPage<?>> chapters = model.chapters();
        // the chapters in one column of equal buttons, each one's progress beside it
        GridPane rows = new GridPane();
        rows.getStyleClass().add("chapter-index-rows");
        for (int i = 0; i < chapters.size(); i++) {
            ChapterPage<?> c = chapters.get(i);
            int n = i + 1;
            Button b = new Button();
            b.setId("index-" + c.id());
            b.textProperty().bind(Bindings.createStringBinding(() -> n + ". " + i18n.get(c.text().titleKey()),
                    i18n.localeProperty()));
            b.setMaxWidth(Double.MAX_VALUE);
            int target = i;
            b.setOnAction(e -> model.goTo(target));
            Label done = PageLayout.label(model.chapterProgressText(c), "hint");
            done.setId("index-progress-" + c.id());
            done.setMinWidth(Region.USE_PREF_SIZE);
            rows.addRow(i, b, done);
        }
        list.getChildren().add(rows);
        Button resetAll = new Button();
        resetAll.setId("chapter-reset-all");
        resetAll.textProperty().bind(i18n.text("quiz.resetAll"));
        resetAll.setOnAction(e -> {
            if (confirm(list, i18n.get("quiz.resetAllConfirm"))) {
                model.resetAllProgress();
            }
        });
        list.getChildren().add(resetAll);
        list.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        list.visibleProperty().bind(model.indexShownProperty());
        // in presentation mode's large type the index is taller than a projector's screen: it scrolls,
        // and while closed it takes no room, rather than making the page taller than the window
        ScrollPane scroll = new ScrollPane(list);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().addAll("edge-to-edge", "chapter-index-scroll");
        scroll.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        scroll.visibleProperty().bind(list.visibleProperty());
        scroll.managedProperty().bind(scroll.visibleProperty());
        return scroll;
    }
}
