package org.attentionexplainer.ui.chapters;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.layout.VBox;
import org.attentionexplainer.export.AttentionFigures.MatrixRange;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.lesson.chapters.MasksChapter;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.SavedValues;

/** Masks: padding, a sliding window and causal combined with OR, and the rows left with no key. */
final class MasksPage extends ChapterPage<MasksChapter> {
    private final BooleanProperty causalMask = new SimpleBooleanProperty(true);
    private final BooleanProperty windowMask = new SimpleBooleanProperty(true);
    private final BooleanProperty paddingMask = new SimpleBooleanProperty(true);
    private final IntegerProperty windowSize = new SimpleIntegerProperty(MasksChapter.DEFAULT_WINDOW);

    @Override
    ChapterText text() {
        return MasksChapter.TEXT;
    }

    @Override
    void start(ChapterWork work) {
        SavedValues saved = work.saved();
        saved.keepBoolean("causalMask", causalMask);
        saved.keepBoolean("windowMask", windowMask);
        saved.keepBoolean("paddingMask", paddingMask);
        saved.keepInt("windowSize", windowSize, 0, 5);
        computeWith(work, () -> {
            boolean c = causalMask.get();
            boolean w = windowMask.get();
            boolean p = paddingMask.get();
            int size = windowSize.get();
            return engine -> MasksChapter.compute(engine, c, w, size, p);
        }, causalMask, windowMask, paddingMask, windowSize);
    }

    BooleanProperty causalMaskProperty() {
        return causalMask;
    }

    BooleanProperty windowMaskProperty() {
        return windowMask;
    }

    BooleanProperty paddingMaskProperty() {
        return paddingMask;
    }

    IntegerProperty windowSizeProperty() {
        return windowSize;
    }

    @Override
    Node create(ChaptersViewModel chapters) {
        I18n i18n = chapters.i18n();
        CheckBox causal = check(i18n, "mask-causal", "chapter.ui.masks.causal");
        causal.selectedProperty().bindBidirectional(causalMask);
        CheckBox window = check(i18n, "mask-window", "chapter.ui.masks.window");
        window.selectedProperty().bindBidirectional(windowMask);
        CheckBox padding = check(i18n, "mask-padding", "chapter.ui.masks.padding");
        padding.selectedProperty().bindBidirectional(paddingMask);
        Spinner<Integer> size = Spinners.integer("mask-window-size", 0, 5, windowSize.get());
        size.valueProperty().addListener((o, a, b) -> windowSize.set(b));
        Node controls = PageLayout.column("page-inputs", causal, window,
                PageLayout.label(i18n.text("chapter.ui.masks.size"), "page-caption"), size, padding);

        var mk = model();
        Node maskMaps = Maps.control("masks-matrices", Maps.figure(i18n, mk, x -> {
            List<HeatmapData> maps = new ArrayList<>();
            List<String> titles = new ArrayList<>();
            for (int s = 0; s < 2; s++) {
                maps.add(Maps.data(x.tokens().get(s), x.tokens().get(s), x.combinedFor(s), null));
                titles.add(i18n.get("chapter.ui.masks.sentence", s + 1));
            }
            return Maps.grid(maps, titles, MatrixRange.MASK,
                    Maps.options(i18n, "chapter.ui.masks.matrices", "chapter.ui.masks.hidden", 0, 48));
        }), 23);
        Node weights = Maps.control("masks-weights", Maps.figure(i18n, mk, x -> {
            List<HeatmapData> maps = new ArrayList<>();
            List<String> titles = new ArrayList<>();
            for (int s = 0; s < 2; s++) {
                float[][] mask = x.combinedFor(s);
                maps.add(Maps.data(x.tokens().get(s), x.tokens().get(s), x.trace().weights().matrix(s, 0),
                        (i, j) -> mask[i][j] != 0f));
                titles.add(i18n.get("chapter.ui.masks.sentence", s + 1));
            }
            return Maps.grid(maps, titles, MatrixRange.UNIT,
                    Maps.options(i18n, "chapter.ui.masks.weights", "chapter.ui.weight", 2, 48));
        }), 23);
        Label or = PageLayout.computed(i18n, "masks-or", () -> mk.get() == null ? ""
                : i18n.get(mk.get().combinationIsLogicalOr() ? "chapter.ui.masks.orHolds" : "chapter.ui.masks.orFails"),
                mk);
        Label empty = PageLayout.computed(i18n, "masks-empty", () -> {
            if (mk.get() == null) {
                return "";
            }
            List<String> rows = new ArrayList<>();
            mk.get().fullyMaskedRows().forEach(r -> rows.add(mk.get().tokens().get(r.batch()).get(r.query())
                    + " (" + (r.batch() + 1) + ")"));
            return rows.isEmpty() ? i18n.get("chapter.ui.masks.noEmpty")
                    : i18n.get("chapter.ui.masks.emptyRows", String.join(", ", rows));
        }, mk);
        return layout(chapters, controls, new VBox(part(maskMaps, answer(chapters, or, "or")),
                part(weights, answer(chapters, empty, "empty"))));
    }

    private static CheckBox check(I18n i18n, String id, String key) {
        CheckBox b = new CheckBox();
        b.setId(id);
        b.textProperty().bind(i18n.text(key));
        return b;
    }
}
