package org.attentionexplainer.ui.chapters;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Node;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.attentionexplainer.engine.bert.MiniLmModel;
import org.attentionexplainer.engine.bert.ModelLoadException;
import org.attentionexplainer.engine.bert.ModelSource;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.lesson.chapters.ReadingHeadsChapter;
import org.attentionexplainer.lesson.chapters.ReadingHeadsChapter.Detector;
import org.attentionexplainer.lesson.chapters.ReadingHeadsChapter.Status;
import org.attentionexplainer.lesson.chapters.ReadingHeadsChapter.Survey;
import org.attentionexplainer.lesson.heads.HeadScores;
import org.attentionexplainer.render.CellHit;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * Reading heads: detector scores of every head of the real model on a 6 x 12 grid, a head picked
 * by clicking ("find the head that ..."), its map on a sentence, and a hand-made map. The model is
 * optional: it is loaded in the background the first time the chapter is shown; without it the
 * chapter says so and keeps the hand-made map.
 */
final class ReadingHeadsPage extends ChapterPage<ReadingHeadsChapter> {
    /** Where the model comes from: the class path in the app, something else in tests. */
    interface Loader {
        boolean available();

        /** Slow: called off the FX thread. */
        MiniLmModel load() throws ModelLoadException;

        static Loader classPath() {
            return new Loader() {
                @Override
                public boolean available() {
                    return MiniLmModel.isAvailable();
                }

                @Override
                public MiniLmModel load() throws ModelLoadException {
                    return MiniLmModel.load(f -> { });
                }
            };
        }
    }

    private final Loader loader;
    private final ObjectProperty<Detector> detector = new SimpleObjectProperty<>(this, "detector", Detector.PREVIOUS);
    private final BooleanProperty turkish = new SimpleBooleanProperty(this, "turkish");
    private final ObjectProperty<Integer> sentence = new SimpleObjectProperty<>(this, "sentence", 0);
    /** The head clicked in the grid as {layer, head}, or null: one value, so layer and head change together. */
    private final ObjectProperty<int[]> picked = new SimpleObjectProperty<>(this, "picked");
    private ChapterWork work;
    private boolean requested;

    ReadingHeadsPage() {
        this(Loader.classPath());
    }

    ReadingHeadsPage(Loader loader) {
        this.loader = loader;
    }

    @Override
    ChapterText text() {
        return ReadingHeadsChapter.TEXT;
    }

    @Override
    void start(ChapterWork work) {
        this.work = work;
        work.saved().keep("headsDetector", detector, s -> Optional.of(Detector.valueOf(s)), Detector::name);
        work.saved().keepBoolean("headsTurkish", turkish);
        model().set(ReadingHeadsChapter.waiting(loader.available() ? Status.NOT_LOADED : Status.UNAVAILABLE, ""));
    }

    /** Loads the model and scores every head, once, in the background; the page follows the status. */
    void load() {
        if (requested || !loader.available()) {
            return;
        }
        requested = true;
        model().set(ReadingHeadsChapter.waiting(Status.LOADING, ""));
        work.once(engine -> run(), model()::set);
    }

    private ReadingHeadsChapter run() {
        try {
            return ReadingHeadsChapter.compute(loader.load());
        } catch (ModelLoadException | RuntimeException e) {
            return ReadingHeadsChapter.waiting(Status.FAILED, String.valueOf(e.getMessage()));
        }
    }

    ObjectProperty<Detector> detectorProperty() {
        return detector;
    }

    BooleanProperty turkishProperty() {
        return turkish;
    }

    /** Picks a head as a click on the grid does. */
    void pick(int layer, int head) {
        picked.set(new int[] {layer, head});
    }

    private Survey survey() {
        ReadingHeadsChapter c = model().get();
        return c == null || c.status() != Status.READY ? null : c.survey(turkish.get());
    }

    /** The head picked, or the strongest one for the detector until one is. */
    private int[] shownHead(Survey s) {
        return picked.get() != null ? picked.get() : s.ranking(detector.get()).get(0);
    }

    @Override
    Node create(ChaptersViewModel chapters) {
        I18n i18n = chapters.i18n();
        ChoiceBox<Detector> detectors = new ChoiceBox<>();
        detectors.setId("heads-detector");
        detectors.getItems().setAll(Detector.values());
        detectors.setConverter(names(i18n, d -> i18n.get(d.key())));
        i18n.localeProperty().addListener((o, a, b) -> detectors.setConverter(names(i18n, d -> i18n.get(d.key()))));
        detectors.valueProperty().bindBidirectional(detector);
        ChoiceBox<Boolean> language = new ChoiceBox<>();
        language.setId("heads-language");
        language.getItems().setAll(false, true);
        language.setConverter(names(i18n, tr -> i18n.get(tr ? "chapter.ui.heads.turkish" : "chapter.ui.heads.english")));
        i18n.localeProperty().addListener((o, a, b) -> language.setConverter(names(i18n,
                tr -> i18n.get(tr ? "chapter.ui.heads.turkish" : "chapter.ui.heads.english"))));
        language.valueProperty().bindBidirectional(turkish);
        // a sentence is longer than the column is wide (presenting, the column narrows): it wraps
        ComboBox<Integer> sentences = Pickers.wrapping("heads-sentence", names(i18n, i -> (turkish.get()
                ? ReadingHeadsChapter.TURKISH : ReadingHeadsChapter.ENGLISH).get(i)));
        for (int i = 0; i < ReadingHeadsChapter.ENGLISH.size(); i++) {
            sentences.getItems().add(i);
        }
        turkish.addListener((o, a, b) -> sentences.setConverter(names(i18n, i -> (b ? ReadingHeadsChapter.TURKISH
                : ReadingHeadsChapter.ENGLISH).get(i))));
        sentences.valueProperty().bindBidirectional(sentence);
        Node controls = PageLayout.column("page-inputs",
                PageLayout.label(i18n.text("chapter.ui.heads.detector"), "page-caption"), detectors,
                PageLayout.label(i18n.text("chapter.ui.heads.sentences"), "page-caption"), language,
                PageLayout.label(i18n.text("chapter.ui.heads.sentence"), "page-caption"), sentences);

        var c = model();
        Label status = PageLayout.computed(i18n, "heads-status", () -> statusText(i18n, c.get()), c);
        Label find = PageLayout.computed(i18n, "heads-find",
                () -> i18n.get("chapter.ui.heads.find", i18n.get(detector.get().taskKey())), detector);
        HeatmapControl grid = Maps.control("heads-overview", Bindings.createObjectBinding(() -> overview(i18n), c,
                detector, turkish, i18n.localeProperty()), 17);
        grid.onCellClickedProperty().set(hit -> {
            if (hit.onCell()) {
                pick(hit.row(), hit.col());
            }
        });
        grid.selectedProperty().bind(Bindings.createObjectBinding(
                () -> picked.get() == null ? null : new CellHit(0, picked.get()[0], picked.get()[1]), picked));
        Label verdict = PageLayout.computed(i18n, "heads-verdict", () -> verdict(i18n), c, detector, turkish, picked);
        Label scores = PageLayout.computed(i18n, "heads-scores", () -> headScores(i18n), c, turkish, detector, picked);
        Node map = Maps.control("heads-map", Bindings.createObjectBinding(() -> headMap(i18n), c, detector, turkish,
                sentence, picked, i18n.localeProperty()), 24);
        Node hand = Maps.control("heads-hand", Maps.figure(i18n, c, x -> Maps.single(
                Maps.data(ReadingHeadsChapter.HAND_TOKENS, ReadingHeadsChapter.HAND_TOKENS, ReadingHeadsChapter.HAND,
                        (i, j) -> j > i),
                Maps.options(i18n, "chapter.ui.heads.hand", "chapter.ui.weight", 2, 72))), 16);
        HeadScores h = ReadingHeadsChapter.handScores();
        Label handScores = PageLayout.computed(i18n, "heads-hand-scores", () -> i18n.get("chapter.ui.heads.handScores",
                score(i18n, Detector.PREVIOUS, h), score(i18n, Detector.FIRST, h), score(i18n, Detector.DELIMITER, h),
                score(i18n, Detector.BROAD, h), score(i18n, Detector.INDUCTION, h)));
        load();
        answerSection("chapter.heads.turkish.title", "turkish");
        // the head shown before any click is the strongest, and a click's verdict names it
        String[] found = {"find-previous", "find-first"};
        return layout(chapters, controls, new VBox(part(status, find, grid, answer(chapters, verdict, found),
                answer(chapters, scores, found)), part(answer(chapters, map, found)), part(hand,
                answer(chapters, handScores, "previous", "induction"))));
    }

    private static <T> StringConverter<T> names(I18n i18n, java.util.function.Function<T, String> name) {
        return new StringConverter<>() {
            @Override
            public String toString(T value) {
                return value == null ? "" : name.apply(value);
            }

            @Override
            public T fromString(String s) {
                return null;
            }
        };
    }

    private static String statusText(I18n i18n, ReadingHeadsChapter c) {
        if (c == null) {
            return "";
        }
        return switch (c.status()) {
            case NOT_LOADED -> i18n.get("chapter.ui.heads.status.notLoaded");
            case UNAVAILABLE -> i18n.get("chapter.ui.heads.status.unavailable", ModelSource.ARTIFACT);
            case LOADING -> i18n.get("chapter.ui.heads.status.loading");
            case FAILED -> i18n.get("chapter.ui.heads.status.failed", c.detail());
            case READY -> i18n.get("chapter.ui.heads.status.ready", ReadingHeadsChapter.ENGLISH.size(),
                    ReadingHeadsChapter.TURKISH.size());
        };
    }

    /** (layers, heads) of the detector's scores; a head without a qualifying row is a masked cell. */
    private Figure overview(I18n i18n) {
        Survey s = survey();
        if (s == null) {
            return null;
        }
        Detector d = detector.get();
        float[][] raw = s.grid(d);
        float[][] g = new float[raw.length][];
        List<String> layers = new ArrayList<>();
        List<String> heads = new ArrayList<>();
        for (int l = 0; l < s.layers(); l++) {
            layers.add(i18n.get("chapter.ui.heads.layer", l + 1));
        }
        for (int h = 0; h < s.heads(); h++) {
            heads.add(Integer.toString(h + 1));
        }
        for (int l = 0; l < raw.length; l++) {
            g[l] = raw[l].clone();
            for (int h = 0; h < g[l].length; h++) {
                g[l][h] = Float.isNaN(g[l][h]) ? 0f : g[l][h];
            }
        }
        HeatmapData data = Maps.data(layers, heads, g, (l, h) -> Float.isNaN(raw[l][h]));
        var options = Maps.options(i18n, "chapter.ui.heads.score", "chapter.ui.heads.score", 2, 44)
                .withTitle(i18n.get("chapter.ui.heads.overview", i18n.get(d.key()), s.tokens().size()))
                .withAxes(i18n.get("chapter.ui.heads.axis.layers"), i18n.get("chapter.ui.heads.axis.heads"));
        return d == Detector.BROAD ? Maps.auto(data, options) : Maps.single(data, options);
    }

    private String verdict(I18n i18n) {
        Survey s = survey();
        if (s == null || picked.get() == null) {
            return "";
        }
        Detector d = detector.get();
        int l = picked.get()[0];
        int h = picked.get()[1];
        int[] best = s.ranking(d).get(0);
        String picked = i18n.get("chapter.heads.headName", l + 1, h + 1);
        int rank = s.rank(d, l, h);
        if (rank == 1) {
            return i18n.get("chapter.ui.heads.found", picked, value(i18n, s, d, l, h));
        }
        return i18n.get("chapter.ui.heads.notBest", picked, rank, s.layers() * s.heads(), value(i18n, s, d, l, h),
                i18n.get("chapter.heads.headName", best[0] + 1, best[1] + 1), value(i18n, s, d, best[0], best[1]));
    }

    private String headScores(I18n i18n) {
        Survey s = survey();
        if (s == null) {
            return "";
        }
        int[] lh = shownHead(s);
        HeadScores hs = s.scores().get(lh[0]).get(lh[1]);
        return i18n.get("chapter.heads.headName", lh[0] + 1, lh[1] + 1) + ": " + i18n.get("chapter.ui.heads.scores",
                score(i18n, Detector.PREVIOUS, hs), score(i18n, Detector.FIRST, hs), score(i18n, Detector.DELIMITER, hs),
                score(i18n, Detector.BROAD, hs), score(i18n, Detector.INDUCTION, hs));
    }

    private Figure headMap(I18n i18n) {
        Survey s = survey();
        if (s == null) {
            return null;
        }
        int[] lh = shownHead(s);
        int n = Math.min(sentence.get() == null ? 0 : sentence.get(), s.tokens().size() - 1);
        List<String> tokens = s.tokens().get(n);
        return Maps.single(Maps.data(tokens, tokens, s.maps()[n][lh[0]][lh[1]], null),
                Maps.options(i18n, "chapter.ui.heads.map", "chapter.ui.weight", -1, 28)
                        .withTitle(i18n.get("chapter.ui.heads.map", i18n.get("chapter.heads.headName", lh[0] + 1,
                                lh[1] + 1))));
    }

    private static String value(I18n i18n, Survey s, Detector d, int layer, int head) {
        return score(i18n, d, s.scores().get(layer).get(head));
    }

    /** Three decimals, or a dash where no row qualified. */
    private static String score(I18n i18n, Detector d, HeadScores s) {
        double v = d.of(s);
        return Double.isNaN(v) ? "—" : i18n.number(v, 3);
    }
}
