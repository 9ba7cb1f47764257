package org.attentionexplainer.engine.tinygpt;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.attentionexplainer.engine.Tensor;

/**
 * The trained numbers of a tiny GPT, immutable. Matrices are in {@code x @ W} form (PyTorch's
 * {@code linear.weight.T}); there are no biases and no LayerNorm (see {@link TinyGpt}).
 *
 * @param config            the shape these numbers fill
 * @param tokenEmbedding    (v, d_model) E_tok, row i the vector of symbol i
 * @param positionEmbedding (p, d_model) E_pos, row i the vector of position i
 * @param layers            one set of attention matrices per layer
 * @param unembedding       (d_model, v) W_U: logits = x W_U
 */
public record GptWeights(GptConfig config, Tensor tokenEmbedding, Tensor positionEmbedding, List<Layer> layers,
        Tensor unembedding) {

    /** One layer's W_q, W_k, W_v (d_model, h·hd) and W_o (h·hd, d_model). */
    public record Layer(Tensor query, Tensor key, Tensor value, Tensor out) {
        List<Tensor> all() {
            return List.of(query, key, value, out);
        }
    }

    public GptWeights {
        layers = List.copyOf(layers);
        int v = config.vocab();
        int d = config.dModel();
        require("token embedding", tokenEmbedding, v, d);
        require("position embedding", positionEmbedding, config.positions(), d);
        require("unembedding", unembedding, d, v);
        if (layers.size() != config.layers()) {
            throw new IllegalArgumentException(layers.size() + " layers for a config of " + config.layers());
        }
        for (Layer layer : layers) {
            for (Tensor w : layer.all()) {
                require("attention matrix", w, d, d);
            }
        }
    }

    /**
     * Random starting weights, the same for the same seed: the embeddings N(0, 0.1²), so that
     * symbols and positions start distinct but small; the matrices N(0, 1/d_model), so that a
     * product keeps the scale of its input.
     */
    public static GptWeights initial(GptConfig config, long seed) {
        Random random = new Random(seed);
        int d = config.dModel();
        double matrixStd = 1.0 / Math.sqrt(d);
        Tensor tok = gaussian(random, 0.1, config.vocab(), d);
        Tensor pos = gaussian(random, 0.1, config.positions(), d);
        List<Layer> layers = new ArrayList<>();
        for (int l = 0; l < config.layers(); l++) {
            layers.add(new Layer(gaussian(random, matrixStd, d, d), gaussian(random, matrixStd, d, d),
                    gaussian(random, matrixStd, d, d), gaussian(random, matrixStd, d, d)));
        }
        Tensor unembed = gaussian(random, matrixStd, d, config.vocab());
        return new GptWeights(config, tok, pos, layers, unembed);
    }

    /** Every tensor in the order of the model file: E_tok, E_pos, per layer W_q W_k W_v W_o, W_U. */
    public List<Tensor> inFileOrder() {
        List<Tensor> all = new ArrayList<>();
        all.add(tokenEmbedding);
        all.add(positionEmbedding);
        for (Layer layer : layers) {
            all.addAll(layer.all());
        }
        all.add(unembedding);
        return all;
    }

    /** Weights of {@code config} from tensors in {@link #inFileOrder()}. */
    public static GptWeights fromFileOrder(GptConfig config, List<Tensor> tensors) {
        int expected = 3 + 4 * config.layers();
        if (tensors.size() != expected) {
            throw new IllegalArgumentException(tensors.size() + " tensors, expected " + expected);
        }
        List<Layer> layers = new ArrayList<>();
        for (int l = 0; l < config.layers(); l++) {
            int i = 2 + 4 * l;
            layers.add(new Layer(tensors.get(i), tensors.get(i + 1), tensors.get(i + 2), tensors.get(i + 3)));
        }
        return new GptWeights(config, tensors.get(0), tensors.get(1), layers, tensors.get(expected - 1));
    }

    /** The shapes of {@link #inFileOrder()} for a config, before any numbers exist. */
    public static List<int[]> shapesInFileOrder(GptConfig config) {
        int d = config.dModel();
        List<int[]> shapes = new ArrayList<>();
        shapes.add(new int[] {config.vocab(), d});
        shapes.add(new int[] {config.positions(), d});
        for (int i = 0; i < 4 * config.layers(); i++) {
            shapes.add(new int[] {d, d});
        }
        shapes.add(new int[] {d, config.vocab()});
        return shapes;
    }

    private static Tensor gaussian(Random random, double std, int rows, int cols) {
        float[] data = new float[rows * cols];
        for (int i = 0; i < data.length; i++) {
            data[i] = (float) (random.nextGaussian() * std);
        }
        return Tensor.of(data, rows, cols);
    }

    private static void require(String name, Tensor t, int rows, int cols) {
        if (t.rank() != 2 || t.dim(0) != rows || t.dim(1) != cols) {
            throw new IllegalArgumentException(name + " of shape " + t.shapeString() + ", expected (" + rows + ", "
                    + cols + ")");
        }
    }
}
