package org.attentionexplainer.ui.common;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Normalization;
import org.attentionexplainer.engine.Scale;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.render.CellHit;
import org.attentionexplainer.export.MapView;
import org.attentionexplainer.export.ViewMode;

/**
 * The arithmetic behind one cell, line by line: q_i · k_j term by term, the scale, the
 * temperature, the mask, and the softmax (or hardmax) of its row, then dropout. The
 * products are recomputed here in double from the engine's q and k; the logits and
 * weights of the row are the engine's.
 */
final class CellArithmetic {
    /** Keys listed in the row lines before an ellipsis. */
    static final int ROW_PREVIEW = 16;
    private static final int D = 4;

    private final I18n i18n;

    CellArithmetic(I18n i18n) {
        this.i18n = i18n;
    }

    List<String> lines(AttentionTrace trace, int head, int i, int j) {
        AttentionSpec spec = trace.spec();
        List<String> out = new ArrayList<>();
        out.add(i18n.get("explorer.calc.cell", trace.tokens().get(i), i + 1, trace.sourceTokens().get(j), j + 1,
                head + 1));
        float[] q = trace.q().row(0, head, i);
        float[] k = trace.k().row(0, head, j);
        out.add("q_i = " + vector(q));
        out.add("k_j = " + vector(k));
        StringBuilder terms = new StringBuilder();
        double dot = 0;
        for (int c = 0; c < q.length; c++) {
            terms.append(c == 0 ? "" : " + ").append(factor(q[c])).append("×").append(factor(k[c]));
            dot += (double) q[c] * k[c];
        }
        out.add(i18n.get("explorer.calc.dot", terms.toString(), num(dot)));
        double factor = trace.scaleFactor();
        double scaled = dot * factor;
        Scale.Kind kind = spec.scale().kind();
        if (kind == Scale.Kind.INVERSE_SQRT_DK) {
            out.add(i18n.get("explorer.calc.scaleSqrt", String.valueOf(trace.headDim()), num(factor), num(scaled)));
        } else if (kind == Scale.Kind.CUSTOM) {
            out.add(i18n.get("explorer.calc.scaleCustom", num(factor), num(scaled)));
        } else {
            out.add(i18n.get("explorer.calc.scaleNone", num(scaled)));
        }
        double logit = scaled / spec.temperature();
        out.add(i18n.get("explorer.calc.temperature", i18n.number(spec.temperature(), 2), num(logit)));
        boolean masked = trace.mask().get(0, i, j) != 0f;
        float[] logits = trace.logits().row(0, head, i);
        float[] weights = trace.weights().row(0, head, i);
        if (masked) {
            out.add(i18n.get("explorer.calc.masked"));
        }
        double probability = normalise(out, spec, trace, logits, i, j, masked);
        if (spec.dropout() != null && spec.dropout().p() > 0 && !masked) {
            double p = spec.dropout().p();
            out.add(weights[j] == 0f && probability != 0
                    ? i18n.get("explorer.calc.dropped", i18n.number(p, 2))
                    : i18n.get("explorer.calc.kept", i18n.number(p, 2), num(probability), num(weights[j])));
        }
        out.add(i18n.get("explorer.calc.rowLogits", row(logits)));
        out.add(i18n.get("explorer.calc.rowWeights", row(weights)));
        return out;
    }

    /** Adds the softmax or hardmax line and returns the weight before dropout. */
    private double normalise(List<String> out, AttentionSpec spec, AttentionTrace trace, float[] logits, int i,
                             int j, boolean masked) {
        double max = Double.NEGATIVE_INFINITY;
        int argmax = -1;
        for (int c = 0; c < logits.length; c++) {
            if (logits[c] > max) {
                max = logits[c];
                argmax = c;
            }
        }
        if (argmax < 0) {
            out.add(i18n.get("explorer.calc.allMasked"));
            return 0;
        }
        if (spec.normalization() == Normalization.HARDMAX) {
            double w = j == argmax ? 1 : 0;
            out.add(i18n.get("explorer.calc.hard", trace.sourceTokens().get(argmax), argmax + 1, num(w)));
            return w;
        }
        double sum = 0;
        for (float l : logits) {
            sum += Math.exp(l - max);
        }
        double numerator = masked ? 0 : Math.exp(logits[j] - max);
        double w = numerator / sum;
        out.add(i18n.get("explorer.calc.softmax", num(logits[j]), num(max), num(numerator), num(sum), num(w)));
        return w;
    }

    /** A number in a product: negative ones in parentheses, "(−0.9369)". */
    private String factor(double v) {
        return v < 0 ? "(" + num(v) + ")" : num(v);
    }

    private String num(double v) {
        return i18n.number(v, D);
    }

    private String vector(float[] v) {
        StringBuilder sb = new StringBuilder("[");
        for (int c = 0; c < v.length; c++) {
            sb.append(c == 0 ? "" : ", ").append(num(v[c]));
        }
        return sb.append("]").toString();
    }

    private String row(float[] v) {
        StringBuilder sb = new StringBuilder("[");
        int n = Math.min(v.length, ROW_PREVIEW);
        for (int c = 0; c < n; c++) {
            sb.append(c == 0 ? "" : ", ").append(num(v[c]));
        }
        if (v.length > n) {
            sb.append(", … (").append(v.length - n).append(")");
        }
        return sb.append("]").toString();
    }

    /** The tooltip of a cell: query, key, weight, raw score, scaled logit; empty if none. */
    String tooltip(AttentionTrace trace, AttentionTrace traceA, MapView v, CellHit hit) {
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
