package org.attentionexplainer.engine.tinygpt;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
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
 *   x      = E_tok[tokens] + E_pos[0..t)                  (b*t, d), as one-hot rows times E
 *                                                         (SameDiff's gather has no usable gradient here)
 *   per layer:
 *     q, k, v = x [W_q | W_k | W_v], split into heads     (b, h, t, hd)
 *     w       = softmax(q k^T / sqrt(hd) + mask)          (b, h, t, t), mask 0 or -inf (causal)
 *     x       = x + concat(w v) W_o                       (b*t, d)
 *   logits = x W_U                                        (b*t, v)
 *   nll    = -sum over v of target ⊙ log softmax(logits)  (b*t), each position's cross-entropy
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
    private static final String QKV = "W_qkv";

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
        int d = config.dModel();
        List<Tensor> tensors = new ArrayList<>();
        for (String name : parameterNames) {
            float[] values = sd.getVariable(name).getArr().dup('c').data().asFloat();
            if (name.startsWith(QKV)) {
                // (d, 3d) columns [W_q | W_k | W_v]
                for (int part = 0; part < 3; part++) {
                    float[] w = new float[d * d];
                    for (int r = 0; r < d; r++) {
                        System.arraycopy(values, r * 3 * d + part * d, w, r * d, d);
                    }
                    tensors.add(Tensor.of(w, d, d));
                }
            } else {
                INDArray a = sd.getVariable(name).getArr();
                tensors.add(Tensor.of(values, (int) a.size(0), (int) a.size(1)));
            }
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
        Map<String, INDArray> result = new HashMap<>(sd.output(placeholders, outputs));
        result.put(LOGITS, result.get(LOGITS).reshape(batch.length, batch[0].length, config.vocab()));
        return result;
    }

    private SDVariable parameter(String name, Tensor value) {
        parameterNames.add(name);
        return sd.var(name, Nd4j.create(value.toArray(), new long[] {value.dim(0), value.dim(1)}, 'c'));
    }

    /** W_q, W_k, W_v side by side, (d, 3d), so that one product makes q, k and v. */
    private SDVariable fusedParameter(String name, GptWeights.Layer layer) {
        int d = config.dModel();
        float[] fused = new float[d * 3 * d];
        Tensor[] parts = {layer.query(), layer.key(), layer.value()};
        for (int part = 0; part < 3; part++) {
            float[] w = parts[part].toArray();
            for (int r = 0; r < d; r++) {
                System.arraycopy(w, r * d, fused, r * 3 * d + part * d, d);
            }
        }
        return parameter(name, Tensor.of(fused, d, 3 * d));
    }

    /**
     * Every tensor is kept as rows (b*t, ·) between the attention steps: fewer reshapes, and
     * SameDiff's cost is mostly per op at this size.
     */
    private void build(GptWeights w) {
        int d = config.dModel();
        int h = config.heads();
        int hd = config.headDim();
        SDVariable tokens = sd.placeHolder(TOKENS, DataType.FLOAT, -1, config.vocab());        // (b*t, v) one-hot
        SDVariable positions = sd.placeHolder(POSITIONS, DataType.FLOAT, -1, config.positions()); // (b*t, p) one-hot
        SDVariable mask = sd.placeHolder(MASK, DataType.FLOAT, -1, -1);                      // (t, t)
        SDVariable bt = sd.placeHolder(BATCH_SHAPE, DataType.LONG, 2);                       // [b, t]
        SDVariable targets = sd.placeHolder(TARGETS, DataType.FLOAT, -1, config.vocab());    // (b*t, v)
        SDVariable lossWeight = sd.placeHolder(LOSS_WEIGHT, DataType.FLOAT, -1);             // (b*t)

        SDVariable x = tokens.mmul(parameter("E_tok", w.tokenEmbedding()))                  // (b*t, d)
                .add(positions.mmul(parameter("E_pos", w.positionEmbedding())));
        SDVariable qkvShape = sd.concat(0, bt, sd.constant(Nd4j.createFromArray(3L, h, hd)));
        double scale = 1.0 / Math.sqrt(hd);
        for (int l = 0; l < config.layers(); l++) {
            GptWeights.Layer lw = w.layers().get(l);
            SDVariable qkv = sd.reshape(x.mmul(fusedParameter(QKV + l, lw)), qkvShape);      // (b, t, 3, h, hd)
            SDVariable[] split = sd.unstack(sd.permute(qkv, 2, 0, 3, 1, 4), 0, 3);           // 3 × (b, h, t, hd)
            SDVariable logits = sd.mmul(split[0], split[1], false, true, false).mul(scale).add(mask); // (b, h, t, t)
            SDVariable weights = sd.nn.softmax(WEIGHTS + l, logits, -1);                     // (b, h, t, t)
            SDVariable context = sd.permute(sd.mmul(weights, split[2]), 0, 2, 1, 3);          // (b, t, h, hd)
            x = x.add(sd.reshape(context, -1, d).mmul(parameter("W_o" + l, lw.out())));      // (b*t, d)
        }
        SDVariable logits = x.mmul(parameter("W_U", w.unembedding()));                      // (b*t, v)
        sd.updateVariableNameAndReference(logits, LOGITS);
        SDVariable nll = sd.math.neg(NLL, sd.sum(targets.mul(sd.nn.logSoftmax(logits)), -1));   // (b*t)
        sd.setLossVariables(sd.sum(LOSS, nll.mul(lossWeight)));
    }
}
