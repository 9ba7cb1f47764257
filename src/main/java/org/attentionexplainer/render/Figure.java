package org.attentionexplainer.render;

import java.util.ArrayList;
import java.util.List;

/**
 * What to draw, before it is sized: panels of heatmaps in a grid, the colour bars on the
 * right, a title and a caption. One map, small multiples (one map per head, one shared
 * scale), a comparison (A, B and their difference) and a row of different matrices (a
 * walkthrough step) are all figures; the screen lays a figure out for its window, export
 * for a cell size, and both paint the same marks.
 */
public final class Figure {
    private final List<PanelLayout.Panel> panels;
    private final List<Bar> bars;
    private final int columns;
    /** Row labels on every panel (different matrices), not only on the first column (small multiples). */
    private final boolean rowLabelled;
    private final HeatmapOptions options;

    /**
     * A colour bar: the scale of panel {@code from}, serving panels [from, to).
     *
     * @param title its title, or null for the options' legend title
     */
    private record Bar(int from, int to, String title) {
    }

    private Figure(List<PanelLayout.Panel> panels, List<Bar> bars, int columns, boolean rowLabelled,
                   HeatmapOptions options) {
        if (panels.isEmpty()) {
            throw new IllegalArgumentException("a figure needs at least one map");
        }
        this.panels = List.copyOf(panels);
        this.bars = List.copyOf(bars);
        this.columns = columns;
        this.rowLabelled = rowLabelled;
        this.options = options;
    }

    /** One map with its colour bar; the options' title heads it. */
    public static Figure single(HeatmapData data, ColorScale scale, HeatmapOptions options) {
        return new Figure(List.of(PanelLayout.Panel.of(data, scale, null)), List.of(new Bar(0, 1, null)), 1, false,
                options);
    }

    /** Grids with more cells than this colour them on several threads. */
    private static final long PARALLEL_CELLS = 1 << 16;

    /** Small multiples: one map per head, each titled, all on one scale with one colour bar. */

    public static Figure grid(List<HeatmapData> maps, List<String> titles, ColorScale scale, HeatmapOptions options) {
        return grid(maps, titles, scale, options, 0);
    }

    /**
     * Small multiples in {@code columns} columns (0: as many as make the cells largest), e.g.
     * a model's layers as rows and its heads as columns.
     */
    public static Figure grid(List<HeatmapData> maps, List<String> titles, ColorScale scale, HeatmapOptions options,
                              int columns) {
        if (titles.size() != maps.size()) {
            throw new IllegalArgumentException(titles.size() + " titles for " + maps.size() + " maps");
        }
        if (columns < 0) {
            throw new IllegalArgumentException("columns must be 0 or more, got " + columns);
        }
        // every cell's colour: the heads in parallel, as a long input's grid has millions of cells
        PanelLayout.Panel[] colored = new PanelLayout.Panel[maps.size()];
        long cells = maps.stream().mapToLong(HeatmapData::size).sum();
        java.util.stream.IntStream heads = java.util.stream.IntStream.range(0, maps.size());
        (cells > PARALLEL_CELLS ? heads.parallel() : heads)
                .forEach(i -> colored[i] = PanelLayout.Panel.of(maps.get(i), scale, titles.get(i)));
        List<PanelLayout.Panel> panels = List.of(colored);
        // the heads of one input share their rows; different inputs (two sentences) each need theirs named
        boolean sameRows = maps.stream().allMatch(m -> m.rowLabels().equals(maps.get(0).rowLabels()));
        return new Figure(panels, List.of(new Bar(0, panels.size(), null)), Math.min(columns, panels.size()),
                !sameRows, options);
    }

    /**
     * Different matrices in one row, each on its own scale with its own colour bar titled
     * {@code legends[i]}; a null scale draws that matrix as a plain table (numbers on white,
     * no colour bar), as the walkthrough shows Q, K, V and the context vectors.
     */
    public static Figure tables(List<HeatmapData> maps, List<String> titles, List<ColorScale> scales,
                                List<String> legends, HeatmapOptions options) {
        return tables(maps, titles, scales, legends, java.util.Collections.nCopies(maps.size(), -1), options);
    }

    /**
     * Like {@link #tables(List, List, List, List, HeatmapOptions)}, with one row of each map
     * outlined ({@code outlinedRows}, -1 for none): the query a lesson follows.
     */
    public static Figure tables(List<HeatmapData> maps, List<String> titles, List<ColorScale> scales,
                                List<String> legends, List<Integer> outlinedRows, HeatmapOptions options) {
        if (titles.size() != maps.size() || scales.size() != maps.size() || legends.size() != maps.size()
                || outlinedRows.size() != maps.size()) {
            throw new IllegalArgumentException(maps.size() + " maps need as many titles, scales, legends and rows");
        }
        List<PanelLayout.Panel> panels = new ArrayList<>();
        List<Bar> bars = new ArrayList<>();
        for (int i = 0; i < maps.size(); i++) {
            panels.add(PanelLayout.Panel.of(maps.get(i), scales.get(i), titles.get(i)).outlining(outlinedRows.get(i)));
            if (scales.get(i) != null) {
                bars.add(new Bar(i, i + 1, legends.get(i) == null ? "" : legends.get(i)));
            }
        }
        return new Figure(panels, bars, panels.size(), true, options);
    }

    /**
     * Two settings side by side and their difference B − A: A and B share {@code scale},
     * the difference has its own (centred) scale and colour bar titled {@code diffLegend}.
     */
    public static Figure compare(HeatmapData a, HeatmapData b, List<String> titles, ColorScale scale,
                                 ColorScale diffScale, String diffLegend, HeatmapOptions options) {
        if (titles.size() != 3) {
            throw new IllegalArgumentException("a comparison needs 3 titles: A, B and B − A");
        }
        List<PanelLayout.Panel> panels = List.of(PanelLayout.Panel.of(a, scale, titles.get(0)),
                PanelLayout.Panel.of(b, scale, titles.get(1)),
                PanelLayout.Panel.of(b.minus(a), diffScale, titles.get(2), false));
        return new Figure(panels, List.of(new Bar(0, 2, null), new Bar(2, 3, diffLegend == null ? "" : diffLegend)),
                3, false, options);
    }

    /** The colour bars, each with its scale, its title and whether its panels have masked cells. */
    List<LegendLayout.Spec> legends() {
        List<LegendLayout.Spec> legends = new ArrayList<>();
        if (!options.showLegend()) {
            return legends;
        }
        for (Bar bar : bars) {
            boolean masked = false;
            for (int i = bar.from(); i < bar.to(); i++) {
                masked |= panels.get(i).data().hasMasked();
            }
            String title = bar.title() == null ? options.legendTitle() : bar.title();
            legends.add(new LegendLayout.Spec(panels.get(bar.from()).scale(), title, masked));
        }
        return legends;
    }

    /** The same figure with other options (the screen sets font, colours and texts at paint time). */
    public Figure withOptions(HeatmapOptions other) {
        return new Figure(panels, bars, columns, rowLabelled, other);
    }

    /**
     * The same figure with its panels in as many columns as make the cells largest in the room
     * it is given: a screen wraps what an export lays out in one row.
     */
    public Figure reflowed() {
        return new Figure(panels, bars, 0, rowLabelled, options);
    }

    public HeatmapOptions options() {
        return options;
    }

    public int panelCount() {
        return panels.size();
    }

    /** The map of panel i. */
    public HeatmapData data(int panel) {
        return panels.get(panel).data();
    }

    /** The title of panel i, or null. */
    public String title(int panel) {
        return panels.get(panel).title();
    }

    /** The colour scale of panel i; null for a plain table. */
    public ColorScale scale(int panel) {
        return panels.get(panel).scale();
    }

    /** True if any panel has masked cells. */
    public boolean hasMasked() {
        return panels.stream().anyMatch(p -> p.data().hasMasked());
    }

    /**
     * Sizes the figure to fit within maxWidth x maxHeight (either may be infinite: then cells
     * are {@link HeatmapOptions#maxCell()} and the figure takes what it needs).
     */
    public FigureLayout layout(double maxWidth, double maxHeight, TextMeasurer measurer) {
        return new FigureLayout(panels, legends(), columns, rowLabelled, options, maxWidth, maxHeight, measurer, false);
    }

    /**
     * The same, in the middle of a room {@code maxWidth} wide: everything moved right by half of what the
     * figure leaves free (whole pixels), the drawing as wide as the room, hit tests and cell bounds with it
     * (a slide's map limited by its height stands in the middle of the slide, not at its left).
     */
    public FigureLayout layoutCentred(double maxWidth, double maxHeight, TextMeasurer measurer) {
        return new FigureLayout(panels, legends(), columns, rowLabelled, options, maxWidth, maxHeight, measurer, true);
    }
}
