package org.attentionexplainer.export;

import java.util.List;
import java.util.Set;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.Stage;

/**
 * What a batch export writes.
 *
 * @param formats    the kinds of file, each written for every chosen head
 * @param stage      scores, logits or weights
 * @param heads      the heads to write, from 0; empty for all
 * @param grid       also the small multiples of the chosen heads ({@code grid.png}, {@code grid.npy}...)
 * @param colorMap   the map of the weights (signed stages are always blue-red, centred)
 * @param autoRange  weights from their own range instead of [0, 1]
 * @param showValues numbers in cells where they fit
 * @param parts      title, labels, colour bar, caption
 * @param caption    the caption text (the settings), or null
 * @param resolution scale or DPI of the PNGs
 */
public record ExportRequest(Set<ExportFormat> formats, Stage stage, List<Integer> heads, boolean grid,
                            ColorMap colorMap, boolean autoRange, boolean showValues, FigureParts parts,
                            String caption, Resolution resolution) {
    public ExportRequest {
        if (formats.isEmpty()) {
            throw new ExportProblem("export.problem.noFormat");
        }
        formats = Set.copyOf(formats);
        heads = List.copyOf(heads);
    }

    /** The chosen heads of a trace with {@code headCount} heads. */
    public List<Integer> headsOf(int headCount) {
        if (heads.isEmpty()) {
            return java.util.stream.IntStream.range(0, headCount).boxed().toList();
        }
        for (int h : heads) {
            if (h < 0 || h >= headCount) {
                throw new ExportProblem("export.problem.head", Integer.toString(h + 1), Integer.toString(headCount));
            }
        }
        return heads;
    }
}
