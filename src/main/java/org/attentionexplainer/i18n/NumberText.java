package org.attentionexplainer.i18n;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
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

    /**
     * The value as mantissa × 10 to a superscript power, the way it is written on a blackboard:
     * 3e-8 reads "3.0 × 10⁻⁸" (Turkish "3,0 × 10⁻⁸"). The shortest decimal of the double is rounded
     * half up to two significant digits, so 1.25e-7 reads "1.3 × 10⁻⁷" and 9.96e-8 "1.0 × 10⁻⁷".
     * Every nonzero value takes this form, 2.5 too ("2.5 × 10⁰"), so that such numbers compare at a
     * glance; an exact zero reads "0".
     */
    public static String powerOfTen(double value, Locale locale) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return format(value, 0, locale);
        }
        if (value == 0) {
            return "0";
        }
        BigDecimal rounded = BigDecimal.valueOf(value).round(new MathContext(2, RoundingMode.HALF_UP));
        int exponent = rounded.precision() - rounded.scale() - 1;
        double mantissa = rounded.movePointLeft(exponent).doubleValue();
        return format(mantissa, 1, locale) + " × 10" + superscript(exponent);
    }

    private static String superscript(int exponent) {
        String digits = "⁰¹²³⁴⁵⁶⁷⁸⁹";
        StringBuilder s = new StringBuilder(exponent < 0 ? "⁻" : "");
        for (char c : Integer.toString(Math.abs(exponent)).toCharArray()) {
            s.append(digits.charAt(c - '0'));
        }
        return s.toString();
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
