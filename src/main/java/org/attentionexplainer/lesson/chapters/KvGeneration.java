package org.attentionexplainer.lesson.chapters;

import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.engine.DecodeStep;
import org.attentionexplainer.engine.KvCache;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.tinygpt.GptConfig;
import org.attentionexplainer.engine.tinygpt.GptTrace;
import org.attentionexplainer.engine.tinygpt.GptWeights;
import org.attentionexplainer.engine.tinygpt.RepeatTask;
import org.attentionexplainer.engine.tinygpt.TinyGpt;
import org.attentionexplainer.i18n.PowerOfTen;
import org.attentionexplainer.lesson.Text;
import org.attentionexplainer.lesson.heads.HeadDetectors;

/**
 * The tiny GPT writing, greedily, with a KV cache in every layer: the prompt's symbols are fed one
 * per step, then each symbol the model chose; step n feeds token n, appends its key and value to
 * each layer's cache (n rows) and computes its one query row, then the most likely next symbol.
 * Symbols: t tokens, n keys at a step, v symbols, d = d_model, l layers, h heads, hd = d / h.
 *
 * <pre>
 *   step n:  x = E_tok[token_n] + E_pos[n − 1]                              (d)
 *            per layer: K ← [K; x W_k],  V ← [V; x W_v],  x ← x + softmax(causal(x W_q Kᵀ / √hd)) V W_o
 *            next = argmax(x W_U)                                            (v)
 * </pre>
 *
 * Work of a step, over the layers (the embedding and the unembedding, the same either way, are
 * left out), as the engine counts it, 2 FLOPs a multiply-add:
 * <pre>
 *   with the cache     2 · l · (4d² + 2·n·d)       (one token's W_q, W_k, W_v, W_o; one row over n keys)
 *   without            2 · l · (n·4d² + 2·n²·d)    (all n tokens again)
 * </pre>
 *
 * @param tokens       (t) the prompt's symbols, then the generated ones
 * @param promptLength the prompt's symbols
 * @param config       the model's sizes
 * @param shownLayer   the layer the figure shows (the last)
 * @param shownHead    its head that copies most (most weight on the token after the current symbol's last
 *                     occurrence): the induction head of a trained model
 * @param stepped      (t, t) the shown head's rows, row i from step i + 1, 0 beyond its keys
 * @param steps        each step's numbers, in order
 */
public record KvGeneration(List<String> tokens, int promptLength, GptConfig config, int shownLayer, int shownHead,
                           Tensor stepped, List<Step> steps) {
    /** A repeated sequence cut in its second half: an induction head writes the rest, B T R A P. */
    public static final String PROMPT = "KDXMQBTRAPKDXMQ";
    /** Symbols generated after the prompt. */
    public static final int GENERATED = 5;

    /**
     * One step.
     *
     * @param position      the token fed, from 0; n = position + 1 keys in every layer's cache
     * @param next          the most likely next symbol
     * @param probability   its probability
     * @param flops         this step's FLOPs with the cache, all layers
     * @param flopsWithout  the same step's FLOPs computing every token again
     * @param maxDifference largest |weight − full causal weight| of this row, over every layer and head
     */
    public record Step(int position, String next, double probability, long flops, long flopsWithout,
                       double maxDifference) {
        public int keyCount() {
            return position + 1;
        }
    }

    public KvGeneration {
        tokens = List.copyOf(tokens);
        steps = List.copyOf(steps);
    }

    /** {@link #PROMPT} and {@link #GENERATED} more symbols. */
    public static KvGeneration generate(TinyGpt gpt) {
        int[] prompt = PROMPT.chars().map(c -> c - 'A').toArray();
        return generate(gpt, prompt, GENERATED);
    }

    /**
     * Feeds {@code prompt}, then {@code count} symbols of the model's own choosing.
     *
     * @throws IllegalArgumentException for an empty prompt or more tokens than the model has positions
     */
    public static KvGeneration generate(TinyGpt gpt, int[] prompt, int count) {
        GptWeights w = gpt.weights();
        GptConfig c = w.config();
        int t = prompt.length + count;
        if (prompt.length == 0 || count < 0 || t > c.positions()) {
            throw new IllegalArgumentException("a prompt of " + prompt.length + " and " + count
                    + " generated symbols; the model reads 1 to " + c.positions());
        }
        int d = c.dModel();
        List<KvCache> caches = new ArrayList<>();
        for (int l = 0; l < c.layers(); l++) {
            // one layer of the model as its forward runs it; the input only gives the width
            caches.add(KvCache.empty(TinyGpt.layerSpec(w, l, Tensor.of(new float[d], 1, 1, d), null, 1.0)));
        }
        int[] sequence = new int[t];
        System.arraycopy(prompt, 0, sequence, 0, prompt.length);
        float[][][][] rows = new float[t][c.layers()][][];                       // [step][layer] (h, n)
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < t; i++) {
            float[] x = new float[d];
            float[] tok = w.tokenEmbedding().row(sequence[i]);
            float[] pos = w.positionEmbedding().row(i);
            for (int j = 0; j < d; j++) {
                x[j] = tok[j] + pos[j];
            }
            long with = 0;
            long without = 0;
            for (int l = 0; l < c.layers(); l++) {
                DecodeStep s = caches.get(l).append(Tensor.vector(x));
                rows[i][l] = s.weights().matrix(0);
                with += 2 * s.multiplyAdds();
                without += 2 * s.multiplyAddsWithoutCache();
                x = s.result().row(0);
            }
            double[] p = GptTrace.probabilities(gpt.logits(x));
            int next = argmax(p);
            if (i + 1 >= prompt.length && i + 1 < t) {
                sequence[i + 1] = next;
            }
            steps.add(new Step(i, RepeatTask.label(next), p[next], with, without, 0));
        }
        GptTrace full = gpt.forward(sequence);
        int shownLayer = c.layers() - 1;
        int shownHead = copyingHead(full, shownLayer, sequence);
        float[][] stepped = new float[t][t];
        List<Step> checked = new ArrayList<>(t);
        for (int i = 0; i < t; i++) {
            double diff = 0;
            for (int l = 0; l < c.layers(); l++) {
                for (int h = 0; h < c.heads(); h++) {
                    float[] fullRow = full.attention(0, l, h)[i];
                    for (int j = 0; j <= i; j++) {
                        diff = Math.max(diff, Math.abs(rows[i][l][h][j] - fullRow[j]));
                    }
                }
            }
            System.arraycopy(rows[i][shownLayer][shownHead], 0, stepped[i], 0, i + 1);
            Step s = steps.get(i);
            checked.add(new Step(s.position(), s.next(), s.probability(), s.flops(), s.flopsWithout(), diff));
        }
        List<String> labels = new ArrayList<>(t);
        for (int id : sequence) {
            labels.add(RepeatTask.label(id));
        }
        return new KvGeneration(labels, prompt.length, c, shownLayer, shownHead, Tensor.matrix(stepped), checked);
    }

    /** The head of {@code layer} with the most mean weight on the token after the current symbol's last occurrence. */
    private static int copyingHead(GptTrace full, int layer, int[] sequence) {
        int best = 0;
        double bestScore = -1;
        for (int h = 0; h < full.headCount(); h++) {
            double score = HeadDetectors.induction(full.attention(0, layer, h), sequence).orElse(0);
            if (score > bestScore) {
                bestScore = score;
                best = h;
            }
        }
        return best;
    }

    private static int argmax(double[] p) {
        int best = 0;
        for (int i = 1; i < p.length; i++) {
            if (p[i] > p[best]) {
                best = i;
            }
        }
        return best;
    }

    /** Step {@code n} of 1..t. */
    public Step step(int n) {
        return steps.get(n - 1);
    }

    /** The tokens fed up to step n, the prompt's apart from the model's: "KDXMQBTRAPKDXMQ · BT". */
    public String textUpTo(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i == promptLength) {
                sb.append(" · ");
            }
            sb.append(tokens.get(i));
        }
        return sb.toString();
    }

    /** The tiny GPT's FLOPs for the step with n keys, by the formula of the class comment. */
    public long flopsWithCache(long n) {
        long d = config.dModel();
        return 2L * config.layers() * (4 * d * d + 2 * n * d);
    }

    public long flopsWithoutCache(long n) {
        long d = config.dModel();
        return 2L * config.layers() * (n * 4 * d * d + 2 * n * n * d);
    }

    /** Largest |stepped − full| over the first n steps. */
    public double maxDifferenceUpTo(int n) {
        return steps.subList(0, n).stream().mapToDouble(Step::maxDifference).max().orElse(0);
    }

    /** "Step 16 of 20: B, written by the model, attends to 16 cached keys in each of 2 layers …". */
    public Text stepText(int n) {
        Step s = step(n);
        return Text.of(n > promptLength ? "chapter.kv.gen.stepWritten" : "chapter.kv.gen.stepPrompt", n,
                tokens.size(), tokens.get(s.position()), s.keyCount(), config.layers(), s.next(),
                100 * s.probability(), s.flops(), s.flopsWithout(), new PowerOfTen(maxDifferenceUpTo(n)));
    }

    /** The cache's size after step n: rows, numbers per row, bytes in float32. */
    public Text cacheText(int n) {
        long numbers = 2L * config.layers() * n * config.dModel();
        return Text.of("chapter.kv.gen.cache", n, config.layers(), config.heads(), config.headDim(), numbers,
                4 * numbers);
    }
}
