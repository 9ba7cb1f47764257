package org.attentionexplainer.lesson.heads;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.IntPredicate;

/**
 * Detectors that name what a head does from its attention weights alone: a weight matrix
 * {@code w} of shape (t, t) (row i the query at position i, column j the key at position j,
 * rows summing to 1) and the t token ids of the sequence. Pure arithmetic, no model: the same
 * scores for a trained model's heads, an encoder's or a hand-made map.
 *
 * <p>Averages over several sequences pool the qualifying rows of all of them (a mean over rows,
 * not a mean of per-sequence means), so a sequence with more repeated tokens weighs more in the
 * induction score, as each of its rows is one more observation of the head copying.
 */
public final class HeadDetectors {

    private HeadDetectors() {
    }

    /** One sequence as every layer and head of a model saw it: {@code weights[layer][head]} is (t, t). */
    public record Sample(float[][][][] weights, int[] tokens, int[] delimiterPositions) {
        public Sample {
            weights = weights.clone();
            tokens = tokens.clone();
            delimiterPositions = delimiterPositions.clone();
        }

        /** A sample without delimiters (its delimiter score stays empty). */
        public Sample(float[][][][] weights, int[] tokens) {
            this(weights, tokens, new int[0]);
        }
    }

    /** Scores of one head on one sequence. */
    public static HeadScores score(float[][] w, int[] tokens, int[] delimiterPositions) {
        Tally tally = new Tally();
        tally.add(w, tokens, delimiterPositions);
        return tally.scores();
    }

    /** Scores of one head, pooled over sequences: maps, tokens and delimiter positions given pairwise. */
    public static HeadScores score(List<float[][]> maps, List<int[]> tokens, List<int[]> delimiterPositions) {
        if (maps.size() != tokens.size() || maps.size() != delimiterPositions.size()) {
            throw new IllegalArgumentException(maps.size() + " maps, " + tokens.size() + " token lists and "
                    + delimiterPositions.size() + " delimiter lists");
        }
        Tally tally = new Tally();
        for (int i = 0; i < maps.size(); i++) {
            tally.add(maps.get(i), tokens.get(i), delimiterPositions.get(i));
        }
        return tally.scores();
    }

    /**
     * Scores of every head of a model, pooled over the samples: {@code result.get(layer).get(head)}.
     * Every sample must have the same number of layers and heads.
     */
    public static List<List<HeadScores>> survey(List<Sample> samples) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("no samples");
        }
        int layers = samples.get(0).weights().length;
        int heads = layers == 0 ? 0 : samples.get(0).weights()[0].length;
        Tally[][] tallies = new Tally[layers][heads];
        for (int l = 0; l < layers; l++) {
            for (int h = 0; h < heads; h++) {
                tallies[l][h] = new Tally();
            }
        }
        for (Sample s : samples) {
            float[][][][] w = s.weights();
            if (w.length != layers) {
                throw new IllegalArgumentException("a sample with " + w.length + " layers among " + layers);
            }
            for (int l = 0; l < layers; l++) {
                if (w[l].length != heads) {
                    throw new IllegalArgumentException("a layer with " + w[l].length + " heads among " + heads);
                }
                for (int h = 0; h < heads; h++) {
                    tallies[l][h].add(w[l][h], s.tokens(), s.delimiterPositions());
                }
            }
        }
        List<List<HeadScores>> result = new ArrayList<>(layers);
        for (int l = 0; l < layers; l++) {
            List<HeadScores> row = new ArrayList<>(heads);
            for (int h = 0; h < heads; h++) {
                row.add(tallies[l][h].scores());
            }
            result.add(List.copyOf(row));
        }
        return List.copyOf(result);
    }

    /** Mean weight on the key just before the query, over rows 1..t-1. */
    public static OptionalDouble previousToken(float[][] w) {
        return score(w, new int[w.length], new int[0]).previousToken();
    }

    /** Mean weight on key 0, over rows 1..t-1. */
    public static OptionalDouble firstToken(float[][] w) {
        return score(w, new int[w.length], new int[0]).firstToken();
    }

    /**
     * Mean weight on the key after the last earlier occurrence of the query's token: in "A B … A",
     * the last A looking at B, the token that followed A before, which is what an induction head
     * copies forward. Rows whose token has not occurred before do not count.
     */
    public static OptionalDouble induction(float[][] w, int[] tokens) {
        return score(w, tokens, new int[0]).induction();
    }

    /** Mean total weight on the given positions (a separator, a full stop), over every row. */
    public static OptionalDouble delimiter(float[][] w, int[] positions) {
        return score(w, new int[w.length], positions).delimiter();
    }

    /** Mean row entropy in nats, over every row: high for a head that spreads its weight. */
    public static OptionalDouble broad(float[][] w) {
        return score(w, new int[w.length], new int[0]).broad();
    }

    /** The positions whose token satisfies {@code isDelimiter}, in order. */
    public static int[] positionsOf(int[] tokens, IntPredicate isDelimiter) {
        int n = 0;
        int[] found = new int[tokens.length];
        for (int i = 0; i < tokens.length; i++) {
            if (isDelimiter.test(tokens[i])) {
                found[n++] = i;
            }
        }
        return Arrays.copyOf(found, n);
    }

    /** Sums and row counts of every detector, so that several sequences pool their rows. */
    private static final class Tally {
        private final Mean previous = new Mean();
        private final Mean first = new Mean();
        private final Mean induction = new Mean();
        private final Mean delimiter = new Mean();
        private final Mean broad = new Mean();

        void add(float[][] w, int[] tokens, int[] delimiters) {
            int t = w.length;
            if (tokens.length != t) {
                throw new IllegalArgumentException("a map of " + t + " rows for " + tokens.length + " tokens");
            }
            for (float[] row : w) {
                if (row.length != t) {
                    throw new IllegalArgumentException("a row of " + row.length + " keys in a map of " + t + " rows");
                }
                for (float x : row) {
                    if (!Float.isFinite(x)) {
                        throw new IllegalArgumentException("a weight that is not a finite number: " + x);
                    }
                }
            }
            for (int p : delimiters) {
                if (p < 0 || p >= t) {
                    throw new IllegalArgumentException("delimiter position " + p + " outside 0.." + (t - 1));
                }
            }
            for (int i = 0; i < t; i++) {
                float[] row = w[i];
                if (i > 0) {
                    previous.add(row[i - 1]);
                    first.add(row[0]);
                }
                int earlier = lastEarlierOccurrence(tokens, i);
                if (earlier >= 0) {
                    induction.add(row[earlier + 1]);
                }
                if (delimiters.length > 0) {
                    double sum = 0;
                    for (int p : delimiters) {
                        sum += row[p];
                    }
                    delimiter.add(sum);
                }
                broad.add(entropy(row));
            }
        }

        HeadScores scores() {
            return new HeadScores(previous.value(), first.value(), induction.value(), delimiter.value(),
                    broad.value());
        }

        private static int lastEarlierOccurrence(int[] tokens, int i) {
            for (int j = i - 1; j >= 0; j--) {
                if (tokens[j] == tokens[i]) {
                    return j;
                }
            }
            return -1;
        }

        /** −Σ p ln p, with 0 ln 0 = 0 (a masked key adds nothing). */
        private static double entropy(float[] row) {
            double h = 0;
            for (float p : row) {
                if (p > 0) {
                    h -= p * Math.log(p);
                }
            }
            return h;
        }
    }

    private static final class Mean {
        private double sum;
        private long count;

        void add(double x) {
            sum += x;
            count++;
        }

        OptionalDouble value() {
            return count == 0 ? OptionalDouble.empty() : OptionalDouble.of(sum / count);
        }
    }
}
