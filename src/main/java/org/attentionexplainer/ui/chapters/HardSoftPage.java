package org.attentionexplainer.ui.chapters;

import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.lesson.chapters.HardSoftChapter;
import org.attentionexplainer.lesson.chapters.RecipeStore;
import org.attentionexplainer.ui.common.Numbers;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.i18n.I18n;

/** Hard and soft attention: argmax against softmax, the inverse temperature β, a recipe store. */
final class HardSoftPage extends ChapterPage<HardSoftChapter> {
    private final DoubleProperty beta = new SimpleDoubleProperty(HardSoftChapter.DEFAULT_BETA);

    @Override
    ChapterText text() {
        return HardSoftChapter.TEXT;
    }

    @Override
    void start(ChapterWork work) {
        work.saved().keepDouble("beta", beta, HardSoftChapter.MIN_BETA, HardSoftChapter.MAX_BETA);
        computeWith(work, () -> {
            double b = beta.get();
            return engine -> HardSoftChapter.compute(engine, HardSoftChapter.DEFAULT_QUERY, b);
        }, beta);
    }

    DoubleProperty betaProperty() {
        return beta;
    }

    @Override
    Node create(ChaptersViewModel chapters) {
        I18n i18n = chapters.i18n();
        Numbers numbers = new Numbers(i18n);
        Slider slider = new Slider(HardSoftChapter.MIN_BETA, HardSoftChapter.MAX_BETA, beta.get());
        slider.setId("beta");
        slider.setShowTickLabels(true);
        slider.setMajorTickUnit(5);
        slider.valueProperty().bindBidirectional(beta);
        Label betaValue = PageLayout.computed(i18n, "beta-value",
                () -> i18n.get("chapter.ui.hardsoft.beta", i18n.number(beta.get(), 2)), beta);
        Node controls = PageLayout.column("page-inputs", betaValue, slider);

        var hs = model();
        Node soft = Maps.control("hardsoft-soft", Maps.figure(i18n, hs, x -> Maps.single(
                Maps.data(x.tokens(), x.tokens(), x.soft().matrix(), null),
                Maps.options(i18n, "chapter.ui.hardsoft.soft", "chapter.ui.weight", 2, 52))), 19);
        Node hard = Maps.control("hardsoft-hard", Maps.figure(i18n, hs, x -> Maps.single(
                Maps.data(x.tokens(), x.tokens(), x.hard().matrix(), null),
                Maps.options(i18n, "chapter.ui.hardsoft.hard", "chapter.ui.weight", 0, 52))), 19);
        Label row = PageLayout.computed(i18n, "hardsoft-row", () -> {
            HardSoftChapter x = hs.get();
            return x == null ? "" : i18n.get("chapter.ui.hardsoft.row", x.tokens().get(x.query()),
                    numbers.vector(x.soft().row(x.query()), 4), x.tokens().get(x.strongestKey()));
        }, hs);
        GridPane store = new GridPane();
        store.setId("hardsoft-store");
        store.getStyleClass().add("chapter-table");
        hs.addListener((o, a, b) -> fillStore(i18n, store, b));
        i18n.localeProperty().addListener((o, a, b) -> fillStore(i18n, store, hs.get()));
        fillStore(i18n, store, hs.get());
        Label blend = PageLayout.computed(i18n, "hardsoft-blend", () -> {
            HardSoftChapter x = hs.get();
            return x == null ? "" : i18n.get("chapter.ui.hardsoft.blend",
                    numbers.vector(x.store().softOutput().toArray(), 2),
                    numbers.vector(x.store().hardOutput().toArray(), 2));
        }, hs);
        return layout(chapters, controls, new VBox(part(answer(chapters, row, "strongest"),
                answer(chapters, soft, "strongest")), part(answer(chapters, hard, "strongest")),
                linesPart(chapters, PageLayout.label(i18n.text("chapter.ui.hardsoft.store"), "page-heading"),
                answer(chapters, store, "recipe"), blend)));
    }

    private static void fillStore(I18n i18n, GridPane grid, HardSoftChapter x) {
        grid.getChildren().clear();
        if (x == null) {
            return;
        }
        grid.addRow(0, cell(i18n.get("chapter.ui.hardsoft.recipe")), cell(i18n.get("chapter.ui.hardsoft.score")),
                cell(i18n.get("chapter.ui.hardsoft.softWeight")), cell(i18n.get("chapter.ui.hardsoft.hardWeight")));
        for (int r = 0; r < RecipeStore.RECIPE_KEYS.size(); r++) {
            grid.addRow(r + 1, cell(i18n.get(RecipeStore.RECIPE_KEYS.get(r))),
                    cell(i18n.number(x.store().scores().get(r), 2)), cell(i18n.number(x.store().soft().get(r), 4)),
                    cell(i18n.number(x.store().hard().get(r), 0)));
        }
    }
}
