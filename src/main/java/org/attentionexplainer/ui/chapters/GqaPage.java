package org.attentionexplainer.ui.chapters;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Node;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.attentionexplainer.export.AttentionFigures.MatrixRange;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.lesson.chapters.GqaChapter;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.common.Texts;
import org.attentionexplainer.ui.i18n.I18n;

/** GQA and MQA: a K/V-heads choice, which query head reads which K/V head, the maps, the Llama cache. */
final class GqaPage extends ChapterPage<GqaChapter> {
    private final ObjectProperty<Integer> kvHeads = new SimpleObjectProperty<>(this, "kvHeads",
            GqaChapter.DEFAULT_KV_HEADS);

    @Override
    ChapterText text() {
        return GqaChapter.TEXT;
    }

    @Override
    void start(ChapterWork work) {
        work.saved().keep("gqaKvHeads", kvHeads, GqaPage::parseKvHeads, String::valueOf);
        computeWith(work, () -> {
            int kv = kvHeads.get();
            return engine -> GqaChapter.compute(engine, kv);
        }, kvHeads);
    }

    /** A stored choice that is one of the divisors, else nothing (the default stays). */
    private static Optional<Integer> parseKvHeads(String s) {
        int kv = Integer.parseInt(s.trim());
        return GqaChapter.divisors(GqaChapter.HEADS).contains(kv) ? Optional.of(kv) : Optional.empty();
    }

    ObjectProperty<Integer> kvHeadsProperty() {
        return kvHeads;
    }

    @Override
    Node create(ChaptersViewModel chapters) {
        I18n i18n = chapters.i18n();
        ChoiceBox<Integer> choice = new ChoiceBox<>();
        choice.setId("gqa-kv-heads");
        choice.getItems().setAll(GqaChapter.divisors(GqaChapter.HEADS));
        choice.setConverter(kvNames(i18n));
        i18n.localeProperty().addListener((o, a, b) -> choice.setConverter(kvNames(i18n)));
        choice.valueProperty().bindBidirectional(kvHeads);
        Node controls = PageLayout.column("page-inputs",
                PageLayout.label(i18n.text("chapter.ui.gqa.kvHeads"), "page-caption"), choice);

        var g = model();
        Node sharing = Maps.control("gqa-sharing", Maps.figure(i18n, g, x -> Maps.single(sharingData(i18n, x),
                Maps.options(i18n, "chapter.ui.gqa.sharing", "chapter.ui.gqa.reads", -1, 52)
                        .withLegend(false, i18n.get("chapter.ui.gqa.reads"), "")
                        .withAxes(i18n.get("chapter.ui.gqa.axis.kv"), i18n.get("chapter.ui.gqa.axis.query")))), 12);
        Node maps = Maps.control("gqa-maps", Maps.figure(i18n, g, x -> headMaps(i18n, x)), 22);
        Label toy = PageLayout.computed(i18n, "gqa-toy", () -> {
            GqaChapter x = g.get();
            return x == null ? "" : i18n.get("chapter.ui.gqa.toy", x.kvHeads(), GqaChapter.HEADS / x.kvHeads(),
                    x.cachedPerToken(), 2 * GqaChapter.HEADS * GqaChapter.HEAD_DIM, i18n.number(x.changeFromMha(), 4));
        }, g);
        GridPane table = new GridPane();
        table.setId("gqa-llama");
        table.getStyleClass().add("chapter-table");
        g.addListener((o, a, b) -> fillTable(i18n, table, b));
        i18n.localeProperty().addListener((o, a, b) -> fillTable(i18n, table, g.get()));
        fillTable(i18n, table, g.get());
        Label notes = PageLayout.computed(i18n, "gqa-notes", () -> g.get() == null ? ""
                : Texts.format(i18n, g.get().notesStatement()), g);
        notes.getStyleClass().add("page-note");
        answerSection("chapter.gqa.memory.title", "gib");
        answerSection("chapter.gqa.notes.title", "notes");
        return layout(chapters, controls, new VBox(part(sharing, answer(chapters, toy, "toy")), part(maps),
                part(PageLayout.label(i18n.text("chapter.ui.gqa.table"), "page-heading"),
                answer(chapters, table, "gib", "notes"), answer(chapters, notes, "notes"))));
    }

    private static StringConverter<Integer> kvNames(I18n i18n) {
        return new StringConverter<>() {
            @Override
            public String toString(Integer kv) {
                if (kv == null) {
                    return "";
                }
                String key = kv == GqaChapter.HEADS ? "chapter.ui.gqa.choice.mha"
                        : kv == 1 ? "chapter.ui.gqa.choice.mqa" : "chapter.ui.gqa.choice.gqa";
                return i18n.get(key, kv);
            }

            @Override
            public Integer fromString(String s) {
                return null;
            }
        };
    }

    /** (kv, h): 1 where query head i reads K/V head g; one row per K/V head, so the groups read across. */
    private static HeatmapData sharingData(I18n i18n, GqaChapter x) {
        List<String> rows = new ArrayList<>();
        List<String> cols = new ArrayList<>();
        float[][] m = new float[x.kvHeads()][GqaChapter.HEADS];
        for (int kv = 0; kv < x.kvHeads(); kv++) {
            rows.add(i18n.get("chapter.ui.gqa.kvHead", kv + 1));
        }
        for (int h = 0; h < GqaChapter.HEADS; h++) {
            cols.add(i18n.get("chapter.ui.gqa.queryHead", h + 1));
            m[x.kvHeadOf(h)][h] = 1;
        }
        return Maps.data(rows, cols, m, null);
    }

    /** Every query head's map, titled with the K/V head it reads, on one stretched scale. */
    private static Figure headMaps(I18n i18n, GqaChapter x) {
        List<HeatmapData> maps = new ArrayList<>();
        List<String> titles = new ArrayList<>();
        List<String> tokens = x.trace().tokens();
        for (int h = 0; h < GqaChapter.HEADS; h++) {
            maps.add(Maps.data(tokens, tokens, x.headWeights(h), null));
            titles.add(i18n.get("chapter.ui.gqa.mapTitle", h + 1, x.kvHeadOf(h) + 1));
        }
        return Maps.grid(maps, titles, MatrixRange.AUTO,
                Maps.options(i18n, "chapter.ui.gqa.maps", "chapter.ui.gqa.stretched", -1, 30), 4);
    }

    private static void fillTable(I18n i18n, GridPane grid, GqaChapter x) {
        grid.getChildren().clear();
        if (x == null) {
            return;
        }
        grid.addRow(0, cell(i18n.get("chapter.ui.gqa.col.kv")), cell(i18n.get("chapter.ui.gqa.col.perToken")),
                cell(i18n.get("chapter.ui.gqa.col.gib")), cell(i18n.get("chapter.ui.gqa.col.gb")));
        int r = 1;
        int ratio = GqaChapter.HEADS / x.kvHeads();
        for (GqaChapter.LlamaCache c : x.llama()) {
            boolean own = c.kvHeads() == GqaChapter.LLAMA_KV_HEADS;
            boolean same = c.kvHeads() == x.llamaAtSameRatio().kvHeads();
            String note = own && same ? i18n.get("chapter.ui.gqa.ownAndSameRatio", ratio)
                    : own ? i18n.get("chapter.ui.gqa.llamaOwn")
                    : same ? i18n.get("chapter.ui.gqa.sameRatio", ratio) : "";
            Label kv = cell(Integer.toString(c.kvHeads()));
            kv.setId("gqa-llama-" + c.kvHeads());
            // the note wraps rather than widen the page past a projector's width
            grid.addRow(r++, kv, cell(i18n.get("chapter.ui.gqa.kib", i18n.number(c.bytesPerToken() / 1024.0, 0))),
                    cell(i18n.number(c.gib(), 0)), cell(i18n.number(c.gb(), 1)), PageLayout.line(note, "page-caption"));
        }
    }
}
