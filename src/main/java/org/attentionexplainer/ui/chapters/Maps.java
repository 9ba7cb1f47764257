package org.attentionexplainer.ui.chapters;

import java.util.List;
import java.util.function.BiPredicate;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableValue;
import org.attentionexplainer.export.AttentionFigures;
import org.attentionexplainer.export.AttentionFigures.MatrixRange;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.render.HeatmapOptions;
import org.attentionexplainer.ui.heatmap.HeatmapControl;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * Heatmaps of the chapters: a matrix with its labels on the shared heatmap control. The figures
 * themselves come from {@link AttentionFigures}, as every figure of the app does.
 */
final class Maps {
    private Maps() {
    }

    /** One (rows, cols) matrix; {@code hidden} marks masked cells (null: none). */
    static HeatmapData data(List<String> rows, List<String> cols, float[][] m, BiPredicate<Integer, Integer> hidden) {
        return AttentionFigures.matrixData(rows, cols, m, hidden);
    }

    static List<String> numbered(int n) {
        return java.util.stream.IntStream.range(0, n).mapToObj(Integer::toString).toList();
    }

    static HeatmapOptions options(I18n i18n, String titleKey, String legendKey, int decimals, double maxCell) {
        return new AttentionFigures(i18n.texts()).matrixOptions(titleKey, legendKey, decimals, maxCell);
    }

    static Figure single(HeatmapData d, HeatmapOptions o) {
        return AttentionFigures.matrix(d, MatrixRange.UNIT, o);
    }

    static Figure auto(HeatmapData d, HeatmapOptions o) {
        return AttentionFigures.matrix(d, MatrixRange.AUTO, o);
    }

    static Figure signed(HeatmapData d, HeatmapOptions o) {
        return AttentionFigures.matrix(d, MatrixRange.SIGNED, o);
    }

    /** Small multiples on one scale over {@code range}, as many columns as make the cells largest. */
    static Figure grid(List<HeatmapData> maps, List<String> titles, MatrixRange range, HeatmapOptions o) {
        return AttentionFigures.matrices(maps, titles, range, o, 0);
    }

    static Figure grid(List<HeatmapData> maps, List<String> titles, MatrixRange range, HeatmapOptions o,
                       int columns) {
        return AttentionFigures.matrices(maps, titles, range, o, columns);
    }

    /** Small multiples whose one scale spans {@code over} only. */
    static Figure grid(List<HeatmapData> maps, List<String> titles, MatrixRange range, List<HeatmapData> over,
                       HeatmapOptions o) {
        return AttentionFigures.matrices(maps, titles, range, over, o, 0);
    }

    /** One matrix on the stretched scale of {@code over}: what a stepped map will show. */
    static Figure auto(HeatmapData d, List<HeatmapData> over, HeatmapOptions o) {
        return AttentionFigures.matrix(d, MatrixRange.AUTO, over, o);
    }

    /** One matrix of weights, titled, with row {@code row} outlined. */
    static Figure outlined(HeatmapData d, String title, int row, String legend, HeatmapOptions o) {
        return AttentionFigures.outlined(d, title, MatrixRange.UNIT, row, legend, o);
    }

    /**
     * A heatmap whose figure follows {@code figure} (null shows nothing). It fills the page's width
     * and is as tall as the figure is at that width (no taller than the visible page), so that it
     * grows with the window, the zoom and presentation mode's large type; while the figure is
     * computed it keeps {@code heightEm} times its text size, so the page does not jump.
     */
    static HeatmapControl control(String id, ObservableValue<Figure> figure, double heightEm) {
        HeatmapControl c = new HeatmapControl();
        c.setId(id);
        c.figureProperty().bind(figure);
        c.setFillWidth(true);
        c.minHeightProperty().bind(Bindings.createDoubleBinding(() -> c.getFigure() != null ? 0
                : heightEm * c.fontProperty().get().getSize(), c.fontProperty(), c.figureProperty()));
        c.setMaxWidth(Double.MAX_VALUE);
        return c;
    }

    /** A figure made from a value and the language; null while the value is. */
    static <T> ObservableValue<Figure> figure(I18n i18n, ObservableValue<T> value,
                                              java.util.function.Function<T, Figure> make) {
        return Bindings.createObjectBinding(() -> value.getValue() == null ? null : make.apply(value.getValue()),
                value, i18n.localeProperty());
    }
}
