package org.attentionexplainer.ui.chapters;

import java.util.EnumMap;
import java.util.Map;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.attentionexplainer.lesson.chapters.ChapterId;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.walkthrough.WalkthroughView;

/**
 * The chapters, with the walkthrough's header ("chapter n of N", title, back/next and a bar),
 * the chapter index over the page when asked for, and the current chapter's page below.
 */
public final class ChaptersView {
    private final ChaptersViewModel model;
    private final I18n i18n;
    private final StackPane pageArea = new StackPane();
    private final Map<ChapterId, Node> pages = new EnumMap<>(ChapterId.class);
    private final Map<ChapterId, Supplier<Node>> builders = new EnumMap<>(ChapterId.class);
    private final ObjectProperty<Figure> liveFigure = new SimpleObjectProperty<>(this, "liveFigure");
    private final StringProperty notice = new SimpleStringProperty(this, "notice", "");

    public ChaptersView(ChaptersViewModel model) {
        this.model = model;
        this.i18n = model.i18n();
    }

    public Parent createView() {
        AttentionPages attention = new AttentionPages(model);
        BlockPages block = new BlockPages(model);
        builders.put(ChapterId.CAUSAL, attention::causal);
        builders.put(ChapterId.MULTI_HEAD, attention::multiHead);
        builders.put(ChapterId.MASKS, attention::masks);
        builders.put(ChapterId.HARD_SOFT, attention::hardSoft);
        builders.put(ChapterId.CROSS, attention::cross);
        builders.put(ChapterId.ENCODER, block::encoder);
        builders.put(ChapterId.STABILITY, block::stability);
        builders.put(ChapterId.COST, () -> new CostPage(model).create());
        builders.put(ChapterId.EDGE_CASES, block::edgeCases);

        BorderPane root = new BorderPane();
        root.getStyleClass().addAll("walkthrough", "chapters");
        root.getStylesheets().addAll(WalkthroughView.class.getResource("walkthrough.css").toExternalForm(),
                ChaptersView.class.getResource("chapters.css").toExternalForm());
        root.setTop(header());
        pageArea.getStyleClass().add("walk-page-area");
        StackPane center = new StackPane(pageArea, index());
        root.setCenter(center);
        show(model.chapterProperty().get());
        model.chapterProperty().addListener((o, a, b) -> show(b));
        return root;
    }

    private void show(ChapterId chapter) {
        Node page = pages.computeIfAbsent(chapter, c -> builders.get(c).get());
        page.setId("chapter-" + chapter.id());
        pageArea.getChildren().setAll(page);
        notice.set("");
        liveFigure.unbind();
        liveFigure.set(null);
        HeatmapControl map = firstMap(page);
        if (map != null) {
            liveFigure.bind(map.figureProperty());
        }
        // the page, not its first field, takes the focus, so that presenter keys keep working
        pageArea.requestFocus();
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

    private Node index() {
        VBox list = new VBox();
        list.setId("chapter-index");
        list.getStyleClass().addAll("card", "chapter-index");
        list.getChildren().add(ChapterLayout.label(i18n.text("chapter.ui.index"), "subtitle"));
        for (ChapterId c : model.chapters()) {
            Button b = new Button();
            b.setId("index-" + c.id());
            b.textProperty().bind(Bindings.createStringBinding(() -> (c.ordinal() + 1) + ". " + i18n.get(c.titleKey()),
                    i18n.localeProperty()));
            b.setMaxWidth(Double.MAX_VALUE);
            b.setOnAction(e -> model.goTo(c));
            list.getChildren().add(b);
        }
        list.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        list.visibleProperty().bind(model.indexShownProperty());
        return list;
    }

    private Node header() {
        Label progress = new Label();
        progress.setId("chapter-progress");
        progress.getStyleClass().add("walk-progress");
        progress.textProperty().bind(model.progressText());
        progress.setMinWidth(Region.USE_PREF_SIZE);
        Label title = new Label();
        title.setId("chapter-title");
        title.getStyleClass().add("subtitle");
        title.textProperty().bind(Bindings.createStringBinding(
                () -> i18n.get(model.chapterProperty().get().titleKey()), model.chapterProperty(),
                i18n.localeProperty()));
        title.setMinWidth(Region.USE_PREF_SIZE);
        Button index = button("chapter-index-button", "chapter.ui.indexButton");
        index.setOnAction(e -> model.toggleIndex());
        Button back = button("chapter-back", "walk.back");
        back.disableProperty().bind(model.indexProperty().isEqualTo(0));
        back.setOnAction(e -> model.previous());
        Button next = button("chapter-next", "walk.next");
        next.disableProperty().bind(model.indexProperty().isEqualTo(model.chapters().size() - 1));
        next.setOnAction(e -> model.next());
        Label error = ChapterLayout.label(model.models().errorProperty(), "error-text");
        Label exported = ChapterLayout.label(notice, "hint");
        exported.setId("chapter-export-notice");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox row = new HBox(progress, title, error, spacer, exported, index, back, next);
        row.getStyleClass().add("walk-header-row");
        ProgressBar bar = new ProgressBar();
        bar.getStyleClass().add("walk-progress-bar");
        bar.progressProperty().bind(model.indexProperty().add(1).divide((double) model.chapters().size()));
        bar.setMaxWidth(Double.MAX_VALUE);
        VBox header = new VBox(row, bar);
        header.getStyleClass().add("walk-header");
        return header;
    }

    private Button button(String id, String key) {
        Button b = new Button();
        b.setId(id);
        b.textProperty().bind(i18n.text(key));
        b.setMinWidth(Region.USE_PREF_SIZE);
        return b;
    }

}
