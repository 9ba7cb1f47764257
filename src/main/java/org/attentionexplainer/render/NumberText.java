package org.attentionexplainer.render;

import java.text.NumberFormat;
import java.util.Locale;

/**
 * Numbers as a reader expects them in a locale: a fixed count of decimals, the locale's
 * decimal mark (Turkish writes 0,7842), a true minus sign, and ∞ for infinities.
 */
public final class NumberText {
    /** What a masked logit shows. */
    public static final String NEGATIVE_INFINITY = "−∞";

    private NumberText() {
    }

    public static String format(double value, int decimals, Locale locale) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "∞" : NEGATIVE_INFINITY;
        }
        NumberFormat f = NumberFormat.getNumberInstance(locale);
        f.setMinimumFractionDigits(decimals);
        f.setMaximumFractionDigits(decimals);
        f.setGroupingUsed(false);
        String s = f.format(value);
        if (s.startsWith("-")) {
            s = "−" + s.substring(1);
        }
        return isNegativeZero(s) ? s.substring(1) : s;
    }

    /** "−0.00" after rounding a tiny negative number: shown as "0.00". */
    private static boolean isNegativeZero(String s) {
        if (!s.startsWith("−")) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isDigit(c) && c != '0') {
                return false;
            }
        }
        return true;
    }
}
