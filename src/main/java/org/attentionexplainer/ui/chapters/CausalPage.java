package org.attentionexplainer.ui.chapters;

import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Spinner;
import javafx.scene.layout.VBox;
import org.attentionexplainer.export.AttentionFigures.MatrixRange;
import org.attentionexplainer.lesson.chapters.CausalChapter;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.SavedValues;

/** Causal attention and dropout: mask then softmax against renormalising, masking with 0, dropout's draw. */
final class CausalPage extends ChapterPage<CausalChapter> {
    private final DoubleProperty dropoutP = new SimpleDoubleProperty(CausalChapter.DEFAULT_P);
    private final IntegerProperty dropoutSeed = new SimpleIntegerProperty((int) CausalChapter.DEFAULT_DROPOUT_SEED);

    @Override
    ChapterText text() {
        return CausalChapter.TEXT;
    }

    @Override
    void start(ChapterWork work) {
        SavedValues saved = work.saved();
        saved.keepDouble("dropoutP", dropoutP, 0, 0.9);
        saved.keepInt("dropoutSeed", dropoutSeed, 0, Integer.MAX_VALUE);
        computeWith(work, () -> {
            double p = dropoutP.get();
            long seed = dropoutSeed.get();
            return engine -> CausalChapter.compute(engine, p, seed);
        }, dropoutP, dropoutSeed);
    }

    DoubleProperty dropoutPProperty() {
        return dropoutP;
    }

    IntegerProperty dropoutSeedProperty() {
        return dropoutSeed;
    }

    @Override
    Node create(ChaptersViewModel chapters) {
        I18n i18n = chapters.i18n();
        Slider p = new Slider(0, 0.9, dropoutP.get());
        p.setId("dropout-p");
        // labels every 0.3 (ten labels ran together in the narrow presenting column), a stop every 0.1
        p.setMajorTickUnit(0.3);
        p.setMinorTickCount(2);
        p.setSnapToTicks(true);
        p.setShowTickLabels(true);
        p.setLabelFormatter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(Double v) {
                return v == null ? "" : i18n.number(v, 1);
            }

            @Override
            public Double fromString(String s) {
                return null;
            }
        });
        p.valueProperty().bindBidirectional(dropoutP);
        Spinner<Integer> seed = Spinners.integer("dropout-seed", 0, Integer.MAX_VALUE, dropoutSeed.get());
        seed.valueProperty().addListener((o, a, b) -> dropoutSeed.set(b));
        Node controls = PageLayout.column("page-inputs",
                PageLayout.label(i18n.text("chapter.ui.causal.p"), "page-caption"), p,
                PageLayout.label(i18n.text("chapter.ui.causal.seed"), "page-caption"), seed);

        var c = model();
        Node compare = Maps.control("causal-compare", Maps.figure(i18n, c, x -> Maps.grid(
                List.of(data(x, x.maskThenSoftmax().matrix(), true),
                        data(x, x.softmaxThenRenormalize().matrix(), true)),
                List.of(i18n.get("chapter.ui.causal.maskFirst"), i18n.get("chapter.ui.causal.renormFirst")),
                MatrixRange.UNIT, Maps.options(i18n, "chapter.causal.title", "chapter.ui.weight", 2, 48))), 24);
        Label diff = PageLayout.text(i18n, Bindings.createObjectBinding(
                () -> c.get() == null ? null : c.get().differenceText(), c), "causal-difference", "page-result");
        Node wrong = Maps.control("causal-zero", Maps.figure(i18n, c, x -> Maps.grid(
                List.of(data(x, x.zeroMaskedWeights().matrix(), false),
                        data(x, x.dropout().after().matrix(), true)),
                List.of(i18n.get("chapter.ui.causal.zeroMask"), i18n.get("chapter.ui.causal.afterDropout")),
                MatrixRange.AUTO, List.of(data(x, x.dropout().after().matrix(), true)),
                Maps.options(i18n, "chapter.ui.causal.zeroAndDropout", "chapter.ui.weight", 2, 48))), 24);
        Label leak = PageLayout.text(i18n, Bindings.createObjectBinding(
                () -> c.get() == null ? null : c.get().leakText(0), c), "causal-leak", "page-result");
        Label summary = PageLayout.text(i18n, Bindings.createObjectBinding(
                () -> c.get() == null ? null : c.get().dropout().summary(), c), "dropout-summary", "page-result");
        Label torch = PageLayout.computed(i18n, "dropout-torch", () -> {
            CausalChapter x = c.get();
            if (x == null || x.dropout().torchKeptPattern() == null) {
                return i18n.get("chapter.ui.causal.torchOther");
            }
            return i18n.get("chapter.ui.causal.torch", x.dropout().differencesFromTorch(),
                    x.dropout().kept() + x.dropout().dropped());
        }, c);
        // presenting, how PyTorch's draws compare is a note for the desk: the slide keeps the maps at 48 px
        PageLayout.narrative(chapters.presentingProperty(), torch);
        return layout(chapters, controls, new VBox(part(compare, diff),
                part(wrong, answer(chapters, leak, "leak"), summary, torch)));
    }

    private static HeatmapData data(CausalChapter x, float[][] w, boolean hideFuture) {
        return Maps.data(x.tokens(), x.tokens(), w, hideFuture ? (i, j) -> j > i : null);
    }
}
