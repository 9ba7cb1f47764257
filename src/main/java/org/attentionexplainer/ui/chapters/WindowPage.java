package org.attentionexplainer.ui.chapters;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.attentionexplainer.export.AttentionFigures.MatrixRange;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.lesson.chapters.CourseExamples;
import org.attentionexplainer.lesson.chapters.WindowChapter;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.i18n.I18n;

/** Sliding-window attention: the band of keys, how far stacked layers still reach, the cache that stops growing. */
final class WindowPage extends ChapterPage<WindowChapter> {
    private final IntegerProperty window = new SimpleIntegerProperty(WindowChapter.DEFAULT_WINDOW);

    @Override
    ChapterText text() {
        return WindowChapter.TEXT;
    }

    @Override
    void start(ChapterWork work) {
        int last = lastWindow();
        work.saved().keepInt("slidingWindow", window, 1, last);
        computeWith(work, () -> {
            int w = window.get();
            return engine -> WindowChapter.compute(engine, w);
        }, window);
    }

    private static int lastWindow() {
        return CourseExamples.JOURNEY_TOKENS.size() - 1;
    }

    IntegerProperty windowProperty() {
        return window;
    }

    @Override
    Node create(ChaptersViewModel chapters) {
        I18n i18n = chapters.i18n();
        Spinner<Integer> w = Spinners.integer("window-w", 1, lastWindow(), window.get());
        w.valueProperty().addListener((o, a, b) -> window.set(b));
        window.addListener((o, a, b) -> w.getValueFactory().setValue(b.intValue()));
        Node controls = PageLayout.column("page-inputs",
                PageLayout.label(i18n.text("chapter.ui.window.w"), "page-caption"), w);

        var c = model();
        Node band = Maps.control("window-band", Maps.figure(i18n, c, x -> Maps.grid(
                List.of(weights(x, x.windowed().matrix(), x.window()), weights(x, x.causal().matrix(), null)),
                List.of(i18n.get("chapter.ui.window.withWindow", x.window()), i18n.get("chapter.ui.window.noWindow")),
                MatrixRange.UNIT, Maps.options(i18n, "chapter.window.title", "chapter.ui.weight", 2, 48))), 24);
        Label lost = PageLayout.text(i18n, Bindings.createObjectBinding(
                () -> c.get() == null ? null : c.get().lostText(), c), "window-lost", "page-result");
        Node reach = Maps.control("window-reach", Maps.figure(i18n, c, x -> reachMaps(i18n, x)), 16);
        Label reachText = PageLayout.text(i18n, Bindings.createObjectBinding(
                () -> c.get() == null ? null : c.get().reachText(2), c), "window-reach-text", "page-result");
        GridPane table = new GridPane();
        table.setId("window-cache");
        table.getStyleClass().add("chapter-table");
        fillTable(i18n, table);
        i18n.localeProperty().addListener((o, a, b) -> fillTable(i18n, table));
        answerSection("chapter.window.reach.title", "reach");
        answerSection("chapter.window.cache.title", "cache");
        return layout(chapters, controls, new VBox(part(band, lost),
                part(answer(chapters, reach, "reach"), answer(chapters, reachText, "reach")),
                linesPart(chapters, PageLayout.label(i18n.text("chapter.ui.window.table"), "page-heading"),
                        answer(chapters, table, "cache"))));
    }

    /** Causal weights; hidden where the future is, and where the window (if any) no longer reaches. */
    private static HeatmapData weights(WindowChapter x, float[][] m, Integer window) {
        return Maps.data(x.tokens(), x.tokens(), m, (i, j) -> j > i || (window != null && i - j > window));
    }

    /** Who reaches whom after 1 and 2 layers: 1 where key j's information can have arrived at query i. */
    private static Figure reachMaps(I18n i18n, WindowChapter x) {
        List<HeatmapData> maps = new ArrayList<>();
        List<String> titles = new ArrayList<>();
        for (int l = 1; l <= x.reach().size(); l++) {
            maps.add(Maps.data(x.tokens(), x.tokens(), x.reach().get(l - 1), (i, j) -> j > i));
            titles.add(i18n.get("chapter.ui.window.afterLayers", l));
        }
        return Maps.grid(maps, titles, MatrixRange.UNIT,
                Maps.options(i18n, "chapter.ui.window.reach", "chapter.ui.window.reaches", -1, 48), 0);
    }

    private static void fillTable(I18n i18n, GridPane grid) {
        grid.getChildren().clear();
        grid.addRow(0, cell(i18n.get("chapter.ui.window.col.tokens")), cell(i18n.get("chapter.ui.window.col.full")),
                cell(i18n.get("chapter.ui.window.col.windowed", WindowChapter.MISTRAL_WINDOW)));
        int r = 1;
        for (int t : WindowChapter.CONTEXTS) {
            grid.addRow(r++, cell(i18n.number(t, 0)),
                    cell(i18n.number(gib(WindowChapter.mistralCacheBytes(t, false)), 2)),
                    cell(i18n.number(gib(WindowChapter.mistralCacheBytes(t, true)), 2)));
        }
    }

    private static double gib(long bytes) {
        return bytes / (double) (1L << 30);
    }
}
