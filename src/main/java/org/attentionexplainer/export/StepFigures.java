package org.attentionexplainer.export;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.lesson.HeatScale;
import org.attentionexplainer.lesson.StepTables;
import org.attentionexplainer.render.AwtTextMeasurer;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.ColorScale;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.render.HeatmapOptions;
import org.attentionexplainer.i18n.NumberText;
import org.attentionexplainer.render.TextMeasurer;
import org.attentionexplainer.i18n.Localization;

/**
 * The picture of a walkthrough step: its matrices side by side as on screen, titled with the
 * step, token labels on the axes, every number in its cell with the walkthrough's 4
 * decimals, scores and weights coloured on the step's ranges as on screen (weights on [0, 1],
 * a step's scores on one range from 0; see {@link HeatScale}) in the walkthrough's blue, with a
 * colour bar each, the other matrices as plain tables, the query the lesson follows
 * outlined where a matrix has every query's row (as on screen), and a caption naming the
 * example. Type is large enough for a projector. The app and its exports get it through
 * {@link AttentionFigures#steps}.
 */
final class StepFigures {
    /** Decimals of every number, as the walkthrough shows them. */
    static final int DECIMALS = 4;
    /** Base text size in layout pixels: 2× export makes 36 px type on a 1920-pixel slide. */
    static final double FONT = 18;
    static final double MIN_CELL = 56;
    static final double MAX_CELL = 140;
    private final Localization texts;

    StepFigures(Localization texts) {
        this.texts = texts;
    }

    /** The figure of the step's matrices, with the parts asked for. */
    Figure figure(StepTables step, FigureParts parts) {
        List<HeatmapData> maps = new ArrayList<>();
        List<String> titles = new ArrayList<>();
        List<ColorScale> scales = new ArrayList<>();
        List<String> legends = new ArrayList<>();
        List<Integer> queryRows = new ArrayList<>();
        double widest = 0;
        TextMeasurer m = new AwtTextMeasurer("SansSerif");
        double valueSize = Math.max(8, 0.8 * FONT);
        for (StepTables.Table t : step.tables()) {
            HeatmapData d = data(t);
            maps.add(d);
            titles.add(texts.get(t.titleKey(), args(t.titleArgs())));
            scales.add(t.heat() ? new ColorScale(ColorMap.BLUES, t.scale().min(), t.scale().max()) : null);
            legends.add(t.heat() ? texts.get(t.legendKey()) : null);
            queryRows.add(t.queryRow());
            for (float v : d.values()) {
                widest = Math.max(widest, m.width(NumberText.format(v, DECIMALS, texts.locale()), valueSize, false));
            }
        }
        double cell = Math.min(MAX_CELL, Math.max(MIN_CELL, Math.ceil(widest + 0.6 * FONT)));
        HeatmapOptions options = HeatmapOptions.defaults()
                .withFont("SansSerif", FONT)
                .withMaxCell(cell)
                .withTitle(texts.get(step.step().titleKey()))
                .withCaption(texts.get(step.captionKey(), args(step.captionArgs())))
                .withAxes(null, null)
                .withLegend(true, null, null)
                .withValues(true, DECIMALS)
                .withLocale(texts.locale());
        return parts.applyTo(Figure.tables(maps, titles, scales, legends, queryRows, options));
    }

    private static HeatmapData data(StepTables.Table t) {
        double[] v = t.values().data();
        float[] f = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            f[i] = (float) v[i];
        }
        return new HeatmapData(t.rows(), t.cols(), f, null);
    }

    /** Numbers as the walkthrough writes them, everything else as it is. */
    private Object[] args(List<Object> args) {
        Object[] out = new Object[args.size()];
        for (int i = 0; i < out.length; i++) {
            Object a = args.get(i);
            out[i] = a instanceof Double d ? texts.number(d, DECIMALS) : a;
        }
        return out;
    }

    /** The file name offered for a step: step-4.png. */
    static String fileName(StepTables step) {
        return "step-" + (step.step().ordinal() + 1);
    }
}
