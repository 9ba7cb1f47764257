package org.attentionexplainer.engine.model;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleConsumer;
import org.attentionexplainer.engine.MessageText;
import org.attentionexplainer.engine.NdArrays;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.Worded;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * A model's weights by their Hugging Face names, in one safetensors file or several shards.
 * Names are given without the prefix of the head the checkpoint was saved with
 * ({@code bert.}, {@code transformer.}): it is found once from a name every model of the
 * family has. Every value read is checked (see {@link #MAX_WEIGHT}); reading reports the
 * fraction of the planned bytes done and stops when asked to.
 */
public final class Checkpoint implements AutoCloseable {
    /**
     * The largest weight magnitude accepted, as for the built-in model: within it no sum of a
     * BERT-base or GPT-2 forward pass nears float32's range; beyond it, or NaN, the file is damaged.
     */
    public static final float MAX_WEIGHT = 1000f;

    private final List<SafeTensors> files;
    private final Map<String, SafeTensors> byName = new LinkedHashMap<>();
    private final String fileNames;
    private String prefix = "";
    private BooleanSupplier cancelled = () -> false;
    private DoubleConsumer progress = f -> { };
    private long plannedValues = 1;
    private long doneValues;

    /** @param files the shards (one for model.safetensors); a name found in two is refused */
    public Checkpoint(List<SafeTensors> files) {
        this.files = List.copyOf(files);
        List<String> names = new ArrayList<>();
        for (SafeTensors f : files) {
            names.add(f.fileName());
            for (String name : f.entries().keySet()) {
                SafeTensors other = byName.putIfAbsent(name, f);
                if (other != null) {
                    throw new ModelFormatException("engine.model.ck.twice", f.fileName(), tensor(name),
                            other.fileName());
                }
            }
        }
        this.fileNames = String.join(", ", names);
    }

    /**
     * Finds the prefix from a name every model of the family has (the word embeddings): the
     * shortest one before it.
     *
     * @throws ModelFormatException if no tensor ends with it
     */
    public void findPrefix(String anchor, Worded family) {
        String best = null;
        for (String name : byName.keySet()) {
            if (name.endsWith(anchor) && (name.length() == anchor.length()
                    || name.charAt(name.length() - anchor.length() - 1) == '.')) {
                String p = name.substring(0, name.length() - anchor.length());
                if (best == null || p.length() < best.length()) {
                    best = p;
                }
            }
        }
        if (best == null) {
            throw new ModelFormatException("engine.model.ck.noAnchor", fileNames, anchor, family);
        }
        prefix = best;
    }

    /** Reading stops with a CancellationException once this says so. */
    public void onCancel(BooleanSupplier cancelled) {
        this.cancelled = cancelled;
    }

    /** Told the fraction of {@code values} read so far, as reading goes on. */
    public void planProgress(long values, DoubleConsumer progress) {
        this.plannedValues = Math.max(1, values);
        this.doneValues = 0;
        this.progress = progress;
    }

    /** The tensor's full name in the files. */
    public String fullName(String name) {
        return prefix + name;
    }

    /** Whether the checkpoint has the tensor (name without the prefix). */
    public boolean has(String name) {
        return byName.containsKey(prefix + name);
    }

    /**
     * Checks that the tensor exists with this shape, without reading it.
     *
     * @throws ModelFormatException naming the file and the tensor otherwise
     */
    public SafeTensors.Entry require(String name, long... shape) {
        SafeTensors file = byName.get(prefix + name);
        if (file == null) {
            throw new ModelFormatException("engine.model.ck.missing", fileNames, tensor(prefix + name));
        }
        SafeTensors.Entry e = file.entry(prefix + name).orElseThrow();
        if (!Arrays.equals(e.shape(), shape)) {
            throw new ModelFormatException("engine.model.ck.shape", file.fileName(), tensor(e.name()), e.shapeText(),
                    Arrays.toString(shape));
        }
        return e;
    }

    /** The tensor, of the given shape, as an off-heap float32 array. */
    public INDArray array(String name, long... shape) throws IOException {
        SafeTensors.Entry e = require(name, shape);
        SafeTensors file = byName.get(e.name());
        INDArray a = NdArrays.filled(shape, into -> file.readFloats(e, into, MAX_WEIGHT, cancelled));
        advance(e.values());
        return a;
    }

    /** A vector tensor of n values on the heap (biases, LayerNorm parameters). */
    public Tensor vector(String name, int n) throws IOException {
        SafeTensors.Entry e = require(name, n);
        float[] values = byName.get(e.name()).floats(e, MAX_WEIGHT);
        advance(e.values());
        return Tensor.of(values, n);
    }

    private void advance(long values) {
        doneValues += values;
        progress.accept(Math.min(1.0, (double) doneValues / plannedValues));
    }

    @Override
    public void close() throws IOException {
        IOException first = null;
        for (SafeTensors f : files) {
            try {
                f.close();
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private static String tensor(String name) {
        return SafeTensors.tensor(name);
    }
}
