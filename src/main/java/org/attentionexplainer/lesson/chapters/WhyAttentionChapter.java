package org.attentionexplainer.lesson.chapters;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.TorchRandom;
import org.attentionexplainer.i18n.PowerOfTen;
import org.attentionexplainer.lesson.Text;
import org.attentionexplainer.lesson.chapters.quiz.ChoiceQuestion;
import org.attentionexplainer.lesson.chapters.quiz.NumericQuestion;
import org.attentionexplainer.lesson.chapters.quiz.Question;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;

/**
 * Why attention: an RNN encoder squeezes a sentence into its last state, attention reads every
 * word directly. Both see the same sentences of n words of width d: a first and a last word that
 * never change with fillers between them (x_1 = pool[0], x_2..x_{n-1} = pool[2..n-1], x_n = pool[1]).
 *
 * <p>The RNN is PyTorch's {@code nn.RNN(d, H, tanh)}, untrained, drawn after
 * {@code torch.manual_seed(SEED)}; the pool of word vectors follows from the same generator,
 * {@code uniform_(-1, 1)}. h_t = tanh(W_ih x_t + b_ih + W_hh h_{t-1} + b_hh), h_0 = 0. How
 * much of word j survives in h_n is measured by the sensitivity ||∂h_n/∂x_j|| (Frobenius): how
 * far the last state moves when the word moves. By the chain rule
 * ∂h_n/∂x_j = D_n W_hh D_{n-1} ... W_hh D_j W_ih with D_t = diag(1 − h_t²): n − j factors of
 * W_hh, which shrink it geometrically.
 *
 * <p>Attention: the last word's query against every word (identity projections, scale 1/√d).
 * Its output is Σ_j w_j x_j, so its sensitivity to word j along the value path is w_j times
 * the identity: the weight itself, one step from every word. w_1 / w_n = e^((x_n·x_1 − x_n·x_n)/√d)
 * does not depend on what lies between.
 *
 * @param words          n
 * @param labels         (n) "x1" .. "xn"
 * @param lastState      (H) h_n, the one vector the RNN hands on
 * @param sensitivity    (n) ||∂h_n/∂x_j||
 * @param rnnShare       (n) sensitivity / its sum: where the last state comes from
 * @param weights        (n) the last word's attention weights
 * @param lengths        the sentence lengths of the series, MIN_WORDS..MAX_WORDS
 * @param rnnRatio       per length: ||∂h_n/∂x_1|| / ||∂h_n/∂x_n||
 * @param attentionRatio per length: w_1 / w_n
 */
public record WhyAttentionChapter(int words, List<String> labels, float[] lastState, double[] sensitivity,
                                  double[] rnnShare, double[] weights, List<Integer> lengths, double[] rnnRatio,
                                  double[] attentionRatio) implements Chapter {
    /** The chapter's title, headline and narrative. */
    public static final ChapterText TEXT = new ChapterText("why-attention", "chapter.why.title",
            "chapter.why.headline", List.of(
                    new Section("chapter.why.bottleneck.title", "chapter.why.bottleneck.text",
                            "chapter.why.bottleneck.formula"),
                    new Section("chapter.why.measure.title", "chapter.why.measure.text",
                            "chapter.why.measure.formula"),
                    new Section("chapter.why.direct.title", "chapter.why.direct.text",
                            "chapter.why.direct.formula"),
                    new Section("chapter.why.honest.title", "chapter.why.honest.text", null)));

    public static final long SEED = 7;
    /** Width of a word vector. */
    public static final int WIDTH = 4;
    /** Width of the RNN's state. */
    public static final int HIDDEN = 8;
    public static final int MIN_WORDS = 2;
    public static final int MAX_WORDS = 20;
    public static final int DEFAULT_WORDS = 8;
    /** The two lengths the quiz compares. */
    static final int QUIZ_SHORT = 4;
    static final int QUIZ_LONG = 14;

    public WhyAttentionChapter {
        labels = List.copyOf(labels);
        lengths = List.copyOf(lengths);
    }

    /** The seeded RNN: W_ih (H, d), W_hh (H, H), biases (H), drawn in PyTorch's order. */
    record Rnn(float[][] wih, float[][] whh, float[] bih, float[] bhh) {
        static Rnn draw(TorchRandom rng) {
            float bound = (float) (1 / Math.sqrt(HIDDEN));
            return new Rnn(uniform(rng, HIDDEN, WIDTH, bound), uniform(rng, HIDDEN, HIDDEN, bound),
                    uniform(rng, 1, HIDDEN, bound)[0], uniform(rng, 1, HIDDEN, bound)[0]);
        }

        /** h_1 .. h_n, in double from the float32 weights. */
        double[][] states(float[][] x) {
            double[][] h = new double[x.length][HIDDEN];
            for (int t = 0; t < x.length; t++) {
                for (int r = 0; r < HIDDEN; r++) {
                    double sum = (double) bih[r] + bhh[r];
                    for (int c = 0; c < WIDTH; c++) {
                        sum += wih[r][c] * (double) x[t][c];
                    }
                    for (int c = 0; t > 0 && c < HIDDEN; c++) {
                        sum += whh[r][c] * h[t - 1][c];
                    }
                    h[t][r] = Math.tanh(sum);
                }
            }
            return h;
        }

        /** ||∂h_n/∂x_j|| for every j, walking the chain rule back from the last state. */
        double[] sensitivity(double[][] h) {
            int n = h.length;
            double[] out = new double[n];
            double[][] g = identity(HIDDEN);                           // ∂h_n/∂h_t, (H, H)
            for (int t = n - 1; t >= 0; t--) {
                double[][] pre = new double[HIDDEN][HIDDEN];            // ∂h_n/∂(pre-activation at t)
                for (int r = 0; r < HIDDEN; r++) {
                    for (int c = 0; c < HIDDEN; c++) {
                        pre[r][c] = g[r][c] * (1 - h[t][c] * h[t][c]);
                    }
                }
                out[t] = Math.sqrt(sumOfSquares(times(pre, wih)));
                g = times(pre, whh);
            }
            return out;
        }
    }

    public static WhyAttentionChapter compute(AttentionEngine engine) {
        return compute(engine, DEFAULT_WORDS);
    }

    public static WhyAttentionChapter compute(AttentionEngine engine, int words) {
        if (words < MIN_WORDS || words > MAX_WORDS) {
            throw new IllegalArgumentException("words " + words + " outside " + MIN_WORDS + ".." + MAX_WORDS);
        }
        TorchRandom rng = new TorchRandom(SEED);
        Rnn rnn = Rnn.draw(rng);
        float[][] pool = uniform(rng, MAX_WORDS, WIDTH, 1f);
        List<Integer> lengths = new ArrayList<>();
        double[] rnnRatio = new double[MAX_WORDS - MIN_WORDS + 1];
        double[] attentionRatio = new double[rnnRatio.length];
        for (int n = MIN_WORDS; n <= MAX_WORDS; n++) {
            float[][] x = sentence(pool, n);
            double[] s = rnn.sensitivity(rnn.states(x));
            double[] w = lastRow(engine, x);
            lengths.add(n);
            rnnRatio[n - MIN_WORDS] = s[0] / s[n - 1];
            attentionRatio[n - MIN_WORDS] = w[0] / w[n - 1];
        }
        float[][] x = sentence(pool, words);
        double[][] h = rnn.states(x);
        double[] s = rnn.sensitivity(h);
        double total = 0;
        for (double v : s) {
            total += v;
        }
        double[] share = new double[words];
        float[] last = new float[HIDDEN];
        List<String> labels = new ArrayList<>();
        for (int j = 0; j < words; j++) {
            share[j] = s[j] / total;
            labels.add("x" + (j + 1));
        }
        for (int r = 0; r < HIDDEN; r++) {
            last[r] = (float) h[words - 1][r];
        }
        return new WhyAttentionChapter(words, labels, last, s, share, lastRow(engine, x), lengths, rnnRatio,
                attentionRatio);
    }

    /** pool[0], pool[2..n-1], pool[1]. */
    static float[][] sentence(float[][] pool, int n) {
        float[][] x = new float[n][];
        x[0] = pool[0];
        for (int j = 1; j < n - 1; j++) {
            x[j] = pool[j + 1];
        }
        x[n - 1] = pool[1];
        return x;
    }

    private static double[] lastRow(AttentionEngine engine, float[][] x) {
        float[] row = engine.compute(AttentionSpec.builder(Tensor.matrix(x)).build()).weights()
                .row(0, 0, x.length - 1);
        double[] out = new double[row.length];
        for (int j = 0; j < row.length; j++) {
            out[j] = row[j];
        }
        return out;
    }

    /** (rows, cols) drawn as PyTorch's {@code uniform_(-bound, bound)} fills a tensor, row-major. */
    private static float[][] uniform(TorchRandom rng, int rows, int cols, float bound) {
        float[][] m = new float[rows][cols];
        for (float[] row : m) {
            for (int c = 0; c < cols; c++) {
                row[c] = rng.uniform(-bound, bound);
            }
        }
        return m;
    }

    private static double[][] identity(int n) {
        double[][] m = new double[n][n];
        for (int i = 0; i < n; i++) {
            m[i][i] = 1;
        }
        return m;
    }

    private static double[][] times(double[][] a, float[][] b) {
        double[][] out = new double[a.length][b[0].length];
        for (int i = 0; i < a.length; i++) {
            for (int k = 0; k < b.length; k++) {
                for (int j = 0; j < b[0].length; j++) {
                    out[i][j] += a[i][k] * b[k][j];
                }
            }
        }
        return out;
    }

    private static double sumOfSquares(double[][] m) {
        double sum = 0;
        for (double[] row : m) {
            for (double v : row) {
                sum += v * v;
            }
        }
        return sum;
    }

    /** The first word's ratio at the length shown. */
    public double rnnFirstOverLast() {
        return rnnRatio[words - MIN_WORDS];
    }

    public double attentionFirstOverLast() {
        return attentionRatio[words - MIN_WORDS];
    }

    /** "With 8 words the first word keeps 0.0021 of the RNN's last state …". */
    public Text firstWordText() {
        return Text.of("chapter.why.first", words, rnnShare[0], weights[0], new PowerOfTen(rnnFirstOverLast()),
                attentionFirstOverLast());
    }

    /** "The RNN hands on 8 numbers; attention keeps 8 × 4 = 32." */
    public Text bottleneckText() {
        return Text.of("chapter.why.kept", HIDDEN, words, WIDTH, words * WIDTH);
    }

    @Override
    public Quiz quiz() {
        List<Question> q = new ArrayList<>();
        q.add(new ChoiceQuestion("longer", Text.of("chapter.quiz.why.longer", QUIZ_SHORT, QUIZ_LONG),
                List.of(Text.of("chapter.quiz.why.falls"), Text.of("chapter.quiz.why.same"),
                        Text.of("chapter.quiz.why.rises")), 1,
                Text.of("chapter.quiz.why.longer.why", attentionRatio[QUIZ_SHORT - MIN_WORDS], QUIZ_SHORT,
                        new PowerOfTen(rnnRatio[QUIZ_SHORT - MIN_WORDS]), QUIZ_LONG,
                        new PowerOfTen(rnnRatio[QUIZ_LONG - MIN_WORDS]))));
        q.add(new NumericQuestion("numbers", Text.of("chapter.quiz.why.numbers", MAX_WORDS), HIDDEN, 0,
                Text.of("chapter.quiz.why.numbers.why", HIDDEN)));
        q.add(new ChoiceQuestion("path", Text.of("chapter.quiz.why.path"),
                List.of(Text.literal("1"), Text.literal("n − 1"), Text.literal("n")), 0,
                Text.of("chapter.quiz.why.path.why")));
        return new Quiz(TEXT.id(), q);
    }
}
