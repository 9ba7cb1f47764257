package org.attentionexplainer.lesson;

import java.util.ArrayList;
import java.util.List;

/**
 * A dot product written out term by term: {@code a₁×b₁ + a₂×b₂ + … = value}. The terms are
 * plain double arithmetic on the inputs; {@code value} is what the engine computed (float32),
 * so the line shown is the one whose result flows into the next step.
 */
public record DotProduct(List<Term> terms, double value) {

    public DotProduct {
        terms = List.copyOf(terms);
    }

    /** The terms of {@code a · b}, paired with the engine's result. */
    public static DotProduct of(double[] a, double[] b, double value) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("vectors of length " + a.length + " and " + b.length);
        }
        List<Term> terms = new ArrayList<>(a.length);
        for (int i = 0; i < a.length; i++) {
            terms.add(new Term(a[i], b[i]));
        }
        return new DotProduct(terms, value);
    }

    /** The sum of the terms in double precision. */
    public double exactSum() {
        double s = 0;
        for (Term t : terms) {
            s += t.product();
        }
        return s;
    }
}
