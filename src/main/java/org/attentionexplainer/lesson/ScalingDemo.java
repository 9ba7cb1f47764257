package org.attentionexplainer.lesson;

import java.util.Random;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Scale;
import org.attentionexplainer.engine.Tensor;

/**
 * Why the scores are divided by √d_k. Queries and keys with independent standard-normal
 * components have dot products of variance d_k; divided by √d_k the variance is 1 again.
 * Unscaled, the softmax of such wide scores puts nearly all weight on one key (saturation).
 *
 * <p>Symbols: d_k the width of queries and keys; the spread is measured on independent
 * (q, k) pairs, the saturation on m random queries each attending to the same n random keys.
 *
 * @param dk              the width d_k
 * @param seed            the seed of the random vectors
 * @param unscaled        the scores q · k of the pairs: their spread and histogram
 * @param scaled          the same scores divided by √d_k
 * @param maxWeightUnscaled the largest softmax weight of each query, averaged over the m queries
 * @param maxWeightScaled the same with scaling
 * @param exampleUnscaled the softmax weights of the first query without scaling (n)
 * @param exampleScaled   the softmax weights of the first query with scaling (n)
 */
public record ScalingDemo(int dk, long seed, Spread unscaled, Spread scaled, double maxWeightUnscaled,
                          double maxWeightScaled, double[] exampleUnscaled, double[] exampleScaled) {
    public static final int MIN_DK = 1;
    public static final int MAX_DK = 1024;
    public static final long DEFAULT_SEED = 123;
    public static final int DEFAULT_DK = 64;
    /** Independent (q, k) pairs whose scores show the spread. */
    public static final int PAIRS = 2048;
    /** Random queries, each with a softmax over the same n keys. */
    static final int QUERIES = 128;
    static final int KEYS = 8;
    static final int BINS = 25;

    public ScalingDemo {
        exampleUnscaled = exampleUnscaled.clone();
        exampleScaled = exampleScaled.clone();
    }

    @Override
    public double[] exampleUnscaled() {
        return exampleUnscaled.clone();
    }

    @Override
    public double[] exampleScaled() {
        return exampleScaled.clone();
    }

    /**
     * The spread of a set of scores.
     *
     * @param variance the sample variance
     * @param range    the histogram covers [−range, range] (the same for both, 4√d_k)
     * @param counts   how many scores fall in each of the equal bins (outliers in the end bins)
     */
    public record Spread(double variance, double range, int[] counts) {
        public Spread {
            counts = counts.clone();
        }

        @Override
        public int[] counts() {
            return counts.clone();
        }

        public double standardDeviation() {
            return Math.sqrt(variance);
        }

        public int maxCount() {
            int m = 0;
            for (int c : counts) {
                m = Math.max(m, c);
            }
            return m;
        }
    }

    public static ScalingDemo compute(AttentionEngine engine, int dk, long seed) {
        if (dk < MIN_DK || dk > MAX_DK) {
            throw new IllegalArgumentException("d_k must be from " + MIN_DK + " to " + MAX_DK + ", got " + dk);
        }
        Random random = new Random(seed);
        double[] pairScores = pairScores(random, dk);
        double range = 4 * Math.sqrt(dk);
        double[] pairScaled = new double[pairScores.length];
        for (int i = 0; i < pairScores.length; i++) {
            pairScaled[i] = pairScores[i] / Math.sqrt(dk);
        }
        Tensor queries = gaussian(random, QUERIES, dk);   // (m, d_k)
        Tensor keys = gaussian(random, KEYS, dk);         // (n, d_k)
        AttentionTrace plain = engine.compute(AttentionSpec.builder(queries).source(keys)
                .scale(Scale.none()).build());
        AttentionTrace divided = engine.compute(AttentionSpec.builder(queries).source(keys)
                .scale(Scale.inverseSqrtDk()).build());
        return new ScalingDemo(dk, seed, spread(pairScores, range), spread(pairScaled, range),
                meanRowMax(plain.weights().matrix(0, 0)), meanRowMax(divided.weights().matrix(0, 0)),
                toDoubles(plain.weights().row(0, 0, 0)), toDoubles(divided.weights().row(0, 0, 0)));
    }

    private static Tensor gaussian(Random random, int rows, int cols) {
        float[][] out = new float[rows][cols];
        for (float[] row : out) {
            for (int c = 0; c < cols; c++) {
                row[c] = (float) random.nextGaussian();
            }
        }
        return Tensor.matrix(out);
    }

    /** q · k of independent standard-normal pairs, in double arithmetic. */
    private static double[] pairScores(Random random, int dk) {
        double[] out = new double[PAIRS];
        for (int p = 0; p < PAIRS; p++) {
            double s = 0;
            for (int c = 0; c < dk; c++) {
                s += random.nextGaussian() * random.nextGaussian();
            }
            out[p] = s;
        }
        return out;
    }

    static Spread spread(double[] values, double range) {
        double mean = 0;
        for (double v : values) {
            mean += v;
        }
        mean /= values.length;
        double squares = 0;
        int[] counts = new int[BINS];
        for (double v : values) {
            squares += (v - mean) * (v - mean);
            int bin = (int) Math.floor((v + range) / (2 * range) * BINS);
            counts[Math.max(0, Math.min(BINS - 1, bin))]++;
        }
        return new Spread(squares / (values.length - 1), range, counts);
    }

    private static double meanRowMax(float[][] weights) {
        double total = 0;
        for (float[] row : weights) {
            float max = 0;
            for (float w : row) {
                max = Math.max(max, w);
            }
            total += max;
        }
        return total / weights.length;
    }

    private static double[] toDoubles(float[] v) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i];
        }
        return out;
    }
}
