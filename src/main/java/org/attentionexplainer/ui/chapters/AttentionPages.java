package org.attentionexplainer.ui.chapters;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Spinner;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.attentionexplainer.lesson.chapters.CausalChapter;
import org.attentionexplainer.lesson.chapters.ChapterId;
import org.attentionexplainer.lesson.chapters.CrossChapter;
import org.attentionexplainer.lesson.chapters.HardSoftChapter;
import org.attentionexplainer.lesson.chapters.MasksChapter;
import org.attentionexplainer.lesson.chapters.MultiHeadChapter;
import org.attentionexplainer.lesson.chapters.ShapeStep;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.ColorScale;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.ui.i18n.I18n;

/** Chapters 1 to 4: causal attention and dropout, multi-head attention, masks, hard and soft attention. */
final class AttentionPages {
    private final ChaptersViewModel model;
    private final ChapterModels m;
    private final I18n i18n;

    AttentionPages(ChaptersViewModel model) {
        this.model = model;
        this.m = model.models();
        this.i18n = model.i18n();
    }

    Node causal() {
        Slider p = new Slider(0, 0.9, m.dropoutPProperty().get());
        p.setId("dropout-p");
        p.setMajorTickUnit(0.1);
        p.setMinorTickCount(0);
        p.setSnapToTicks(true);
        p.setShowTickLabels(true);
        p.valueProperty().bindBidirectional(m.dropoutPProperty());
        Spinner<Integer> seed = Spinners.integer("dropout-seed", 0, Integer.MAX_VALUE, m.dropoutSeedProperty().get());
        seed.valueProperty().addListener((o, a, b) -> m.dropoutSeedProperty().set(b));
        Node controls = ChapterLayout.column("walk-inputs",
                ChapterLayout.label(i18n.text("chapter.ui.causal.p"), "walk-caption"), p,
                ChapterLayout.label(i18n.text("chapter.ui.causal.seed"), "walk-caption"), seed);

        var c = m.causal();
        Node compare = Maps.control("causal-compare", Maps.figure(i18n, c, x -> Figure.grid(
                List.of(causalData(x, x.maskThenSoftmax().matrix(), true),
                        causalData(x, x.softmaxThenRenormalize().matrix(), true)),
                List.of(i18n.get("chapter.ui.causal.maskFirst"), i18n.get("chapter.ui.causal.renormFirst")),
                ColorScale.unit(ColorMap.VIRIDIS), Maps.options(i18n, "chapter.causal.title", "chapter.ui.weight", 2,
                        48))), 24);
        Label diff = ChapterLayout.text(i18n, Bindings.createObjectBinding(
                () -> c.get() == null ? null : c.get().differenceText(), c), "causal-difference", "walk-result");
        Node wrong = Maps.control("causal-zero", Maps.figure(i18n, c, x -> Figure.grid(
                List.of(causalData(x, x.zeroMaskedWeights().matrix(), false),
                        causalData(x, x.dropout().after().matrix(), true)),
                List.of(i18n.get("chapter.ui.causal.zeroMask"), i18n.get("chapter.ui.causal.afterDropout")),
                ColorScale.auto(ColorMap.VIRIDIS, List.of(causalData(x, x.dropout().after().matrix(), true))),
                Maps.options(i18n, "chapter.ui.causal.zeroAndDropout", "chapter.ui.weight", 2, 48))), 24);
        Label leak = ChapterLayout.text(i18n, Bindings.createObjectBinding(
                () -> c.get() == null ? null : c.get().leakText(0), c), "causal-leak", "walk-result");
        Label summary = ChapterLayout.text(i18n, Bindings.createObjectBinding(
                () -> c.get() == null ? null : c.get().dropout().summary(), c), "dropout-summary", "walk-result");
        Label torch = ChapterLayout.computed(i18n, "dropout-torch", () -> {
            CausalChapter x = c.get();
            if (x == null || x.dropout().torchKeptPattern() == null) {
                return i18n.get("chapter.ui.causal.torchOther");
            }
            return i18n.get("chapter.ui.causal.torch", x.dropout().differencesFromTorch(),
                    x.dropout().kept() + x.dropout().dropped());
        }, c);
        VBox visual = new VBox(compare, diff, wrong, leak, summary, torch);
        return ChapterLayout.of(model, ChapterId.CAUSAL, controls, visual);
    }

    private static HeatmapData causalData(CausalChapter x, float[][] w, boolean hideFuture) {
        return Maps.data(x.tokens(), x.tokens(), w, hideFuture ? (i, j) -> j > i : null);
    }

    Node multiHead() {
        var mh = m.multiHead();
        GridPane shapes = new GridPane();
        shapes.setId("multihead-shapes");
        shapes.getStyleClass().add("chapter-table");
        mh.addListener((o, a, b) -> fillShapes(shapes, b));
        i18n.localeProperty().addListener((o, a, b) -> fillShapes(shapes, mh.get()));
        fillShapes(shapes, mh.get());
        Node heads = Maps.control("multihead-heads", Maps.figure(i18n, mh, x -> {
            List<HeatmapData> maps = new ArrayList<>();
            List<String> titles = new ArrayList<>();
            for (int h = 0; h < x.heads(); h++) {
                maps.add(Maps.data(x.trace().tokens(), x.trace().tokens(), x.headWeights(h), (i, j) -> j > i));
                titles.add(i18n.get("chapter.ui.head", h + 1));
            }
            return Figure.grid(maps, titles, ColorScale.unit(ColorMap.VIRIDIS),
                    Maps.options(i18n, "chapter.ui.multihead.heads", "chapter.ui.weight", 2, 44));
        }), 23);
        Node output = Maps.control("multihead-output", Maps.figure(i18n, mh, x -> Maps.signed(
                Maps.data(x.trace().tokens(), Maps.numbered(x.dOut()), x.trace().output().matrix(0), null),
                Maps.options(i18n, "chapter.ui.multihead.output", "chapter.ui.value", 3, 52)
                        .withAxes(i18n.get("chapter.ui.axis.tokens"), i18n.get("chapter.ui.axis.features")))), 21);
        Label diff = ChapterLayout.text(i18n, Bindings.createObjectBinding(
                () -> mh.get() == null ? null : mh.get().differenceText(), mh), "multihead-difference", "walk-result");
        return ChapterLayout.of(model, ChapterId.MULTI_HEAD, null, new VBox(shapes, heads, output, diff));
    }

    private void fillShapes(GridPane grid, MultiHeadChapter x) {
        grid.getChildren().clear();
        if (x == null) {
            return;
        }
        int r = 0;
        for (ShapeStep s : x.shapes()) {
            grid.addRow(r++, cell(i18n.get(s.labelKey())), cell(s.code()), cell(s.symbols()),
                    cell("= " + s.dimsString()));
        }
    }

    static Label cell(String text) {
        Label l = new Label(text);
        l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        l.getStyleClass().add("chapter-cell");
        return l;
    }

    Node masks() {
        CheckBox causal = check("mask-causal", "chapter.ui.masks.causal");
        causal.selectedProperty().bindBidirectional(m.causalMaskProperty());
        CheckBox window = check("mask-window", "chapter.ui.masks.window");
        window.selectedProperty().bindBidirectional(m.windowMaskProperty());
        CheckBox padding = check("mask-padding", "chapter.ui.masks.padding");
        padding.selectedProperty().bindBidirectional(m.paddingMaskProperty());
        Spinner<Integer> size = Spinners.integer("mask-window-size", 0, 5, m.windowSizeProperty().get());
        size.valueProperty().addListener((o, a, b) -> m.windowSizeProperty().set(b));
        Node controls = ChapterLayout.column("walk-inputs", causal, window,
                ChapterLayout.label(i18n.text("chapter.ui.masks.size"), "walk-caption"), size, padding);

        var mk = m.masks();
        Node maskMaps = Maps.control("masks-matrices", Maps.figure(i18n, mk, x -> {
            List<HeatmapData> maps = new ArrayList<>();
            List<String> titles = new ArrayList<>();
            for (int s = 0; s < 2; s++) {
                maps.add(Maps.data(x.tokens().get(s), x.tokens().get(s), x.combinedFor(s), null));
                titles.add(i18n.get("chapter.ui.masks.sentence", s + 1));
            }
            return Figure.grid(maps, titles, ColorScale.unit(ColorMap.GREYSCALE),
                    Maps.options(i18n, "chapter.ui.masks.matrices", "chapter.ui.masks.hidden", 0, 44));
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
            return Figure.grid(maps, titles, ColorScale.unit(ColorMap.VIRIDIS),
                    Maps.options(i18n, "chapter.ui.masks.weights", "chapter.ui.weight", 2, 44));
        }), 23);
        Label or = ChapterLayout.computed(i18n, "masks-or", () -> mk.get() == null ? ""
                : i18n.get(mk.get().combinationIsLogicalOr() ? "chapter.ui.masks.orHolds" : "chapter.ui.masks.orFails"),
                mk);
        Label empty = ChapterLayout.computed(i18n, "masks-empty", () -> {
            if (mk.get() == null) {
                return "";
            }
            List<String> rows = new ArrayList<>();
            mk.get().fullyMaskedRows().forEach(r -> rows.add(mk.get().tokens().get(r.batch()).get(r.query())
                    + " (" + (r.batch() + 1) + ")"));
            return rows.isEmpty() ? i18n.get("chapter.ui.masks.noEmpty")
                    : i18n.get("chapter.ui.masks.emptyRows", String.join(", ", rows));
        }, mk);
        return ChapterLayout.of(model, ChapterId.MASKS, controls, new VBox(maskMaps, or, weights, empty));
    }

    private CheckBox check(String id, String key) {
        CheckBox b = new CheckBox();
        b.setId(id);
        b.textProperty().bind(i18n.text(key));
        return b;
    }

    Node hardSoft() {
        Slider beta = new Slider(HardSoftChapter.MIN_BETA, HardSoftChapter.MAX_BETA, m.betaProperty().get());
        beta.setId("beta");
        beta.setShowTickLabels(true);
        beta.setMajorTickUnit(5);
        beta.valueProperty().bindBidirectional(m.betaProperty());
        Label betaValue = ChapterLayout.computed(i18n, "beta-value",
                () -> i18n.get("chapter.ui.hardsoft.beta", i18n.number(m.betaProperty().get(), 2)), m.betaProperty());
        Node controls = ChapterLayout.column("walk-inputs", betaValue, beta);

        var hs = m.hardSoft();
        Node soft = Maps.control("hardsoft-soft", Maps.figure(i18n, hs, x -> Maps.single(
                Maps.data(x.tokens(), x.tokens(), x.soft().matrix(), null),
                Maps.options(i18n, "chapter.ui.hardsoft.soft", "chapter.ui.weight", 2, 52))), 19);
        Node hard = Maps.control("hardsoft-hard", Maps.figure(i18n, hs, x -> Maps.single(
                Maps.data(x.tokens(), x.tokens(), x.hard().matrix(), null),
                Maps.options(i18n, "chapter.ui.hardsoft.hard", "chapter.ui.weight", 0, 52))), 19);
        Label row = ChapterLayout.computed(i18n, "hardsoft-row", () -> {
            HardSoftChapter x = hs.get();
            return x == null ? "" : i18n.get("chapter.ui.hardsoft.row", x.tokens().get(x.query()),
                    Numbers.vector(i18n, x.soft().row(x.query()), 4), x.tokens().get(x.strongestKey()));
        }, hs);
        GridPane store = new GridPane();
        store.setId("hardsoft-store");
        store.getStyleClass().add("chapter-table");
        hs.addListener((o, a, b) -> fillStore(store, b));
        i18n.localeProperty().addListener((o, a, b) -> fillStore(store, hs.get()));
        fillStore(store, hs.get());
        Label blend = ChapterLayout.computed(i18n, "hardsoft-blend", () -> {
            HardSoftChapter x = hs.get();
            return x == null ? "" : i18n.get("chapter.ui.hardsoft.blend",
                    Numbers.vector(i18n, x.store().softOutput().toArray(), 2),
                    Numbers.vector(i18n, x.store().hardOutput().toArray(), 2));
        }, hs);
        return ChapterLayout.of(model, ChapterId.HARD_SOFT, controls, new VBox(row, soft, hard,
                ChapterLayout.label(i18n.text("chapter.ui.hardsoft.store"), "walk-heading"), store, blend));
    }

    private void fillStore(GridPane grid, HardSoftChapter x) {
        grid.getChildren().clear();
        if (x == null) {
            return;
        }
        grid.addRow(0, cell(i18n.get("chapter.ui.hardsoft.recipe")), cell(i18n.get("chapter.ui.hardsoft.score")),
                cell(i18n.get("chapter.ui.hardsoft.softWeight")), cell(i18n.get("chapter.ui.hardsoft.hardWeight")));
        for (int r = 0; r < org.attentionexplainer.lesson.chapters.RecipeStore.RECIPE_KEYS.size(); r++) {
            grid.addRow(r + 1, cell(i18n.get(org.attentionexplainer.lesson.chapters.RecipeStore.RECIPE_KEYS.get(r))),
                    cell(i18n.number(x.store().scores().get(r), 2)), cell(i18n.number(x.store().soft().get(r), 4)),
                    cell(i18n.number(x.store().hard().get(r), 0)));
        }
    }

    Node cross() {
        var cr = m.cross();
        Node map = Maps.control("cross-weights", Maps.figure(i18n, cr, x -> Maps.single(
                Maps.data(x.decoderTokens(), x.encoderTokens(), x.weights().matrix(), null),
                Maps.options(i18n, "chapter.ui.cross.map", "chapter.ui.weight", 2, 64)
                        .withAxes(i18n.get("chapter.ui.cross.decoder"), i18n.get("chapter.ui.cross.encoder")))), 24);
        Label shape = ChapterLayout.computed(i18n, "cross-shape", () -> {
            CrossChapter x = cr.get();
            return x == null ? "" : i18n.get("chapter.ui.cross.shape", x.rows(), x.columns());
        }, cr);
        Label strongest = ChapterLayout.computed(i18n, "cross-strongest", () -> {
            CrossChapter x = cr.get();
            if (x == null) {
                return "";
            }
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < x.rows(); i++) {
                int j = x.strongestSource(i);
                lines.add(i18n.get("chapter.ui.cross.pair", x.decoderTokens().get(i), x.encoderTokens().get(j),
                        i18n.number(x.weights().get(i, j), 4)));
            }
            return String.join("\n", lines);
        }, cr);
        return ChapterLayout.of(model, ChapterId.CROSS, null, new VBox(map, shape, strongest));
    }
}
