package org.attentionexplainer.ui.walkthrough;

import java.text.DecimalFormatSymbols;
import java.text.NumberFormat;
import java.util.List;
import org.attentionexplainer.lesson.DotProduct;
import org.attentionexplainer.lesson.Term;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * Writes numbers and their arithmetic in the current locale: {@code 0.34 × 0.53 + …} in English,
 * {@code 0,34 × 0,53 + …} in Turkish, where vectors then separate their items with "; " so a
 * decimal comma never reads as a separator.
 */
final class Numbers {
    /** Decimals of every number shown in the arithmetic, as in the course notes. */
    static final int DECIMALS = 4;

    private final I18n i18n;

    Numbers(I18n i18n) {
        this.i18n = i18n;
    }

    String fixed(double value) {
        return i18n.number(value, DECIMALS);
    }

    String fixed(double value, int decimals) {
        return i18n.number(value, decimals);
    }

    /** A negative number in parentheses, so "× (−0.45)" never reads as a subtraction. */
    String factor(double value) {
        String s = fixed(value);
        return value < 0 && !s.equals(fixed(0)) ? "(" + s + ")" : s;
    }

    /** An input as typed: 0.34 stays 0.34, weights show 4 decimals; negatives in parentheses. */
    String input(double value) {
        String s = editable(value);
        return s.startsWith("−") ? "(" + s + ")" : s;
    }

    String separator() {
        return DecimalFormatSymbols.getInstance(i18n.locale()).getDecimalSeparator() == ',' ? "; " : ", ";
    }

    String vector(double[] values) {
        return vector(values, DECIMALS);
    }

    String vector(double[] values, int decimals) {
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
    String terms(DotProduct dot, boolean inputs) {
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
    String dot(DotProduct dot) {
        return terms(dot, false) + " = " + fixed(dot.value());
    }

    /** {@code a₁ × b₁ + … = value} of input factors. */
    String inputDot(DotProduct dot) {
        return terms(dot, true) + " = " + fixed(dot.value());
    }

    /** {@code a₁ × b₁ + …}, then on a second line {@code = p₁ + p₂ + … = value}: input factors. */
    String dotWithProducts(DotProduct dot) {
        double[] products = new double[dot.terms().size()];
        for (int i = 0; i < products.length; i++) {
            products[i] = dot.terms().get(i).product();
        }
        return terms(dot, true) + "\n= " + sum(products) + " = " + fixed(dot.value());
    }

    /** A vector of inputs, as typed (see {@link #editable}). */
    String inputVector(double[] values) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < values.length; i++) {
            sb.append(i == 0 ? "" : separator()).append(editable(values[i]));
        }
        return sb.append(']').toString();
    }

    /** {@code a + b + c}. */
    String sum(double[] values) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            sb.append(i == 0 ? "" : " + ").append(factor(values[i]));
        }
        return sb.toString();
    }

    /** A value as an editable cell shows it: 2 to 4 decimals, no grouping. */
    String editable(double value) {
        NumberFormat f = NumberFormat.getNumberInstance(i18n.locale());
        f.setMinimumFractionDigits(2);
        f.setMaximumFractionDigits(DECIMALS);
        f.setGroupingUsed(false);
        String s = f.format(value);
        return s.startsWith("-") ? "−" + s.substring(1) : s;
    }
}
