package org.attentionexplainer.ui.explorer;

import org.attentionexplainer.lesson.explorer.ScaleMode;
import org.attentionexplainer.lesson.explorer.AttentionControls;
import org.attentionexplainer.lesson.explorer.LoadedData;
import org.attentionexplainer.lesson.explorer.ModelSettings;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.render.CellHit;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.ColorScale;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.render.HeatmapOptions;
import org.attentionexplainer.render.Stage;
import org.attentionexplainer.render.TraceMaps;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * Turns traces and the view's settings into render figures (with every text in the
 * reader's language), and says what a hovered cell is.
 */
final class ExplorerFigures {
    /** What the figure shows, besides the traces. */
    record View(ViewMode mode, int head, Stage stage, ColorMap colorMap, boolean autoRange, boolean showValues) {
        /** The same view on a trace of {@code heads} heads (the head index kept in range). */
        View fit(int heads) {
            return head < heads ? this : new View(mode, Math.max(0, heads - 1), stage, colorMap, autoRange, showValues);
        }
    }

    private final I18n i18n;

    ExplorerFigures(I18n i18n) {
        this.i18n = i18n;
    }

    /**
     * The figure of a view. Walks every cell once (colours, ranges): call it off the UI thread.
     *
     * @param a the pinned settings of a comparison's A (null otherwise)
     * @param b the live settings
     */
    Figure build(AttentionTrace trace, AttentionTrace traceA, View v, String caption, AttentionControls a,
                 AttentionControls b) {
        HeatmapOptions opt = options(v).withCaption(caption);
        if (v.mode() == ViewMode.GRID) {
            List<HeatmapData> maps = TraceMaps.heads(trace, v.stage(), 0);
            List<String> titles = new ArrayList<>();
            for (int h = 0; h < maps.size(); h++) {
                titles.add(i18n.get("explorer.figure.head", h + 1));
            }
            return Figure.grid(maps, titles, scale(v, maps), opt.withTitle(i18n.get("explorer.figure.gridTitle",
                    stageName(v.stage()), maps.size())));
        }
        HeatmapData mapB = TraceMaps.head(trace, v.stage(), 0, v.head());
        if (v.mode() == ViewMode.COMPARE && traceA != null) {
            HeatmapData mapA = TraceMaps.head(traceA, v.stage(), 0, v.head());
            HeatmapData diff = mapB.minus(mapA);
            List<String> titles = List.of(i18n.get("explorer.figure.a", describe(a)),
                    i18n.get("explorer.figure.b", describe(b)), i18n.get("explorer.figure.diff"));
            return Figure.compare(mapA, mapB, titles, scale(v, List.of(mapA, mapB)),
                    ColorScale.centred(ColorMap.BLUE_RED, List.of(diff)), i18n.get("explorer.figure.difference"),
                    opt.withTitle(i18n.get("explorer.figure.compareTitle", stageName(v.stage()), v.head() + 1)));
        }
        return Figure.single(mapB, scale(v, List.of(mapB)), opt.withTitle(i18n.get("explorer.figure.focusTitle",
                stageName(v.stage()), v.head() + 1)));
    }

    private HeatmapOptions options(View v) {
        boolean weights = v.stage() == Stage.WEIGHTS;
        String masked = i18n.get(v.stage() == Stage.LOGITS ? "explorer.figure.maskedInf" : "explorer.figure.masked");
        return HeatmapOptions.defaults()
                .withMaxCell(v.mode() == ViewMode.GRID ? 40 : 72)
                .withAxes(i18n.get("explorer.figure.queries"), i18n.get("explorer.figure.keys"))
                .withLegend(true, stageName(v.stage()), masked)
                .withRowSums(weights, "Σ")
                .withValues(v.showValues(), 2)
                .withLocale(i18n.locale());
    }

    private static ColorScale scale(View v, List<HeatmapData> maps) {
        if (v.stage().signed()) {
            return ColorScale.centred(ColorMap.BLUE_RED, maps);
        }
        return v.autoRange() ? ColorScale.auto(v.colorMap(), maps) : ColorScale.unit(v.colorMap());
    }

    String stageName(Stage s) {
        return i18n.get("explorer.stage." + s.id());
    }

    /** The caption: the model ("4 heads, d_k = 3, separate W_q, W_k, W_v, seed 123") and the settings. */
    String caption(ModelSettings settings, LoadedData loaded, AttentionControls controls, AttentionTrace t) {
        String model = loaded.isEmpty()
                ? i18n.get("explorer.caption.model", t.headCount(), t.headDim(),
                        i18n.get(settings.projection().messageKey()), String.valueOf(settings.weightSeed()))
                : i18n.get("explorer.caption.loaded", t.headCount(), t.headDim(), loaded.name());
        return model + " · " + describe(controls);
    }

    /** A short account of the settings: "T = 0.50 · causal · window 2 · hard · dropout 0.30". */
    String describe(AttentionControls c) {
        List<String> parts = new ArrayList<>();
        parts.add("T = " + i18n.number(c.temperature(), 2));
        if (c.causal()) {
            parts.add(i18n.get("explorer.describe.causal"));
        }
        if (c.windowOn()) {
            parts.add(i18n.get("explorer.describe.window", c.window()));
        }
        if (c.padding() && !c.paddedKeys().isEmpty()) {
            parts.add(i18n.get("explorer.describe.padding", c.paddedKeys().size()));
        }
        if (c.scaleMode() == ScaleMode.NONE) {
            parts.add(i18n.get("explorer.describe.unscaled"));
        } else if (c.scaleMode() == ScaleMode.CUSTOM) {
            parts.add("×" + i18n.number(c.customScale(), 2));
        }
        if (c.hard()) {
            parts.add(i18n.get("explorer.describe.hard"));
        }
        if (c.dropoutP() > 0) {
            parts.add(i18n.get("explorer.describe.dropout", i18n.number(c.dropoutP(), 2),
                    String.valueOf(c.dropoutSeed())));
        }
        return String.join(" · ", parts);
    }

    /** The tooltip of a cell: query, key, weight, raw score, scaled logit; empty if none. */
    String tooltip(AttentionTrace trace, AttentionTrace traceA, View v, CellHit hit) {
        if (trace == null || hit == null || !hit.onCell()) {
            return "";
        }
        AttentionTrace t = trace;
        int head = v.head();
        if (v.mode() == ViewMode.GRID) {
            head = hit.panel();
        } else if (v.mode() == ViewMode.COMPARE && hit.panel() == 0 && traceA != null) {
            t = traceA;
        }
        int i = hit.row();
        int j = hit.col();
        if (head >= t.headCount() || i >= t.queryLength() || j >= t.keyLength()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        sb.append(i18n.get("explorer.tip.head", head + 1)).append('\n')
                .append(i18n.get("explorer.tip.query", t.tokens().get(i), i + 1)).append('\n')
                .append(i18n.get("explorer.tip.key", t.sourceTokens().get(j), j + 1)).append('\n')
                .append(i18n.get("explorer.tip.weight", i18n.number(t.weights().get(0, head, i, j), 4))).append('\n')
                .append(i18n.get("explorer.tip.score", i18n.number(t.scores().get(0, head, i, j), 4))).append('\n')
                .append(i18n.get("explorer.tip.logit", i18n.number(t.logits().get(0, head, i, j), 4)));
        if (t.mask().get(0, i, j) != 0f) {
            sb.append('\n').append(i18n.get("explorer.tip.masked"));
        }
        return sb.toString();
    }
}
