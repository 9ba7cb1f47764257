package org.attentionexplainer.ui.chapters;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import org.attentionexplainer.export.FigureFiles;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.ColorScale;
import org.attentionexplainer.render.Drawings;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.ui.TestContexts;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;

/**
 * The chapters' grids, comparisons and stepped maps come from the one figure builder, and are
 * drawn as the pages drew them with scales of their own: mark by mark, each page's figure is
 * the figure made with the colour map, range and columns the page chose by hand.
 */
class ChapterFiguresTest {
    private final FxRobot robot = new FxRobot();

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    /** The figure of the map {@code id} on the page, as shown. */
    private Figure shown(ChapterPage<?> page, String id) {
        ChaptersViewModel vm = new ChaptersViewModel(TestContexts.english(), List.of(page));
        Node[] node = new Node[1];
        robot.interact(() -> {
            node[0] = page.create(vm);
            new Scene(new StackPane(node[0]), 1000, 700);
            node[0].applyCss();
        });
        Figure f = ((HeatmapControl) node[0].lookup("#" + id)).getFigure();
        assertNotNull(f, id);
        return f;
    }

    /** The shown figure's maps on {@code scale} over them, in {@code columns} columns, as small multiples. */
    private static Figure grid(Figure shown, Function<List<HeatmapData>, ColorScale> scale, int columns) {
        List<HeatmapData> maps = new ArrayList<>();
        List<String> titles = new ArrayList<>();
        for (int i = 0; i < shown.panelCount(); i++) {
            maps.add(shown.data(i));
            titles.add(shown.title(i));
        }
        return Figure.grid(maps, titles, scale.apply(maps), shown.options(), columns);
    }

    private static void assertDrawnAs(Figure expected, Figure shown) {
        Drawings.assertSameMarks(FigureFiles.draw(expected), FigureFiles.draw(shown));
    }

    @Test
    void headsAndStepsOfTheMultiHeadAndEncoderChapters() {
        Figure heads = shown(new MultiHeadPage(), "multihead-heads");
        assertDrawnAs(grid(heads, m -> ColorScale.unit(ColorMap.VIRIDIS), 0), heads);
        Figure steps = shown(new EncoderPage(), "encoder-steps");
        assertDrawnAs(grid(steps, m -> ColorScale.centred(ColorMap.BLUE_RED, m), 0), steps);
    }

    @Test
    void masksInGreyAndTheirWeights() {
        Figure masks = shown(new MasksPage(), "masks-matrices");
        assertDrawnAs(grid(masks, m -> ColorScale.unit(ColorMap.GREYSCALE), 0), masks);
        Figure weights = shown(new MasksPage(), "masks-weights");
        assertDrawnAs(grid(weights, m -> ColorScale.unit(ColorMap.VIRIDIS), 0), weights);
    }

    @Test
    void causalComparisonsOnePairOnTheUnitRangeTheOtherStretchedOverTheDropout() {
        Figure compare = shown(new CausalPage(), "causal-compare");
        assertDrawnAs(grid(compare, m -> ColorScale.unit(ColorMap.VIRIDIS), 0), compare);
        Figure zero = shown(new CausalPage(), "causal-zero");
        assertDrawnAs(grid(zero, m -> ColorScale.auto(ColorMap.VIRIDIS, List.of(m.get(1))), 0), zero);
    }

    @Test
    void ropeScoresCentredInTwoColumnsAndGqaHeadsStretchedInFour() {
        Figure rope = shown(new RopePage(), "rope-scores");
        assertDrawnAs(grid(rope, m -> ColorScale.centred(ColorMap.BLUE_RED, m), 2), rope);
        Figure gqa = shown(new GqaPage(), "gqa-maps");
        assertDrawnAs(grid(gqa, m -> ColorScale.auto(ColorMap.VIRIDIS, m), 4), gqa);
    }

    @Test
    void theSteppedMapsOfFlashAndTheKvCache() {
        Figure flash = shown(new FlashPage(), "flash-map");
        HeatmapData held = flash.data(0);
        HeatmapData all = new HeatmapData(held.rowLabels(), held.colLabels(), held.values(), null);
        assertDrawnAs(Figure.single(held, ColorScale.auto(ColorMap.VIRIDIS, List.of(all)), flash.options()), flash);
        Figure kv = shown(new KvCachePage(), "kv-map");
        int outlined = kv.data(0).rows() - 1;
        for (int i = 0; i < kv.data(0).rows(); i++) {
            if (kv.data(0).isMasked(i, 0)) {
                outlined = i - 1;
                break;
            }
        }
        assertDrawnAs(Figure.tables(List.of(kv.data(0)), List.of(kv.title(0)),
                List.of(ColorScale.unit(ColorMap.VIRIDIS)), List.of(kv.options().legendTitle()), List.of(outlined),
                kv.options()), kv);
    }
}
