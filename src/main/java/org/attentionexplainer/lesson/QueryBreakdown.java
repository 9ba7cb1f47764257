package org.attentionexplainer.lesson;

import java.util.ArrayList;
import java.util.List;

/**
 * Steps 1–3 for one query, every number with its arithmetic.
 *
 * <p>Symbols: t tokens, d embedding width, q the query's embedding, x_j the j-th embedding.
 *
 * @param query        index of the query token
 * @param tokens       the t tokens
 * @param scores       s_j = x_j · q written out term by term (t)
 * @param shift        m subtracted before exponentiating (0 unless the scores are large, when
 *                     e^s would overflow; softmax is unchanged by it)
 * @param exponentials e^(s_j − m) (t)
 * @param weights      α_j as the engine computed them (t)
 * @param context      z = Σ_j α_j x_j as the engine computed it (d)
 */
public record QueryBreakdown(int query, List<Token> tokens, List<DotProduct> scores, double shift,
                             double[] exponentials, double[] weights, double[] context) {

    public QueryBreakdown {
        tokens = List.copyOf(tokens);
        scores = List.copyOf(scores);
        exponentials = exponentials.clone();
        weights = weights.clone();
        context = context.clone();
    }

    @Override
    public double[] exponentials() {
        return exponentials.clone();
    }

    @Override
    public double[] weights() {
        return weights.clone();
    }

    @Override
    public double[] context() {
        return context.clone();
    }

    /** Σ_j e^(s_j − m). */
    public double exponentialSum() {
        double s = 0;
        for (double e : exponentials) {
            s += e;
        }
        return s;
    }

    /** Σ_j α_j, which is 1 up to rounding. */
    public double weightSum() {
        double s = 0;
        for (double w : weights) {
            s += w;
        }
        return s;
    }

    /** α_j x_j for each token: the vectors whose sum is the context (t vectors of width d). */
    public List<double[]> weightedEmbeddings() {
        List<double[]> out = new ArrayList<>(tokens.size());
        for (int j = 0; j < tokens.size(); j++) {
            double[] x = tokens.get(j).values();
            for (int c = 0; c < x.length; c++) {
                x[c] *= weights[j];
            }
            out.add(x);
        }
        return out;
    }

    /** Σ_j α_j x_j in plain double arithmetic, to compare with the engine's context. */
    public double[] contextFromTerms() {
        double[] sum = new double[context.length];
        for (double[] v : weightedEmbeddings()) {
            for (int c = 0; c < sum.length; c++) {
                sum[c] += v[c];
            }
        }
        return sum;
    }
}
