package org.attentionexplainer.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * {@link ForwardBlocks#selfAttention} with the heads spread over the cores ({@link ParallelHeads}),
 * against the definition in double: two texts, the second padded, a temperature-like factor, more
 * heads than cores and more query rows than one piece of work; each head's scores, softmax
 * weights and context where the concatenation wants it. The scores are made only when read, from
 * the trace's Q and K: the same values bit for bit as those the weights were made from.
 */
class ParallelHeadsTest {
    private static final int B = 2;
    private static final int T = 200;                                  // two pieces of query rows: 128 and 72
    private static final int H = 6;
    private static final int HD = 16;
    private static final int D = H * HD;
    private static final int[] REAL = {T, T - 11};                           // the second text's last keys are padding

    @Test
    void headsOnEveryCoreMatchTheDefinition() {
        Shapes sh = new Shapes(B, T, T, D, D, D, H, HD, D);
        assumeTrue(Routes.BEST.direct() && Runtime.getRuntime().availableProcessors() > 1,
                "heads run in parallel only on OpenBLAS with more than one core");
        assertTrue(ParallelHeads.applies(Routes.BEST, sh), "the shapes of this test take the parallel route");
        Random rng = new Random(5);
        float[] qkv = new float[B * T * 3 * D];
        for (int i = 0; i < qkv.length; i++) {
            qkv[i] = (float) rng.nextGaussian();
        }
        float[] mask = new float[B * T * T];
        for (int b = 0; b < B; b++) {
            for (int i = 0; i < T; i++) {
                for (int j = REAL[b]; j < T; j++) {
                    mask[(b * T + i) * T + j] = 1f;
                }
            }
        }
        float factor = 0.3f;
        INDArray projected = Nd4j.create(qkv, new long[] {B * T, 3 * D}, DataType.FLOAT);
        ForwardBlocks.Attention a = new ForwardBlocks().selfAttention(projected, B, T, H, factor,
                Tensor.of(mask, B, T, T));
        float[] context = NdArrays.data(a.context());
        for (int b = 0; b < B; b++) {
            for (int h = 0; h < H; h++) {
                for (int i = 0; i < T; i++) {
                    double[] logits = new double[T];
                    double max = Double.NEGATIVE_INFINITY;
                    for (int j = 0; j < T; j++) {
                        double score = 0;
                        for (int c = 0; c < HD; c++) {
                            score += (double) at(qkv, b, i, h * HD + c) * at(qkv, b, j, D + h * HD + c);
                        }
                        assertEquals(score, a.scores().data()[((b * H + h) * T + i) * T + j], 1e-4, "score");
                        logits[j] = j < REAL[b] ? score * factor : Double.NEGATIVE_INFINITY;
                        max = Math.max(max, logits[j]);
                    }
                    double sum = 0;
                    for (int j = 0; j < T; j++) {
                        logits[j] = Math.exp(logits[j] - max);
                        sum += logits[j];
                    }
                    for (int c = 0; c < HD; c++) {
                        double want = 0;
                        for (int j = 0; j < T; j++) {
                            double weight = logits[j] / sum;
                            if (c == 0) {
                                assertEquals(weight, a.weights().data()[((b * H + h) * T + i) * T + j], 1e-6,
                                        "weight of text " + b + ", head " + h + ", query " + i + ", key " + j);
                            }
                            want += weight * at(qkv, b, j, 2 * D + h * HD + c);
                        }
                        assertEquals(want, context[(b * T + i) * D + h * HD + c], 1e-5,
                                "context of text " + b + ", head " + h + ", query " + i);
                    }
                }
            }
        }
    }

    @Test
    void scoresMadeWhenReadAreThoseTheWeightsCameFrom() {
        Shapes sh = new Shapes(B, T, T, D, D, D, H, HD, D);
        assumeTrue(Routes.BEST.direct() && Runtime.getRuntime().availableProcessors() > 1,
                "heads run in parallel only on OpenBLAS with more than one core");
        float[] qkv = randomQkv(7);
        float[] mask = paddingMask();
        float factor = 0.3f;
        INDArray projected = Nd4j.create(qkv, new long[] {B * T, 3 * D}, DataType.FLOAT);
        ForwardBlocks.Attention a = new ForwardBlocks().selfAttention(projected, B, T, H, factor,
                Tensor.of(mask, B, T, T));
        assertFalse(a.scores().made(), "the forward leaves the scores to be made when read");
        assertFalse(a.logits().made(), "and the logits");

        // the same pieces with every score kept as the products gave it
        MapSteps.Maps kept = MapSteps.Maps.allocate(sh, true, true);
        INDArray context = Nd4j.create(DataType.FLOAT, B * T, D);
        INDArray slots = Nd4j.create(DataType.FLOAT, ParallelHeads.workers(sh), ParallelHeads.rows(sh), T);
        ParallelHeads.run(kept, HeadLayout.columns(projected, 0, T, H, 1, sh),
                HeadLayout.columns(projected, D, T, H, 1, sh), HeadLayout.columns(projected, 2L * D, T, H, 1, sh),
                HeadLayout.columns(context, 1, 0, T, sh), slots, factor, mask, sh, Routes.BEST.rows());

        assertArrayEquals(kept.scores(), a.scores().data(), "scores made when read, bit for bit");
        // the vector API's exp may differ in the last bit before and after the JIT compiles it
        assertArrayEquals(kept.weights(), a.weights().data(), 3e-7f, "weights");
        float largest = 0;
        for (float x : kept.scores()) {
            largest = Math.max(largest, Math.abs(x));
        }
        assertEquals(largest, a.largestScore(), "the largest |score|, masked keys included");
        float[] logits = a.logits().data();
        for (int r = 0; r < B * H * T; r++) {
            int b = r / (H * T);
            for (int j = 0; j < T; j++) {
                float want = j < REAL[b] ? kept.scores()[r * T + j] * factor : Float.NEGATIVE_INFINITY;
                assertEquals(want, logits[r * T + j], "logit of row " + r + ", key " + j);
            }
        }
    }

    @Test
    void twoThreadsReadingTheScoresAfterTheNextForwardGetThisForwardsOnce() throws Exception {
        Shapes sh = new Shapes(B, T, T, D, D, D, H, HD, D);
        assumeTrue(Routes.BEST.direct() && Runtime.getRuntime().availableProcessors() > 1,
                "heads run in parallel only on OpenBLAS with more than one core");
        float[] qkv = randomQkv(11);
        ForwardBlocks blocks = new ForwardBlocks();
        Tensor noMask = Tensor.zeros(B, T, T);
        ForwardBlocks.Attention a = blocks.selfAttention(Nd4j.create(qkv, new long[] {B * T, 3 * D}, DataType.FLOAT),
                B, T, H, 1f, noMask);
        // the next forward overwrites every reused array of the blocks
        blocks.selfAttention(Nd4j.create(randomQkv(12), new long[] {B * T, 3 * D}, DataType.FLOAT), B, T, H, 1f,
                noMask);

        CountDownLatch start = new CountDownLatch(1);
        ExecutorService readers = Executors.newFixedThreadPool(2);
        float[] one;
        try {
            Future<float[]> first = readers.submit(() -> readAfter(start, a.scores()));
            Future<float[]> second = readers.submit(() -> readAfter(start, a.scores()));
            start.countDown();
            one = first.get();
            assertSame(one, second.get(), "made once, for both readers");
        } finally {
            readers.shutdown();
        }
        assertSame(a.scores(), a.logits(), "unscaled and unmasked, the logits are the scores");
        for (int b = 0; b < B; b++) {
            for (int h = 0; h < H; h++) {
                for (int i = 0; i < T; i += 7) {
                    for (int j = 0; j < T; j++) {
                        double score = 0;
                        for (int c = 0; c < HD; c++) {
                            score += (double) at(qkv, b, i, h * HD + c) * at(qkv, b, j, D + h * HD + c);
                        }
                        assertEquals(score, one[((b * H + h) * T + i) * T + j], 1e-4, "score");
                    }
                }
            }
        }
    }

    private static float[] readAfter(CountDownLatch start, Tensor t) throws InterruptedException {
        start.await();
        return t.data();
    }

    private static float[] randomQkv(long seed) {
        Random rng = new Random(seed);
        float[] qkv = new float[B * T * 3 * D];
        for (int i = 0; i < qkv.length; i++) {
            qkv[i] = (float) rng.nextGaussian();
        }
        return qkv;
    }

    private static float[] paddingMask() {
        float[] mask = new float[B * T * T];
        for (int b = 0; b < B; b++) {
            for (int i = 0; i < T; i++) {
                for (int j = REAL[b]; j < T; j++) {
                    mask[(b * T + i) * T + j] = 1f;
                }
            }
        }
        return mask;
    }

    private static float at(float[] qkv, int b, int row, int column) {
        return qkv[(b * T + row) * 3 * D + column];
    }
}
