package org.attentionexplainer.export;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.ColorScale;
import org.attentionexplainer.render.Drawing;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.render.HeatmapOptions;
import org.attentionexplainer.render.HeatmapStyle;
import org.attentionexplainer.render.Stage;
import org.attentionexplainer.render.TraceMaps;
import org.attentionexplainer.render.AwtTextMeasurer;
import org.attentionexplainer.i18n.Localization;

/**
 * The pictures of an export: one head, or the grid of heads, titled and labelled as on
 * screen (the same texts and colour scales as the explorer), on the light style. Cells
 * shrink with the sentence so that a 128-token map stays a printable size.
 */
public final class MapFigures {
    /** The side of a single map, in layout pixels, that cells aim for. */
    static final double SINGLE_SIDE = 768;
    /** The side of one map of the grid. */
    static final double GRID_SIDE = 320;
    private final Localization texts;

    public MapFigures(Localization texts) {
        this.texts = texts;
    }

    /** One head as its own figure. */
    public Figure head(AttentionTrace trace, int head, ExportRequest r) {
        HeatmapData map = TraceMaps.head(trace, r.stage(), 0, head);
        HeatmapOptions opt = options(r, cell(SINGLE_SIDE, 48, map), texts.get("explorer.figure.focusTitle",
                stageName(r.stage()), head + 1));
        return Figure.single(map, scale(r, List.of(map)), opt);
    }

    /** The chosen heads as small multiples on one scale. */
    public Figure grid(AttentionTrace trace, List<Integer> heads, ExportRequest r) {
        List<HeatmapData> all = TraceMaps.heads(trace, r.stage(), 0);
        List<HeatmapData> maps = new ArrayList<>();
        List<String> titles = new ArrayList<>();
        for (int h : heads) {
            maps.add(all.get(h));
            titles.add(texts.get("explorer.figure.head", h + 1));
        }
        HeatmapOptions opt = options(r, gridCell(maps.get(0)), texts.get("explorer.figure.gridTitle",
                stageName(r.stage()), maps.size()));
        return Figure.grid(maps, titles, scale(r, maps), opt);
    }

    /**
     * Starts Java2D, the fonts and the PNG encoder on a small picture, in the background: the
     * command line does it while the engine computes, so that the first of the real pictures
     * does not pay for it (about a third of a second).
     */
    public static void warmUpInBackground() {
        Thread t = new Thread(() -> {
            HeatmapData d = new HeatmapData(List.of("warm", "up"), List.of("warm", "up"), new float[] {1, 0, 0, 1},
                    null);
            Drawing drawing = draw(Figure.single(d, ColorScale.unit(ColorMap.VIRIDIS),
                    HeatmapOptions.defaults().withTitle("warm up").withCaption("warm up")));
            try {
                PngWriter.write(drawing, Resolution.times(2), java.io.OutputStream.nullOutputStream());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, "export-warm-up");
        t.setDaemon(true);
        t.start();
    }

    /** The figure laid out at its natural size (cells of maxCell). */
    public static Drawing draw(Figure figure) {
        return figure.layout(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                new AwtTextMeasurer(figure.options().fontFamily())).drawing();
    }

    /** Cell side for a map: {@code side} / its longer edge, between 7 and {@code max}. */
    static double cell(double side, double max, HeatmapData map) {
        int n = Math.max(map.rows(), map.cols());
        return Math.max(7, Math.min(max, Math.floor(side / n)));
    }

    /** Cell side in the grid: {@link #GRID_SIDE} / the longer edge, between 2 and 40 (labels go below 7). */
    static double gridCell(HeatmapData map) {
        int n = Math.max(map.rows(), map.cols());
        return Math.max(2, Math.min(40, Math.floor(GRID_SIDE / n)));
    }

    private HeatmapOptions options(ExportRequest r, double cell, String title) {
        FigureParts p = r.parts();
        String masked = texts.get(r.stage() == Stage.LOGITS ? "explorer.figure.maskedInf" : "explorer.figure.masked");
        double font = Math.max(9, Math.min(14, cell));
        return HeatmapOptions.defaults()
                .withFont("SansSerif", font)
                .withMaxCell(cell)
                .withStyle(HeatmapStyle.LIGHT)
                .withAxes(texts.get("explorer.figure.queries"), texts.get("explorer.figure.keys"))
                .withLegend(p.legend(), stageName(r.stage()), masked)
                .withRowSums(r.stage() == Stage.WEIGHTS && r.showValues(), "Σ")
                .withValues(r.showValues(), 2)
                .withLabels(p.labels())
                .withTitle(p.title() ? title : null)
                .withCaption(p.caption() ? r.caption() : null)
                .withLocale(texts.locale());
    }

    private static ColorScale scale(ExportRequest r, List<HeatmapData> maps) {
        if (r.stage().signed()) {
            return ColorScale.centred(ColorMap.BLUE_RED, maps);
        }
        return r.autoRange() ? ColorScale.auto(r.colorMap(), maps) : ColorScale.unit(r.colorMap());
    }

    String stageName(Stage s) {
        return texts.get("explorer.stage." + s.id());
    }

    /**
     * The settings under the picture: "4 heads · scale 1/√d_k · T = 1.00 · causal · seed 123".
     *
     * @param weightSeed the seed of the weights, or null when they came from a file
     */
    public String caption(AttentionSpec spec, Long weightSeed) {
        List<String> parts = new ArrayList<>();
        parts.add(texts.get("export.caption.heads", spec.heads()));
        parts.add(texts.get("export.caption.scale", switch (spec.scale().kind()) {
            case INVERSE_SQRT_DK -> "1/√d_k";
            case NONE -> "1";
            case CUSTOM -> texts.number(spec.scale().factor(), 3);
        }));
        parts.add("T = " + texts.number(spec.temperature(), 2));
        if (spec.causal()) {
            parts.add(texts.get("explorer.describe.causal"));
        }
        if (spec.window() != null) {
            parts.add(texts.get("explorer.describe.window", spec.window()));
        }
        if (spec.padding() != null) {
            parts.add(texts.get("export.caption.padding"));
        }
        if (spec.dropout() != null) {
            parts.add(texts.get("explorer.describe.dropout", texts.number(spec.dropout().p(), 2),
                    String.valueOf(spec.dropout().seed())));
        }
        if (weightSeed != null) {
            parts.add(texts.get("export.caption.seed", String.valueOf(weightSeed)));
        }
        return String.join(" · ", parts);
    }
}
