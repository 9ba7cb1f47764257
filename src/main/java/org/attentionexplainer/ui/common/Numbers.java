package org.attentionexplainer.ui.common;

import java.text.DecimalFormatSymbols;
import java.text.NumberFormat;
import java.util.List;
import org.attentionexplainer.lesson.DotProduct;
import org.attentionexplainer.lesson.Term;
import org.attentionexplainer.lesson.chapters.Quantity;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * Writes numbers and their arithmetic in the current locale, for every page alike:
 * {@code 0.34 × 0.53 + …} in English, {@code 0,34 × 0,53 + …} in Turkish, where vectors then
 * separate their items with "; " so a decimal comma never reads as a separator.
 */
public final class Numbers {
    /** Decimals of every number shown in the arithmetic, as in the course notes. */
    public static final int DECIMALS = 4;

    private final I18n i18n;

    public Numbers(I18n i18n) {
        this.i18n = i18n;
    }

    public String fixed(double value) {
        return i18n.number(value, DECIMALS);
    }

    public String fixed(double value, int decimals) {
        return i18n.number(value, decimals);
    }

    /** A negative number in parentheses, so "× (−0.45)" never reads as a subtraction. */
    public String factor(double value) {
        String s = fixed(value);
        return value < 0 && !s.equals(fixed(0)) ? "(" + s + ")" : s;
    }

    /** An input as typed: 0.34 stays 0.34, weights show 4 decimals; negatives in parentheses. */
    public String input(double value) {
        String s = editable(value);
        return s.startsWith("−") ? "(" + s + ")" : s;
    }

    public String separator() {
        return DecimalFormatSymbols.getInstance(i18n.locale()).getDecimalSeparator() == ',' ? "; " : ", ";
    }

    public String vector(double[] values) {
        return vector(values, DECIMALS);
    }

    public String vector(double[] values, int decimals) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < values.length; i++) {
            sb.append(i == 0 ? "" : separator()).append(fixed(values[i], decimals));
        }
        return sb.append(']').toString();
    }

    /**
     * {@code a₁ × b₁ + a₂ × b₂ + …} without the result; factors that are inputs appear as typed
     * (0.34), computed ones with 4 decimals.
     */
    public String terms(DotProduct dot, boolean inputs) {
        List<Term> terms = dot.terms();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < terms.size(); i++) {
            Term t = terms.get(i);
            sb.append(i == 0 ? "" : " + ")
                    .append(inputs ? input(t.left()) : factor(t.left()))
                    .append(" × ")
                    .append(inputs ? input(t.right()) : factor(t.right()));
        }
        return sb.toString();
    }

    /** {@code a₁ × b₁ + … = value} of computed factors. */
    public String dot(DotProduct dot) {
        return terms(dot, false) + " = " + fixed(dot.value());
    }

    /** {@code a₁ × b₁ + … = value} of input factors. */
    public String inputDot(DotProduct dot) {
        return terms(dot, true) + " = " + fixed(dot.value());
    }

    /** {@code a₁ × b₁ + …}, then on a second line {@code = p₁ + p₂ + … = value}: input factors. */
    public String dotWithProducts(DotProduct dot) {
        double[] products = new double[dot.terms().size()];
        for (int i = 0; i < products.length; i++) {
            products[i] = dot.terms().get(i).product();
        }
        return terms(dot, true) + "\n= " + sum(products) + " = " + fixed(dot.value());
    }

    /** A vector of inputs, as typed (see {@link #editable}). */
    public String inputVector(double[] values) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < values.length; i++) {
            sb.append(i == 0 ? "" : separator()).append(editable(values[i]));
        }
        return sb.append(']').toString();
    }

    /** {@code a + b + c}. */
    public String sum(double[] values) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            sb.append(i == 0 ? "" : " + ").append(factor(values[i]));
        }
        return sb.toString();
    }

    /** A value as an editable cell shows it: 2 to 4 decimals, no grouping. */
    public String editable(double value) {
        NumberFormat f = NumberFormat.getNumberInstance(i18n.locale());
        f.setMinimumFractionDigits(2);
        f.setMaximumFractionDigits(DECIMALS);
        f.setGroupingUsed(false);
        String s = f.format(value);
        return s.startsWith("-") ? "−" + s.substring(1) : s;
    }

    /** "[0.1, 0.2]"; with a decimal comma the entries are separated by "; ". */
    public String vector(float[] v, int decimals) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : separator()).append(fixed(v[i], decimals));
        }
        return sb.append(']').toString();
    }

    /** A value that may be infinite or NaN, written as such; very large or small ones in scientific notation. */
    public String any(double v, int decimals) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "∞" : "−∞";
        }
        if (v != 0 && (Math.abs(v) >= 1e6 || Math.abs(v) < 1e-4)) {
            return String.format(i18n.locale(), "%.3e", v);
        }
        return fixed(v, decimals);
    }

    public String vectorAny(float[] v, int decimals) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : separator()).append(any(v[i], decimals));
        }
        return sb.append(']').toString();
    }

    /** "1.10 TB": decimal units. */
    public String bytes(double bytes) {
        Quantity q = Quantity.decimal(bytes, "B");
        return fixed(q.value(), 2) + " " + q.unit();
    }

    public String flops(double flops) {
        Quantity q = Quantity.decimal(flops, "FLOP");
        return fixed(q.value(), 2) + " " + q.unit();
    }
}
