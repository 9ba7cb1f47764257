package org.attentionexplainer.engine.gpt;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.attentionexplainer.engine.Tensor;
import org.nd4j.autodiff.samediff.SDVariable;
import org.nd4j.autodiff.samediff.SameDiff;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The tiny GPT as a SameDiff graph, for training: the same arithmetic as {@link TinyGpt}, written
 * in SameDiff ops so that ND4J derives the gradients. Symbols: b sequences, t positions, v symbols,
 * d = d_model, h heads, hd = d / h.
 *
 * <pre>
 *   x      = E_tok[tokens] + E_pos[0..t)                  (b, t, d), as one-hot rows times E
 *                                                         (SameDiff's gather has no usable gradient here)
 *   per layer:
 *     q, k, v = x W_q, x W_k, x W_v, split into heads     (b, h, t, hd)
 *     w       = softmax(q k^T / sqrt(hd) + mask)          (b, h, t, t), mask 0 or -inf (causal)
 *     x       = x + concat(w v) W_o                       (b, t, d)
 *   logits = x W_U                                        (b, t, v)
 *   nll    = -sum over v of target ⊙ log softmax(logits)  (b, t), each position's cross-entropy
 *   loss   = sum(nll ⊙ weight), weight 1/count where a target exists: the mean
 * </pre>
 */
final class GptGraph {
    static final String TOKENS = "tokens";
    static final String POSITIONS = "positions";
    static final String BATCH_SHAPE = "batchShape";
    static final String MASK = "mask";
    static final String TARGETS = "targets";
    static final String LOSS_WEIGHT = "lossWeight";
    static final String LOSS = "loss";
    static final String NLL = "nll";
    static final String LOGITS = "logits";
    static final String WEIGHTS = "weights";

    private final GptConfig config;
    private final SameDiff sd;
    private final List<String> parameterNames = new ArrayList<>();

    GptGraph(GptWeights weights) {
        this.config = weights.config();
        this.sd = SameDiff.create();
        build(weights);
        deriveGradientsQuietly();
    }

    /**
     * SameDiff 1.0.0-M2.1 prints a line to standard output for every op it differentiates, which
     * would bury the `train` command's own output (and a pipe reading it); deriving the gradient
     * graph up front, with standard output muted, keeps that out.
     */
    private void deriveGradientsQuietly() {
        synchronized (System.class) {
            PrintStream stdout = System.out;
            System.setOut(new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8));
            try {
                sd.createGradFunction();
            } finally {
                System.setOut(stdout);
            }
        }
    }

    SameDiff sameDiff() {
        return sd;
    }

    /** The trainable variables in {@link GptWeights#inFileOrder()}. */
    List<String> parameterNames() {
        return parameterNames;
    }

    /** The current values of the trainable variables, as immutable weights. */
    GptWeights weights() {
        List<Tensor> tensors = new ArrayList<>();
        for (String name : parameterNames) {
            INDArray a = sd.getVariable(name).getArr();
            tensors.add(Tensor.of(a.dup('c').data().asFloat(), (int) a.size(0), (int) a.size(1)));
        }
        return GptWeights.fromFileOrder(config, tensors);
    }

    /** SameDiff's own forward of equal-length sequences: the logits (b, t, v) and each layer's weights (b, h, t, t). */
    Map<String, INDArray> forward(int[][] batch) {
        List<String> outputs = new ArrayList<>();
        outputs.add(LOGITS);
        for (int l = 0; l < config.layers(); l++) {
            outputs.add(WEIGHTS + l);
        }
        Map<String, INDArray> placeholders = TrainingBatch.placeholders(batch, config.vocab(), config.positions());
        placeholders.keySet().retainAll(List.of(TOKENS, POSITIONS, MASK, BATCH_SHAPE));
        return sd.output(placeholders, outputs);
    }

    private SDVariable parameter(String name, Tensor value) {
        parameterNames.add(name);
        return sd.var(name, Nd4j.create(value.toArray(), new long[] {value.dim(0), value.dim(1)}, 'c'));
    }

    private void build(GptWeights w) {
        int d = config.dModel();
        int h = config.heads();
        int hd = config.headDim();
        SDVariable tokens = sd.placeHolder(TOKENS, DataType.FLOAT, -1, config.vocab());  // (b*t, v) one-hot
        SDVariable positions = sd.placeHolder(POSITIONS, DataType.FLOAT, -1, config.positions()); // (t, p) one-hot
        SDVariable bt = sd.placeHolder(BATCH_SHAPE, DataType.LONG, 2);                 // [b, t]
        SDVariable mask = sd.placeHolder(MASK, DataType.FLOAT, -1, -1);                // (t, t)
        SDVariable targets = sd.placeHolder(TARGETS, DataType.FLOAT, -1, -1, config.vocab()); // (b, t, v)
        SDVariable lossWeight = sd.placeHolder(LOSS_WEIGHT, DataType.FLOAT, -1, -1);     // (b, t)

        SDVariable tokenEmbedding = parameter("E_tok", w.tokenEmbedding());
        SDVariable positionEmbedding = parameter("E_pos", w.positionEmbedding());
        SDVariable headShape = sd.concat(0, bt, sd.constant(Nd4j.createFromArray((long) h, hd)));
        SDVariable modelShape = sd.concat(0, bt, sd.constant(Nd4j.createFromArray((long) d)));
        SDVariable x = sd.reshape(tokens.mmul(tokenEmbedding), modelShape)          // (b, t, d)
                .add(positions.mmul(positionEmbedding));                              // + (t, d)
        double scale = 1.0 / Math.sqrt(hd);
        for (int l = 0; l < config.layers(); l++) {
            GptWeights.Layer lw = w.layers().get(l);
            SDVariable wq = parameter("W_q" + l, lw.query());
            SDVariable wk = parameter("W_k" + l, lw.key());
            SDVariable wv = parameter("W_v" + l, lw.value());
            SDVariable wo = parameter("W_o" + l, lw.out());
            SDVariable rows = sd.reshape(x, -1, d);                                    // (b*t, d)
            SDVariable q = heads(rows.mmul(wq), headShape);                            // (b, h, t, hd)
            SDVariable k = heads(rows.mmul(wk), headShape);                            // (b, h, t, hd)
            SDVariable v = heads(rows.mmul(wv), headShape);                            // (b, h, t, hd)
            SDVariable logits = sd.mmul(q, k, false, true, false).mul(scale).add(mask); // (b, h, t, t)
            SDVariable weights = sd.nn.softmax(WEIGHTS + l, logits, -1);             // (b, h, t, t)
            SDVariable context = sd.permute(sd.mmul(weights, v), 0, 2, 1, 3);           // (b, t, h, hd)
            SDVariable out = sd.reshape(context, -1, d).mmul(wo);                       // (b*t, d)
            x = x.add(sd.reshape(out, modelShape));                                     // (b, t, d)
        }
        SDVariable unembedding = parameter("W_U", w.unembedding());
        SDVariable logits = sd.reshape(sd.reshape(x, -1, d).mmul(unembedding),
                sd.concat(0, bt, sd.constant(Nd4j.createFromArray((long) config.vocab()))));
        sd.updateVariableNameAndReference(logits, LOGITS);                             // (b, t, v)
        SDVariable nll = sd.math.neg(NLL, sd.sum(targets.mul(sd.nn.logSoftmax(logits)), -1)); // (b, t)
        sd.setLossVariables(sd.sum(LOSS, nll.mul(lossWeight)));
    }

    private SDVariable heads(SDVariable rows, SDVariable headShape) {
        return sd.permute(sd.reshape(rows, headShape), 0, 2, 1, 3);
    }
}
