package org.attentionexplainer.render;

import java.util.ArrayList;
import java.util.List;

/**
 * What to draw, before it is sized: panels of heatmaps in a grid, the colour bars on the
 * right, a title and a caption. One map, small multiples (one map per head, one shared
 * scale) and a comparison (A, B and their difference) are all figures; the screen lays a
 * figure out for its window, export for a cell size, and both paint the same marks.
 */
public final class Figure {
    private final List<PanelLayout.Panel> panels;
    private final String diffLegend;
    private final int columns;
    private final HeatmapOptions options;

    /** @param diffLegend the title of the difference's colour bar, or null when there is no difference panel */
    private Figure(List<PanelLayout.Panel> panels, String diffLegend, int columns, HeatmapOptions options) {
        if (panels.isEmpty()) {
            throw new IllegalArgumentException("a figure needs at least one map");
        }
        this.panels = List.copyOf(panels);
        this.diffLegend = diffLegend;
        this.columns = columns;
        this.options = options;
    }

    /** One map with its colour bar; the options' title heads it. */
    public static Figure single(HeatmapData data, ColorScale scale, HeatmapOptions options) {
        return new Figure(List.of(PanelLayout.Panel.of(data, scale, null)), null, 1, options);
    }

    /** Small multiples: one map per head, each titled, all on one scale with one colour bar. */
    /** Grids with more cells than this colour them on several threads. */
    private static final long PARALLEL_CELLS = 1 << 16;

    public static Figure grid(List<HeatmapData> maps, List<String> titles, ColorScale scale, HeatmapOptions options) {
        if (titles.size() != maps.size()) {
            throw new IllegalArgumentException(titles.size() + " titles for " + maps.size() + " maps");
        }
        // every cell's colour: the heads in parallel, as a long input's grid has millions of cells
        PanelLayout.Panel[] panels = new PanelLayout.Panel[maps.size()];
        long cells = maps.stream().mapToLong(m -> m.values().length).sum();
        java.util.stream.IntStream heads = java.util.stream.IntStream.range(0, maps.size());
        (cells > PARALLEL_CELLS ? heads.parallel() : heads)
                .forEach(i -> panels[i] = PanelLayout.Panel.of(maps.get(i), scale, titles.get(i)));
        return new Figure(List.of(panels), null, 0, options);
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
        return new Figure(panels, diffLegend == null ? "" : diffLegend, 3, options);
    }

    /** The colour bars: one for the shared scale, and one for a difference panel. */
    List<LegendLayout.Spec> legends() {
        List<LegendLayout.Spec> legends = new ArrayList<>();
        if (!options.showLegend()) {
            return legends;
        }
        int shared = diffLegend == null ? panels.size() : panels.size() - 1;
        boolean masked = false;
        for (int i = 0; i < shared; i++) {
            masked |= panels.get(i).data().hasMasked();
        }
        legends.add(new LegendLayout.Spec(panels.get(0).scale(), options.legendTitle(), masked));
        if (diffLegend != null) {
            PanelLayout.Panel diff = panels.get(panels.size() - 1);
            legends.add(new LegendLayout.Spec(diff.scale(), diffLegend, diff.data().hasMasked()));
        }
        return legends;
    }

    /** The same figure with other options (the screen sets font, colours and texts at paint time). */
    public Figure withOptions(HeatmapOptions other) {
        return new Figure(panels, diffLegend, columns, other);
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

    /** The colour scale of panel i. */
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
        return new FigureLayout(panels, legends(), columns, options, maxWidth, maxHeight, measurer);
    }
}
