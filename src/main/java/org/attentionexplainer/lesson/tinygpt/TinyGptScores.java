package org.attentionexplainer.lesson.tinygpt;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Random;
import org.attentionexplainer.engine.tinygpt.GptTrace;
import org.attentionexplainer.engine.tinygpt.RepeatTask;
import org.attentionexplainer.engine.tinygpt.TinyGpt;
import org.attentionexplainer.lesson.heads.HeadDetectors;
import org.attentionexplainer.lesson.heads.HeadScores;

/**
 * What the tiny GPT has learned, measured on held-out sequences of n random symbols repeated once:
 * each head's detector scores, and how often the model names the next symbol of the repeat.
 *
 * <p>Two views of the same sequences. The induction and first-token scores read the whole
 * sequence. The previous-token score reads the first half, n random symbols with nothing repeated,
 * which is where the induction circuit needs it: there a previous-token head writes "A came before
 * me" into B's position, which the induction head's keys look for later. In the repeated half the
 * same head looks elsewhere; there the previous symbol written into the query would send the
 * induction head one position off. Because attention is causal, the first n rows of the whole
 * sequence are exactly the maps of the first half alone. {@link #repeated()} keeps the whole-sequence
 * scores too, so a reader can see both.
 *
 * @param repeated  [layer][head] scores over whole sequences
 * @param random    [layer][head] scores over their first halves
 * @param accuracy  the share of second-half symbols 2..n the model predicts (argmax) correctly
 * @param sequences how many sequences were measured
 * @param half      n, the length of each half
 */
public record TinyGptScores(List<List<HeadScores>> repeated, List<List<HeadScores>> random, double accuracy,
        int sequences, int half) {
    /** The held-out sequences' seed; training draws from its own seed's stream, never this one's. */
    public static final long HELD_OUT_SEED = 0x5EED_0F_7E57L;

    public TinyGptScores {
        repeated = List.copyOf(repeated);
        random = List.copyOf(random);
    }

    /** The measurement: 200 held-out sequences with halves of {@link RepeatTask#SHOWN_HALF}. */
    public static TinyGptScores heldOut(TinyGpt gpt) {
        return measure(gpt, HELD_OUT_SEED, 200, RepeatTask.SHOWN_HALF);
    }

    public static TinyGptScores measure(TinyGpt gpt, long seed, int sequences, int half) {
        int[][] batch = RepeatTask.batch(new Random(seed), sequences, half, gpt.config().vocab());
        return of(gpt.forward(batch), half);
    }

    /** Scores of the sequences of one forward pass, each two halves of length {@code half}. */
    public static TinyGptScores of(GptTrace trace, int half) {
        if (trace.length() != 2 * half) {
            throw new IllegalArgumentException("sequences of " + trace.length() + " symbols, not two halves of "
                    + half);
        }
        List<HeadDetectors.Sample> whole = new ArrayList<>();
        List<HeadDetectors.Sample> firstHalves = new ArrayList<>();
        int correct = 0;
        int predicted = 0;
        for (int s = 0; s < trace.sequences(); s++) {
            int[] tokens = trace.tokens(s);
            float[][][][] maps = trace.attention(s);
            whole.add(new HeadDetectors.Sample(maps, tokens));
            firstHalves.add(new HeadDetectors.Sample(crop(maps, half), java.util.Arrays.copyOf(tokens, half)));
            for (int i = half; i < 2 * half - 1; i++) {
                predicted++;
                if (trace.predicted(s, i) == tokens[i + 1]) {
                    correct++;
                }
            }
        }
        return new TinyGptScores(HeadDetectors.survey(whole), HeadDetectors.survey(firstHalves),
                predicted == 0 ? 0 : (double) correct / predicted, trace.sequences(), half);
    }

    /** A head and its score. */
    public record Best(int layer, int head, double score) {
    }

    /** The last layer's head that copies best (induction score over whole sequences). */
    public Best bestInduction() {
        int last = repeated.size() - 1;
        return best(last, repeated.get(last), HeadScores::induction);
    }

    /** The first layer's head that looks back one symbol most (previous-token score on the first halves). */
    public Best bestPreviousToken() {
        return best(0, random.get(0), HeadScores::previousToken);
    }

    private static Best best(int layer, List<HeadScores> heads, java.util.function.Function<HeadScores,
            OptionalDouble> score) {
        Best best = new Best(layer, 0, Double.NEGATIVE_INFINITY);
        for (int h = 0; h < heads.size(); h++) {
            double s = score.apply(heads.get(h)).orElse(Double.NEGATIVE_INFINITY);
            if (s > best.score()) {
                best = new Best(layer, h, s);
            }
        }
        return best;
    }

    private static float[][][][] crop(float[][][][] maps, int n) {
        float[][][][] out = new float[maps.length][][][];
        for (int l = 0; l < maps.length; l++) {
            out[l] = new float[maps[l].length][n][];
            for (int h = 0; h < maps[l].length; h++) {
                for (int i = 0; i < n; i++) {
                    out[l][h][i] = java.util.Arrays.copyOf(maps[l][h][i], n);
                }
            }
        }
        return out;
    }
}
