package org.attentionexplainer.ui.chapters;

import java.text.DecimalFormatSymbols;
import org.attentionexplainer.lesson.chapters.Quantity;
import org.attentionexplainer.ui.i18n.I18n;

/** Numbers as the chapters write them, in the current language. */
final class Numbers {
    private Numbers() {
    }

    /** "[0.1, 0.2]"; with a decimal comma the entries are separated by "; ". */
    static String vector(I18n i18n, float[] v, int decimals) {
        boolean comma = DecimalFormatSymbols.getInstance(i18n.locale()).getDecimalSeparator() == ',';
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : comma ? "; " : ", ").append(i18n.number(v[i], decimals));
        }
        return sb.append(']').toString();
    }

    /** A value that may be infinite or NaN, written as such. */
    static String any(I18n i18n, double v, int decimals) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "∞" : "−∞";
        }
        if (v != 0 && (Math.abs(v) >= 1e6 || Math.abs(v) < 1e-4)) {
            return String.format(i18n.locale(), "%.3e", v);
        }
        return i18n.number(v, decimals);
    }

    static String vectorAny(I18n i18n, float[] v, int decimals) {
        boolean comma = DecimalFormatSymbols.getInstance(i18n.locale()).getDecimalSeparator() == ',';
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : comma ? "; " : ", ").append(any(i18n, v[i], decimals));
        }
        return sb.append(']').toString();
    }

    /** "1.10 TB": decimal units. */
    static String bytes(I18n i18n, double bytes) {
        Quantity q = Quantity.decimal(bytes, "B");
        return i18n.number(q.value(), 2) + " " + q.unit();
    }

    static String flops(I18n i18n, double flops) {
        Quantity q = Quantity.decimal(flops, "FLOP");
        return i18n.number(q.value(), 2) + " " + q.unit();
    }
}
