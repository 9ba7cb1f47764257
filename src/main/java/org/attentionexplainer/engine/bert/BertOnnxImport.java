package org.attentionexplainer.engine.bert;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.DoubleConsumer;
import org.attentionexplainer.engine.LayerNormParams;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.onnx.OnnxFormatException;
import org.attentionexplainer.engine.onnx.OnnxModel;
import org.attentionexplainer.engine.onnx.OnnxNode;
import org.attentionexplainer.engine.onnx.OnnxTensor;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Finds a BERT encoder's weights in an ONNX graph exported from Hugging Face Transformers.
 * Embeddings, biases and LayerNorm parameters keep their PyTorch names
 * ({@code encoder.layer.0.attention.self.query.bias}). PyTorch's exporter stores the weight
 * matrices already transposed to (in, out) under the name of a graph value
 * ({@code onnx::MatMul_787}); each is named here after the bias that the graph adds to its
 * product. An initializer that keeps the PyTorch name ({@code ...query.weight}) is in
 * PyTorch's (out, in) layout and is transposed. The number of heads comes from the constant
 * the scores are divided by (sqrt(hd)), the LayerNorm epsilon from the constant added under
 * the square root.
 */
final class BertOnnxImport {
    /**
     * The largest weight magnitude accepted. Within it every sum of the forward pass stays far
     * inside float32 for BERT-base sizes (a LayerNorm's variance, the largest, below 1e37 at
     * d = 768, d_ff = 3072); all-MiniLM-L6-v2's largest weight is 7.9. A weight beyond it, or
     * NaN, means a damaged file, whose maps would be NaN or nonsense.
     */
    static final float MAX_WEIGHT = 1000f;
    private static final String WORDS = "embeddings.word_embeddings.weight";

    private final OnnxModel model;
    private final String prefix;
    /** Weight matrices found through the graph, stored (in, out), by their PyTorch name. */
    private final Map<String, OnnxTensor> inOutWeights = new HashMap<>();

    private BertOnnxImport(OnnxModel model) {
        this.model = model;
        this.prefix = model.initializers().keySet().stream()
                .filter(n -> n.endsWith(WORDS))
                .map(n -> n.substring(0, n.length() - WORDS.length()))
                .findFirst()
                .orElseThrow(() -> new OnnxFormatException("no " + WORDS + " in the model: it is not a BERT encoder"));
        nameMatMulWeights();
    }

    /** The encoder's sizes and weights. {@code progress} hears the fraction of tensors loaded. */
    static Imported read(OnnxModel model, DoubleConsumer progress) {
        return new BertOnnxImport(model).read(progress);
    }

    record Imported(BertConfig config, BertWeights weights) {
    }

    private Imported read(DoubleConsumer progress) {
        OnnxTensor words = init("embeddings.word_embeddings.weight");
        OnnxTensor positions = init("embeddings.position_embeddings.weight");
        OnnxTensor types = init("embeddings.token_type_embeddings.weight");
        requireRank(words, 2);
        int d = words.shape()[1];
        requireShape(positions, -1, d);
        requireShape(types, -1, d);
        int layers = 0;
        while (model.initializer(prefix + "encoder.layer." + layers + ".attention.self.query.bias").isPresent()) {
            layers++;
        }
        if (layers == 0) {
            throw new OnnxFormatException("no encoder.layer.0 in the model: it is not a BERT encoder");
        }
        int intermediate = init(layerName(0, "intermediate.dense.bias")).shape()[0];
        int headDim = headDim();
        if (d % headDim != 0) {
            throw new OnnxFormatException("the attention scale says head width " + headDim
                    + ", which does not divide the hidden width " + d);
        }
        requireExactGelu(layers);
        double eps = layerNormEps();
        BertConfig config = new BertConfig(words.shape()[0], d, layers, d / headDim, intermediate,
                positions.shape()[0], types.shape()[0], eps, 0);

        int steps = 4 + layers;
        INDArray wordArray = matrix(words, WORDS);
        progress.accept(1.0 / steps);
        INDArray positionArray = matrix(positions, "embeddings.position_embeddings.weight");
        INDArray typeArray = matrix(types, "embeddings.token_type_embeddings.weight");
        LayerNormParams embeddingNorm = norm("embeddings.LayerNorm", d, eps);
        progress.accept(4.0 / steps);
        List<BertWeights.Layer> layerWeights = new ArrayList<>();
        for (int i = 0; i < layers; i++) {
            layerWeights.add(layer(i, d, intermediate, eps));
            progress.accept((4.0 + i + 1) / steps);
        }
        return new Imported(config, new BertWeights(wordArray, positionArray, typeArray, embeddingNorm, layerWeights));
    }

    private BertWeights.Layer layer(int i, int d, int ff, double eps) {
        return new BertWeights.Layer(
                linear(layerName(i, "attention.self.query"), d, d),
                linear(layerName(i, "attention.self.key"), d, d),
                linear(layerName(i, "attention.self.value"), d, d),
                linear(layerName(i, "attention.output.dense"), d, d),
                norm(layerName(i, "attention.output.LayerNorm"), d, eps),
                linear(layerName(i, "intermediate.dense"), d, ff),
                linear(layerName(i, "output.dense"), ff, d),
                norm(layerName(i, "output.LayerNorm"), d, eps));
    }

    private static String layerName(int layer, String rest) {
        return "encoder.layer." + layer + "." + rest;
    }

    /** The weight (in, out) and bias (out) of a linear layer named like "encoder.layer.0.attention.self.query". */
    private BertWeights.Linear linear(String name, int in, int out) {
        OnnxTensor bias = init(name + ".bias");
        requireShape(bias, out);
        OnnxTensor inOut = inOutWeights.get(prefix + name + ".weight");
        INDArray weight;
        if (inOut != null) {
            requireShape(inOut, in, out);
            weight = matrix(inOut, name + ".weight");
        } else {
            OnnxTensor outIn = init(name + ".weight");
            requireShape(outIn, out, in);
            weight = matrix(outIn, name + ".weight").transpose().dup('c');
        }
        return new BertWeights.Linear(weight,
                Nd4j.create(usable(bias, name + ".bias"), new long[] {1, out}, DataType.FLOAT));
    }

    private LayerNormParams norm(String name, int d, double eps) {
        OnnxTensor gamma = init(name + ".weight");
        OnnxTensor beta = init(name + ".bias");
        requireShape(gamma, d);
        requireShape(beta, d);
        return new LayerNormParams(Tensor.of(usable(gamma, name + ".weight"), d),
                Tensor.of(usable(beta, name + ".bias"), d), eps);
    }

    private static INDArray matrix(OnnxTensor t, String name) {
        int[] s = t.shape();
        return Nd4j.create(usable(t, name), new long[] {s[0], s[1]}, DataType.FLOAT);
    }

    /** The values of a weight, checked once here so that no forward pass meets NaN or overflow. */
    private static float[] usable(OnnxTensor t, String name) {
        float[] v = t.floats();
        for (int i = 0; i < v.length; i++) {
            if (!(Math.abs(v[i]) <= MAX_WEIGHT)) {
                throw new OnnxFormatException("the weight " + name + " holds " + v[i] + " (value " + (i + 1) + " of "
                        + v.length + "); a trained weight is a finite number within \u00b1" + (int) MAX_WEIGHT);
            }
        }
        return v;
    }

    /** Names each MatMul weight after the bias added to its product: x W + b. */
    private void nameMatMulWeights() {
        for (OnnxNode matMul : model.nodesOfType("MatMul")) {
            String weight = matMul.inputs().size() == 2 ? matMul.inputs().get(1) : "";
            if (model.initializer(weight).isEmpty()) {
                continue;
            }
            for (OnnxNode add : model.consumersOf(matMul.outputs().get(0))) {
                if (!add.opType().equals("Add")) {
                    continue;
                }
                for (String in : add.inputs()) {
                    if (in.endsWith(".bias") && model.initializer(in).isPresent()) {
                        String name = in.substring(0, in.length() - ".bias".length()) + ".weight";
                        inOutWeights.put(name, model.initializer(weight).get());
                    }
                }
            }
        }
    }

    /** hd from the constant the scores are divided by (sqrt(hd)) or multiplied by (1 / sqrt(hd)). */
    private int headDim() {
        for (OnnxNode softmax : model.nodesOfType("Softmax")) {
            Optional<OnnxNode> maskAdd = model.producerOf(softmax.inputs().get(0));
            List<String> candidates = maskAdd.filter(n -> n.opType().equals("Add"))
                    .map(OnnxNode::inputs).orElse(List.of(softmax.inputs().get(0)));
            for (String value : candidates) {
                Optional<OnnxNode> scale = model.producerOf(value)
                        .filter(n -> n.opType().equals("Div") || n.opType().equals("Mul"));
                if (scale.isEmpty()) {
                    continue;
                }
                for (String operand : scale.get().inputs()) {
                    Optional<Float> c = model.constant(operand);
                    if (c.isPresent() && c.get() > 0) {
                        double sqrtHd = scale.get().opType().equals("Div") ? c.get() : 1.0 / c.get();
                        return (int) Math.round(sqrtHd * sqrtHd);
                    }
                }
            }
        }
        throw new OnnxFormatException("cannot find the attention scale 1/sqrt(hd), so not the number of heads");
    }

    /** The epsilon added to the variance under a LayerNorm's square root; BERT's 1e-12 if the graph hides it. */
    private double layerNormEps() {
        for (OnnxNode sqrt : model.nodesOfType("Sqrt")) {
            Optional<OnnxNode> add = model.producerOf(sqrt.inputs().get(0)).filter(n -> n.opType().equals("Add"));
            if (add.isPresent()) {
                for (String operand : add.get().inputs()) {
                    Optional<Float> eps = model.constant(operand);
                    if (eps.isPresent()) {
                        return eps.get();
                    }
                }
            }
        }
        for (OnnxNode ln : model.nodesOfType("LayerNormalization")) {
            return ln.attribute("epsilon").map(a -> (double) a.f()).orElse(1e-5);
        }
        return 1e-12;
    }

    private void requireExactGelu(int layers) {
        if (model.nodesOfType("Erf").size() < layers) {
            throw new OnnxFormatException("the feed-forward activation is not the exact GELU x/2 (1 + erf(x/sqrt 2))");
        }
    }

    private OnnxTensor init(String name) {
        return model.initializer(prefix + name)
                .orElseThrow(() -> new OnnxFormatException("the model has no weight " + prefix + name));
    }

    private static void requireRank(OnnxTensor t, int rank) {
        if (t.dims().length != rank) {
            throw new OnnxFormatException(t.name() + " should have " + rank + " dimensions, has shape "
                    + Arrays.toString(t.dims()));
        }
    }

    /** -1 in {@code expected} accepts any size. */
    private static void requireShape(OnnxTensor t, int... expected) {
        int[] s = t.shape();
        boolean ok = s.length == expected.length;
        for (int i = 0; ok && i < s.length; i++) {
            ok = expected[i] < 0 || s[i] == expected[i];
        }
        if (!ok || t.dataType() != OnnxTensor.FLOAT) {
            throw new OnnxFormatException(t.name() + " has shape " + Arrays.toString(s) + " and type "
                    + t.dataType() + ", expected float32 " + Arrays.toString(expected));
        }
    }
}
