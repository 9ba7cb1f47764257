package org.attentionexplainer.export;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;
import java.util.stream.IntStream;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Normalization;
import org.attentionexplainer.i18n.Localization;
import org.attentionexplainer.lesson.StepTables;
import org.attentionexplainer.lesson.explorer.LoadedData;
import org.attentionexplainer.lesson.explorer.ModelBuilder;
import org.attentionexplainer.lesson.explorer.ModelSettings;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.ColorScale;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.render.HeatmapOptions;
import org.attentionexplainer.render.Stage;
import org.attentionexplainer.render.TraceMaps;

/**
 * Attention maps as figures, the same for every screen and for the command line: a trace, the
 * view's settings and the texts of a language become a figure (titles, token labels, colour
 * bar, caption) and the size it is exported at. The picture on screen, the one exported from
 * it and the command line's for the same settings are therefore one drawing. The chapters'
 * matrices and the walkthrough's steps ({@link StepFigures}) are made here too, so that every
 * figure of the app comes from this one place.
 */
public final class AttentionFigures {
    /** The largest cell on screen: of the grid of heads, and of one head or a comparison. */
    static final double SCREEN_GRID_CELL = 40;
    static final double SCREEN_CELL = 72;
    /** An exported map's cells aim at this side (layout pixels) so that a long sentence stays printable. */
    static final double EXPORT_SIDE = 768;
    static final double EXPORT_GRID_SIDE = 320;
    static final double EXPORT_MAX_CELL = 48;
    /** The maps of a model's overview aim at this side: 72 of them fit a page. */
    static final double OVERVIEW_SIDE = 96;
    static final double OVERVIEW_MAX_CELL = 24;

    /**
     * The colours of B − A: diverging, with a centre that stands out from the background, so
     * that "no change" is drawn as a value and the panel does not look empty.
     */
    public static final ColorMap DIFFERENCE = ColorMap.BLUE_YELLOW_RED;

    private final Localization texts;
    private final StepFigures steps;

    public AttentionFigures(Localization texts) {
        this.texts = texts;
        this.steps = new StepFigures(texts);
    }

    /** How a chapter's matrix is coloured (viridis unless signed). */
    public enum MatrixRange {
        /** From 0 to 1: weights. */
        UNIT,
        /** From the smallest to the largest value of the matrices drawn, or of those the scale is to span. */
        AUTO,
        /** Blue below 0, red above, white at 0, symmetric about 0. */
        SIGNED,
        /** From 0 to 1 in greys: a mask, 1 where a key is hidden. */
        MASK
    }

    /**
     * The figure of a view. Walks every cell once (colours, ranges): call it off the UI thread.
     *
     * @param traceA the pinned settings' trace of a comparison (null otherwise)
     */
    public AttentionFigure figure(AttentionTrace trace, AttentionTrace traceA, MapView v, String caption) {
        if (v.mode() == ViewMode.GRID) {
            return grid(trace, IntStream.range(0, trace.headCount()).boxed().toList(), v, caption);
        }
        HeatmapData b = TraceMaps.head(trace, v.stage(), 0, v.head());
        HeatmapOptions opt = options(v, SCREEN_CELL, caption);
        if (v.mode() == ViewMode.COMPARE && traceA != null) {
            HeatmapData a = TraceMaps.head(traceA, v.stage(), 0, v.head());
            List<String> titles = List.of(texts.get("explorer.figure.a", describe(traceA.spec())),
                    texts.get("explorer.figure.b", describe(trace.spec())), texts.get("explorer.figure.diff"));
            Figure f = Figure.compare(a, b, titles, scale(v, List.of(a, b)),
                    ColorScale.centred(DIFFERENCE, List.of(b.minus(a))), texts.get("explorer.figure.difference"),
                    opt.withTitle(texts.get("explorer.figure.compareTitle", stageName(v.stage()), v.head() + 1)));
            return new AttentionFigure(f, exportCell(b, EXPORT_SIDE, 7, EXPORT_MAX_CELL));
        }
        Figure f = Figure.single(b, scale(v, List.of(b)),
                opt.withTitle(texts.get("explorer.figure.focusTitle", stageName(v.stage()), v.head() + 1)));
        return new AttentionFigure(f, exportCell(b, EXPORT_SIDE, 7, EXPORT_MAX_CELL));
    }

    /** The chosen heads (from 0) as small multiples on one colour scale. */
    public AttentionFigure grid(AttentionTrace trace, List<Integer> heads, MapView v, String caption) {
        List<HeatmapData> all = TraceMaps.heads(trace, v.stage(), 0);
        List<HeatmapData> maps = new ArrayList<>();
        List<String> titles = new ArrayList<>();
        for (int h : heads) {
            maps.add(all.get(h));
            titles.add(texts.get("explorer.figure.head", h + 1));
        }
        // small multiples of one sentence: the rows sum to 1 and the axes are named in one head's view
        Figure f = Figure.grid(maps, titles, scale(v, maps), options(v, SCREEN_GRID_CELL, caption)
                .withRowSums(false, "Σ")
                .withAxes(null, null)
                .withTitle(texts.get("explorer.figure.gridTitle", stageName(v.stage()), maps.size())));
        // labels go below 7 pixels: a grid's cells may be smaller than one map's
        return new AttentionFigure(f, exportCell(maps.get(0), EXPORT_GRID_SIDE, 2, SCREEN_GRID_CELL));
    }

    /** One head as an exported picture, with the request's settings. */
    public Figure head(AttentionTrace trace, int head, ExportRequest r) {
        return figure(trace, null, view(r, ViewMode.FOCUS, head), r.caption()).exported(r.parts());
    }

    /** The chosen heads as one exported picture, with the request's settings. */
    public Figure grid(AttentionTrace trace, List<Integer> heads, ExportRequest r) {
        return grid(trace, heads, view(r, ViewMode.GRID, 0), r.caption()).exported(r.parts());
    }

    /**
     * A trained model's weights, every layer (rows) and head (columns) on one scale from 0 to 1,
     * with the parts asked for: its overview as exported.
     *
     * @param weights [layer][head][query i][key j], each (n, n) for the n {@code tokens}
     */
    public Figure layers(List<String> tokens, float[][][][] weights, ColorMap colorMap, String title, String caption,
                         FigureParts parts) {
        List<HeatmapData> maps = new ArrayList<>();
        List<String> titles = new ArrayList<>();
        int n = tokens.size();
        int heads = weights.length == 0 ? 0 : weights[0].length;
        for (int l = 0; l < weights.length; l++) {
            for (int h = 0; h < heads; h++) {
                float[] values = new float[n * n];
                for (int i = 0; i < n; i++) {
                    System.arraycopy(weights[l][h][i], 0, values, i * n, n);
                }
                maps.add(new HeatmapData(tokens, tokens, values, null));
                titles.add(texts.get("real.overview.layer", l + 1) + " " + texts.get("real.overview.head", h + 1));
            }
        }
        HeatmapOptions options = HeatmapOptions.defaults()
                .withFont("SansSerif", 14)
                .withMaxCell(exportCell(maps.get(0), OVERVIEW_SIDE, 2, OVERVIEW_MAX_CELL))
                .withTitle(title)
                .withCaption(caption)
                .withAxes(null, null)
                .withLegend(true, stageName(Stage.WEIGHTS), "")
                .withValues(false, 2)
                .withLocale(texts.locale());
        return parts.applyTo(Figure.grid(maps, titles, ColorScale.unit(colorMap), options, heads));
    }

    /** A (rows, cols) matrix of a lesson; {@code hidden} marks masked cells (null: none). */
    public static HeatmapData matrixData(List<String> rows, List<String> cols, float[][] m,
                                         BiPredicate<Integer, Integer> hidden) {
        int r = rows.size();
        int c = cols.size();
        float[] values = new float[r * c];
        boolean[] masked = hidden == null ? null : new boolean[r * c];
        for (int i = 0; i < r; i++) {
            for (int j = 0; j < c; j++) {
                values[i * c + j] = m[i][j];
                if (masked != null) {
                    masked[i * c + j] = hidden.test(i, j);
                }
            }
        }
        return new HeatmapData(rows, cols, values, masked);
    }

    /**
     * How a chapter shows a matrix: titled by {@code titleKey}, queries down and keys across, a
     * colour bar named by {@code legendKey}, masked cells marked, each number with {@code decimals}
     * (none when negative), cells up to {@code maxCell}.
     */
    public HeatmapOptions matrixOptions(String titleKey, String legendKey, int decimals, double maxCell) {
        return HeatmapOptions.defaults()
                .withMaxCell(maxCell)
                .withTitle(texts.get(titleKey))
                .withAxes(texts.get("chapter.ui.axis.queries"), texts.get("chapter.ui.axis.keys"))
                .withLegend(true, texts.get(legendKey), texts.get("chapter.ui.masked"))
                .withValues(decimals >= 0, Math.max(0, decimals))
                .withLocale(texts.locale());
    }

    /** A chapter's matrix coloured over {@code range}. */
    public static Figure matrix(HeatmapData d, MatrixRange range, HeatmapOptions o) {
        return matrix(d, range, List.of(d), o);
    }

    /**
     * A chapter's matrix coloured over {@code range} as it spans {@code over}: the values a
     * stepped map will show, when it shows only some of them now.
     */
    public static Figure matrix(HeatmapData d, MatrixRange range, List<HeatmapData> over, HeatmapOptions o) {
        return Figure.single(d, scale(range, over), o);
    }

    /**
     * A chapter's matrices as small multiples in {@code columns} columns (0: as many as make the
     * cells largest), titled by {@code titles}, on one scale over {@code range} as it spans them all.
     */
    public static Figure matrices(List<HeatmapData> maps, List<String> titles, MatrixRange range, HeatmapOptions o,
                                  int columns) {
        return matrices(maps, titles, range, maps, o, columns);
    }

    /** Like {@link #matrices(List, List, MatrixRange, HeatmapOptions, int)}, the range spanning {@code over} only. */
    public static Figure matrices(List<HeatmapData> maps, List<String> titles, MatrixRange range,
                                  List<HeatmapData> over, HeatmapOptions o, int columns) {
        return Figure.grid(maps, titles, scale(range, over), o, columns);
    }

    /**
     * A chapter's matrix titled {@code title} with row {@code row} outlined (the query a lesson
     * has just reached, -1 for none) and its colour bar titled {@code legend}.
     */
    public static Figure outlined(HeatmapData d, String title, MatrixRange range, int row, String legend,
                                  HeatmapOptions o) {
        return Figure.tables(List.of(d), List.of(title), List.of(scale(range, List.of(d))), List.of(legend),
                List.of(row), o);
    }

    private static ColorScale scale(MatrixRange range, List<HeatmapData> over) {
        return switch (range) {
            case UNIT -> ColorScale.unit(ColorMap.VIRIDIS);
            case AUTO -> ColorScale.auto(ColorMap.VIRIDIS, over);
            case SIGNED -> ColorScale.centred(ColorMap.BLUE_RED, over);
            case MASK -> ColorScale.unit(ColorMap.GREYSCALE);
        };
    }

    /** The matrices of a walkthrough step side by side, with the parts asked for (see {@link StepFigures}). */
    public Figure steps(StepTables step, FigureParts parts) {
        return steps.figure(step, parts);
    }

    /** The file name offered for a step's picture: step-4. */
    public static String stepFileName(StepTables step) {
        return StepFigures.fileName(step);
    }

    private static MapView view(ExportRequest r, ViewMode mode, int head) {
        return new MapView(mode, head, r.stage(), r.colorMap(), r.autoRange(), r.showValues());
    }

    /** Cell side for a map: {@code side} / its longer edge, between {@code min} and {@code max}. */
    static double exportCell(HeatmapData map, double side, double min, double max) {
        int n = Math.max(map.rows(), map.cols());
        return Math.max(min, Math.min(max, Math.floor(side / n)));
    }

    private HeatmapOptions options(MapView v, double maxCell, String caption) {
        String masked = texts.get(v.stage() == Stage.LOGITS ? "explorer.figure.maskedInf" : "explorer.figure.masked");
        return HeatmapOptions.defaults()
                .withMaxCell(maxCell)
                .withAxes(texts.get("explorer.figure.queries"), texts.get("explorer.figure.keys"))
                .withLegend(true, stageName(v.stage()), masked)
                .withRowSums(v.stage() == Stage.WEIGHTS, "Σ")
                .withValues(v.showValues(), 2)
                .withCaption(caption)
                .withLocale(texts.locale());
    }

    private static ColorScale scale(MapView v, List<HeatmapData> maps) {
        if (v.stage().signed()) {
            return ColorScale.centred(ColorMap.BLUE_RED, maps);
        }
        return v.autoRange() ? ColorScale.auto(v.colorMap(), maps) : ColorScale.unit(v.colorMap());
    }

    public String stageName(Stage s) {
        return texts.get("explorer.stage." + s.id());
    }

    /**
     * The caption: the model ("4 heads, d_k = 3, separate W_q, W_k, W_v, seed 123", or the
     * file it came from) and the attention settings it was computed with; first, when the
     * model is seeded random numbers, that its patterns mean nothing yet (see
     * {@link ModelBuilder#randomWeights}), so that nobody reads a trained head into them.
     */
    public String caption(ModelSettings settings, LoadedData loaded, AttentionTrace t) {
        String random = ModelBuilder.randomWeights(settings, loaded) ? texts.get("explorer.caption.random") + " · "
                : "";
        if (!loaded.isEmpty()) {
            return random + caption(loaded.name(), t);
        }
        return random + texts.get("explorer.caption.model", t.headCount(), t.headDim(),
                texts.get(settings.projection().messageKey()), String.valueOf(settings.weightSeed())) + " · "
                + describe(t.spec());
    }

    /** The caption of a model loaded from the file (or files) {@code name}. */
    public String caption(String name, AttentionTrace t) {
        return texts.get("explorer.caption.loaded", t.headCount(), t.headDim(), name) + " · " + describe(t.spec());
    }

    /** A short account of the settings: "T = 0.50 · causal · window 2 · hard · dropout 0.30". */
    public String describe(AttentionSpec s) {
        List<String> parts = new ArrayList<>();
        parts.add("T = " + texts.number(s.temperature(), 2));
        if (s.causal()) {
            parts.add(texts.get("explorer.describe.causal"));
        }
        if (s.window() != null) {
            parts.add(texts.get("explorer.describe.window", s.window()));
        }
        int padded = paddedKeys(s);
        if (padded > 0) {
            parts.add(texts.get("explorer.describe.padding", padded));
        }
        switch (s.scale().kind()) {
            case NONE -> parts.add(texts.get("explorer.describe.unscaled"));
            case CUSTOM -> parts.add("×" + texts.number(s.scale().factor(), 2));
            case INVERSE_SQRT_DK -> { }
        }
        if (s.normalization() == Normalization.HARDMAX) {
            parts.add(texts.get("explorer.describe.hard"));
        }
        if (s.dropout() != null && s.dropout().p() > 0) {
            parts.add(texts.get("explorer.describe.dropout", texts.number(s.dropout().p(), 2),
                    String.valueOf(s.dropout().seed())));
        }
        return String.join(" · ", parts);
    }

    /** The keys masked as padding in the first batch entry. */
    private static int paddedKeys(AttentionSpec s) {
        if (s.padding() == null) {
            return 0;
        }
        int n = 0;
        for (float keep : s.padding().row(0)) {
            n += keep == 0f ? 1 : 0;
        }
        return n;
    }
}
