package org.attentionexplainer.lesson.chapters;

import java.util.List;
import java.util.function.LongSupplier;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.InvalidSpecException;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.TorchRandom;
import org.attentionexplainer.lesson.Text;
import org.attentionexplainer.lesson.chapters.quiz.Quiz;

/**
 * Chapter 9, the edges: no token at all (the engine refuses, and says why), a single token
 * (its only key gets weight e^s / e^s = 1, so its context is its own value), and a long input
 * (t = 2048 by default: each of the scores, logits and weights is a t x t matrix of float32).
 */
public final class EdgeCasesChapter {
    /** The chapter's title, headline and narrative. */
    public static final ChapterText TEXT = new ChapterText("edge-cases", "chapter.edge.title",
            "chapter.edge.headline", List.of(
                    new Section("chapter.edge.empty.title", "chapter.edge.empty.text", null),
                    new Section("chapter.edge.single.title", "chapter.edge.single.text",
                            "chapter.edge.single.formula"),
                    new Section("chapter.edge.long.title", "chapter.edge.long.text", "chapter.edge.long.formula")));

    public static final int DEFAULT_LONG_TOKENS = 2048;
    public static final int LONG_WIDTH = 64;
    public static final long LONG_SEED = 123;

    private EdgeCasesChapter() {
    }

    /**
     * What the engine answers to an input of shape (0, 3): the field it names, its English
     * message (as the command line prints it) and the problem as a text to word in any language.
     */
    public record Empty(String field, String message, Text problem) {
    }

    /**
     * "sun" alone.
     *
     * @param weights (1, 1)
     * @param context (d,) equal to the token's vector
     */
    public record Single(String token, Tensor embedding, double score, Tensor weights, Tensor context)
            implements Chapter {
        @Override
        public Quiz quiz() {
            return BlockQuizzes.edgeCases(this, DEFAULT_LONG_TOKENS);
        }
    }

    /**
     * A long random input (torch.rand(t, 64) with seed 123), the embeddings used as Q, K and V.
     *
     * @param entries          t^2 numbers in one weight matrix
     * @param matrixBytes      t^2 * 4 bytes of one (t, t) float32 matrix
     * @param squareMatrices   how many (t, t) matrices the trace keeps (scores, mask, logits, weights)
     * @param elapsedNanos     how long the engine took, measured here
     * @param maxRowSumError   largest |sum of a row of weights - 1|
     * @param maxWeight        the largest single weight
     * @param meanWeight       1 / t: what each key gets on average
     */
    public record LongInput(int tokens, int width, long entries, long matrixBytes, int squareMatrices,
                            long elapsedNanos, double maxRowSumError, double maxWeight, double meanWeight,
                            String backend) {

        public double elapsedMillis() {
            return elapsedNanos / 1e6;
        }

        public long traceBytes() {
            return matrixBytes * squareMatrices;
        }

        /** "2048 tokens: 4,194,304 numbers per matrix, 16.0 MiB; computed in 85.3 ms on ND4J CPU". */
        public Text summary() {
            return Text.of("chapter.edge.long.summary", tokens, entries, matrixBytes / (double) (1 << 20),
                    elapsedMillis(), backend);
        }
    }

    /** The lengths of the plot of memory and time: every 256 tokens up to {@link #DEFAULT_LONG_TOKENS}. */
    public static final List<Integer> GROWTH_TOKENS = List.of(256, 512, 768, 1024, 1280, 1536, 1792, 2048);

    /**
     * One length of the plot.
     *
     * @param matrixBytes   one (t, t) float32 weight matrix, one head, as the cost model of
     *                      chapter 8 counts it: b · h · t² · 4 bytes with b = h = 1
     * @param elapsedMillis the engine's time for the whole attention at this length, measured here
     */
    public record LengthPoint(int tokens, double matrixBytes, double elapsedMillis) {
    }

    /** Memory and time against length, and the longest input's details. */
    public record Growth(List<LengthPoint> points, LongInput longest) {
        public Growth {
            points = List.copyOf(points);
        }
    }

    public static Growth growth(AttentionEngine engine) {
        return growth(engine, GROWTH_TOKENS, System::nanoTime);
    }

    /** Runs timed at each length; the fastest counts, as a benchmark reports it. */
    static final int TIMED_RUNS = 3;

    /**
     * Computes attention at each of {@code lengths} (increasing), timing each with {@code clock}.
     * A first, untimed pass over the lengths warms the code up (the JIT, the native buffers), so
     * that the first points are not its; each length is then run {@link #TIMED_RUNS} times and the
     * fastest run counts, because on a busy machine (the app computing its other chapters, a
     * garbage collection) a single run can take several times as long as the work needs.
     */
    public static Growth growth(AttentionEngine engine, List<Integer> lengths, LongSupplier clock) {
        for (int t : lengths) {
            longInput(engine, t, clock);
        }
        List<LengthPoint> points = new java.util.ArrayList<>();
        LongInput fastest = null;
        for (int t : lengths) {
            fastest = null;
            for (int run = 0; run < TIMED_RUNS; run++) {
                LongInput in = longInput(engine, t, clock);
                if (fastest == null || in.elapsedNanos() < fastest.elapsedNanos()) {
                    fastest = in;
                }
            }
            CostEstimate cost = CostEstimate.of(new CostInputs(1, t, 1, 1, 1, LONG_WIDTH, Precision.FP32));
            points.add(new LengthPoint(t, cost.attentionMatrixBytesPerLayer(), fastest.elapsedMillis()));
        }
        return new Growth(points, fastest);
    }

    public static Empty empty(AttentionEngine engine) {
        try {
            engine.compute(AttentionSpec.builder(Tensor.zeros(0, 3)).build());
        } catch (InvalidSpecException e) {
            return new Empty(e.field(), e.getMessage(), new Text(e.messageKey(), e.messageArgs()));
        }
        throw new IllegalStateException("the engine accepted an empty input");
    }

    public static Single single(AttentionEngine engine) {
        int sun = 2;
        Tensor x = Tensor.matrix(new float[][] {CourseExamples.hello().row(sun)});
        List<String> token = List.of(CourseExamples.HELLO_TOKENS.get(sun));
        AttentionTrace trace = engine.compute(AttentionSpec.builder(x).tokens(token).build());
        return new Single(token.get(0), Tensor.vector(x.row(0)), trace.logits().get(0, 0, 0, 0),
                Tensor.matrix(Matrices.first(trace.weights())), Tensor.vector(trace.context().row(0, 0)));
    }

    public static LongInput longInput(AttentionEngine engine) {
        return longInput(engine, DEFAULT_LONG_TOKENS, System::nanoTime);
    }

    public static LongInput longInput(AttentionEngine engine, int tokens, LongSupplier clock) {
        if (tokens < 1) {
            throw new IllegalArgumentException("tokens: must be at least 1, got " + tokens);
        }
        Tensor x = new TorchRandom(LONG_SEED).rand(tokens, LONG_WIDTH);
        AttentionSpec spec = AttentionSpec.builder(x).build();
        long start = clock.getAsLong();
        AttentionTrace trace = engine.compute(spec);
        long elapsed = clock.getAsLong() - start;
        float[] w = trace.weights().toArray();
        double maxError = 0;
        double maxWeight = 0;
        for (int i = 0; i < tokens; i++) {
            double sum = 0;
            for (int j = 0; j < tokens; j++) {
                float v = w[i * tokens + j];
                sum += v;
                maxWeight = Math.max(maxWeight, v);
            }
            maxError = Math.max(maxError, Math.abs(sum - 1));
        }
        long entries = (long) tokens * tokens;
        return new LongInput(tokens, LONG_WIDTH, entries, entries * Float.BYTES, 4, elapsed, maxError, maxWeight,
                1.0 / tokens, trace.backend());
    }
}
