package org.attentionexplainer.i18n;

import java.text.NumberFormat;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Numbers as a reader expects them in a locale: a fixed count of decimals, the locale's
 * decimal mark (Turkish writes 0,7842), a true minus sign, and ∞ for infinities.
 */
public final class NumberText {
    /** What a masked logit shows. */
    public static final String NEGATIVE_INFINITY = "−∞";

    /** Formats are slow to make and not thread-safe: one per thread, locale and decimals. */
    private static final ThreadLocal<Map<String, NumberFormat>> FORMATS = ThreadLocal.withInitial(HashMap::new);

    private NumberText() {
    }

    private static NumberFormat formatter(int decimals, Locale locale) {
        return FORMATS.get().computeIfAbsent(locale.toLanguageTag() + "/" + decimals, k -> {
            NumberFormat f = NumberFormat.getNumberInstance(locale);
            f.setMinimumFractionDigits(decimals);
            f.setMaximumFractionDigits(decimals);
            f.setGroupingUsed(false);
            return f;
        });
    }

    public static String format(double value, int decimals, Locale locale) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "∞" : NEGATIVE_INFINITY;
        }
        String s = formatter(decimals, locale).format(value);
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
