package org.attentionexplainer.ui.chapters;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.attentionexplainer.lesson.Text;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.lesson.chapters.FlashChapter;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.i18n.I18n;

/** FlashAttention: the online softmax a tile at a time, m, l and the rescale of every row, block sizes to set. */
final class FlashPage extends ChapterPage<FlashChapter> {
    /** The most tiles there can be: blocks of 1 × 1. */
    private static final int MAX_STEPS = FlashChapter.TOKENS * FlashChapter.TOKENS;
    private final IntegerProperty blockQ = new SimpleIntegerProperty(FlashChapter.DEFAULT_BLOCK_Q);
    private final IntegerProperty blockK = new SimpleIntegerProperty(FlashChapter.DEFAULT_BLOCK_K);
    private final Steps steps = new Steps();

    @Override
    ChapterText text() {
        return FlashChapter.TEXT;
    }

    @Override
    void start(ChapterWork work) {
        var saved = work.saved();
        saved.keepInt("flashBlockQ", blockQ, 1, FlashChapter.TOKENS);
        saved.keepInt("flashBlockK", blockK, 1, FlashChapter.TOKENS);
        steps.setCount(MAX_STEPS);
        saved.keepInt("flashStep", steps.stepProperty(), 1, MAX_STEPS);
        model().addListener((o, a, b) -> steps.setCount(b == null ? 1 : b.stepCount()));
        computeWith(work, () -> {
            int q = blockQ.get();
            int k = blockK.get();
            return engine -> FlashChapter.compute(engine, q, k);
        }, blockQ, blockK);
    }

    IntegerProperty blockQProperty() {
        return blockQ;
    }

    IntegerProperty blockKProperty() {
        return blockK;
    }

    /** The tile shown, from 1. */
    @Override
    Steps steps() {
        return steps;
    }

    @Override
    Node create(ChaptersViewModel chapters) {
        I18n i18n = chapters.i18n();
        GridPane blocks = new GridPane();
        blocks.getStyleClass().add("chapter-table");
        blocks.addRow(0, PageLayout.label(i18n.text("chapter.ui.flash.blockQ"), "page-caption"),
                spinner("flash-block-q", blockQ));
        blocks.addRow(1, PageLayout.label(i18n.text("chapter.ui.flash.blockK"), "page-caption"),
                spinner("flash-block-k", blockK));
        Node controls = PageLayout.column("page-inputs", blocks,
                steps.control(i18n, "flash", answersHidden(chapters, "tiles")));

        var c = model();
        var step = steps.stepProperty();
        Node map = Maps.control("flash-map", Maps.figure(i18n, Bindings.createObjectBinding(
                () -> c.get() == null || step.get() > c.get().stepCount() ? null : new Shown(c.get(), step.get()),
                c, step), s -> figure(i18n, s)), 29);
        GridPane perRow = new GridPane();
        perRow.setId("flash-rows");
        perRow.getStyleClass().add("chapter-table");
        Runnable refill = () -> fillRows(i18n, perRow, c.get(), step.get());
        c.addListener((o, a, b) -> refill.run());
        step.addListener((o, a, b) -> refill.run());
        i18n.localeProperty().addListener((o, a, b) -> refill.run());
        refill.run();
        Label stepLine = text(i18n, "flash-step-text", () -> c.get() == null || step.get() > c.get().stepCount()
                ? null : c.get().stepText(step.get()), c, step);
        Label diff = text(i18n, "flash-difference", () -> c.get() == null ? null : c.get().differenceText(), c);
        Label memory = text(i18n, "flash-memory", () -> c.get() == null ? null : c.get().memoryText(), c);
        answerSection("chapter.flash.memory.title", "same");
        // the map fills a slide: the running m and l follow as a part of their own, stepped a tile at a time again
        return layout(chapters, controls, new VBox(part(steps, map), linesPart(chapters, steps,
                answer(chapters, stepLine, "tiles", "rescale"), answer(chapters, perRow, "rescale"),
                answer(chapters, diff, "same"), memory)));
    }

    private static Spinner<Integer> spinner(String id, IntegerProperty value) {
        Spinner<Integer> s = Spinners.integer(id, 1, FlashChapter.TOKENS, value.get());
        s.setPrefWidth(90);
        s.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        s.valueProperty().addListener((o, a, b) -> value.set(b));
        value.addListener((o, a, b) -> s.getValueFactory().setValue(b.intValue()));
        return s;
    }

    /** The numbers and the step shown, together, for the figure. */
    private record Shown(FlashChapter chapter, int step) {
    }

    private static Label text(I18n i18n, String id, Callable<Text> make, Observable... deps) {
        return PageLayout.text(i18n, Bindings.createObjectBinding(make, deps), id, "page-result");
    }

    /**
     * The logits of the tile in flight, the rest hatched: it is not in fast memory now. One
     * decimal, so that the numbers fit the cells; the table below has m and l to four.
     */
    private static Figure figure(I18n i18n, Shown s) {
        FlashChapter c = s.chapter();
        FlashChapter.Tile tile = c.tile(s.step());
        List<String> rows = labels("q", c.queries());
        List<String> keys = labels("k", c.keys());
        HeatmapData logits = Maps.data(rows, keys, c.logits().matrix(), (i, j) -> !tile.holds(i, j));
        HeatmapData all = Maps.data(rows, keys, c.logits().matrix(), null);
        return Maps.auto(logits, List.of(all),
                Maps.options(i18n, "chapter.ui.flash.map", "chapter.ui.flash.logit", 1, 52)
                        .withLegend(true, i18n.get("chapter.ui.flash.logit"), i18n.get("chapter.ui.flash.notHeld")));
    }

    /**
     * Every row after the step: m before and after, the rescale factor e^(m_old − m_new), l; "–"
     * where a row has not started (or, for m before and the rescale, is not in the tile).
     */
    private static void fillRows(I18n i18n, GridPane grid, FlashChapter c, int step) {
        grid.getChildren().clear();
        if (c == null || step > c.stepCount()) {
            return;
        }
        FlashChapter.State st = c.state(step);
        grid.addRow(0, cell(""), cell(i18n.get("chapter.ui.flash.mOld")), cell(i18n.get("chapter.ui.flash.mNew")),
                cell(i18n.get("chapter.ui.flash.rescale")), cell("l"));
        for (int i = 0; i < c.queries(); i++) {
            boolean inTile = i >= st.tile().rowFrom() && i < st.tile().rowTo();
            Label rescale = cell(number(i18n, st.rescale()[i]));
            rescale.setId("flash-rescale-" + (i + 1));
            Label m = cell(number(i18n, st.m()[i]));
            m.setId("flash-m-" + (i + 1));
            grid.addRow(i + 1, cell("q" + (i + 1)), cell(inTile ? number(i18n, st.mBefore()[i]) : ""), m, rescale,
                    cell(number(i18n, st.l()[i])), cell(inTile ? i18n.get("chapter.ui.flash.inTile") : ""));
        }
    }

    /** 4 decimals, "−∞" for minus infinity, "–" for a number not there (NaN). */
    private static String number(I18n i18n, double v) {
        if (Double.isNaN(v)) {
            return "–";
        }
        return v == Double.NEGATIVE_INFINITY ? "−∞" : i18n.number(v, 4);
    }

    private static List<String> labels(String prefix, int n) {
        List<String> out = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            out.add(prefix + i);
        }
        return out;
    }
}
