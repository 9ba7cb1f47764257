package org.attentionexplainer.ui.chapters;

import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.lesson.chapters.EdgeCasesChapter;
import org.attentionexplainer.ui.common.Numbers;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.common.Texts;
import org.attentionexplainer.ui.i18n.I18n;

/** Edge cases: no token, one token, and a long input. */
final class EdgeCasesPage extends ChapterPage<EdgeCasesChapter.Single> {
    private final ObjectProperty<EdgeCasesChapter.Empty> empty = new SimpleObjectProperty<>();
    private final ObjectProperty<EdgeCasesChapter.LongInput> longInput = new SimpleObjectProperty<>();
    private boolean longInputRequested;

    @Override
    ChapterText text() {
        return EdgeCasesChapter.TEXT;
    }

    @Override
    void start(ChapterWork work) {
        computeOnce(work, EdgeCasesChapter::single);
        work.once(EdgeCasesChapter::empty, empty::set);
    }

    ObjectProperty<EdgeCasesChapter.Empty> empty() {
        return empty;
    }

    ObjectProperty<EdgeCasesChapter.LongInput> longInput() {
        return longInput;
    }

    /** Computes the long input (seconds of work), once, when first asked for. */
    void requestLongInput(ChapterWork work) {
        if (!longInputRequested) {
            longInputRequested = true;
            work.once(EdgeCasesChapter::longInput, longInput::set);
        }
    }

    @Override
    Node create(ChaptersViewModel chapters) {
        I18n i18n = chapters.i18n();
        Numbers numbers = new Numbers(i18n);
        requestLongInput(chapters.work());
        Label emptyText = PageLayout.computed(i18n, "edge-empty", () -> empty.get() == null ? ""
                : i18n.get("chapter.ui.edge.empty", empty.get().field() + ": " + Texts.format(i18n, empty.get().problem()),
                        empty.get().field()), empty);
        var single = model();
        Node map = Maps.control("edge-single", Maps.figure(i18n, single, x -> Maps.single(
                Maps.data(List.of(x.token()), List.of(x.token()), x.weights().matrix(), null),
                Maps.options(i18n, "chapter.ui.edge.singleMap", "chapter.ui.weight", 4, 72))), 14);
        Label singleText = PageLayout.computed(i18n, "edge-single-text", () -> {
            EdgeCasesChapter.Single s = single.get();
            return s == null ? "" : i18n.get("chapter.ui.edge.single", s.token(), i18n.number(s.score(), 4),
                    i18n.number(s.weights().get(0, 0), 4), numbers.vector(s.context().toArray(), 2),
                    numbers.vector(s.embedding().toArray(), 2));
        }, single);
        Label longText = PageLayout.computed(i18n, "edge-long", () -> {
            EdgeCasesChapter.LongInput l = longInput.get();
            if (l == null) {
                return i18n.get("chapter.ui.pending");
            }
            return Texts.format(i18n, l.summary()) + "\n" + i18n.get("chapter.ui.edge.longDetail",
                    numbers.any(l.maxRowSumError(), 4), i18n.number(l.maxWeight(), 4),
                    numbers.any(l.meanWeight(), 6), numbers.bytes(l.traceBytes()));
        }, longInput);
        return layout(chapters, null, new VBox(emptyText, map, singleText, longText));
    }
}
