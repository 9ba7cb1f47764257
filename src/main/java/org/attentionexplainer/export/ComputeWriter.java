package org.attentionexplainer.export;

import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.MaskedRow;
import org.attentionexplainer.engine.Npy;
import org.attentionexplainer.engine.Tensor;

/**
 * Writes every intermediate of a trace into a folder as float32 {@code .npy} files plus a
 * {@code summary.json}. Files are written into a {@link Staging} folder first and moved in
 * only when all of them are complete, so a failure never leaves a half-written result.
 */
public final class ComputeWriter {
    private final JsonMapper mapper = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    /** The arrays of a trace by output name, in the order of the COMPUTE contract. */
    public static Map<String, Tensor> arrays(AttentionTrace trace) {
        Map<String, Tensor> m = new LinkedHashMap<>();
        m.put("q", trace.q());
        m.put("k", trace.k());
        m.put("v", trace.v());
        m.put("scores", trace.scores());
        m.put("logits", trace.logits());
        m.put("weights", trace.weights());
        m.put("heads", trace.heads());
        m.put("context", trace.context());
        m.put("output", trace.output());
        m.put("final", trace.result());
        if (trace.onlineMax() != null) {
            m.put("online_max", trace.onlineMax());
            m.put("online_sum", trace.onlineSum());
        }
        return m;
    }

    /** The names of the files {@link #write} makes for the direct algorithm, in name order. */
    public static List<String> fileNames() {
        return List.of("context.npy", "final.npy", "heads.npy", "k.npy", "logits.npy", "output.npy", "q.npy",
                "scores.npy", "summary.json", "v.npy", "weights.npy");
    }

    /** The names of the files {@link #write} makes for a spec, in name order: the tiled algorithm adds two. */
    public static List<String> fileNames(AttentionSpec spec) {
        if (!spec.algorithm().isTiled()) {
            return fileNames();
        }
        List<String> names = new java.util.ArrayList<>(fileNames());
        names.addAll(List.of("online_max.npy", "online_sum.npy"));
        names.sort(null);
        return List.copyOf(names);
    }

    /**
     * Writes the arrays and summary into {@code staging} and moves them all into its folder
     * together; returns the files, in name order.
     */
    public List<Path> write(AttentionTrace trace, Staging staging, double seconds, AtomicFiles.Existing existing)
            throws IOException {
        for (Map.Entry<String, Tensor> e : arrays(trace).entrySet()) {
            // straight into the staging folder: a temporary file of its own would make it private (rw-------)
            try (OutputStream out = Files.newOutputStream(staging.file(e.getKey() + ".npy"))) {
                Npy.write(out, e.getValue());
            }
        }
        mapper.writeValue(staging.file("summary.json").toFile(), summary(trace, seconds));
        return staging.commit(existing);
    }

    ObjectNode summary(AttentionTrace trace, double seconds) {
        AttentionSpec spec = trace.spec();
        ObjectNode root = mapper.createObjectNode();
        ObjectNode settings = root.putObject("settings");
        settings.put("projection", spec.projection().specValue());
        settings.put("self_attention", !spec.isCrossAttention());
        settings.put("heads", trace.headCount());
        settings.put("kv_heads", spec.kvHeadCount());
        settings.put("head_dim", trace.headDim());
        Object scale = spec.scale().specValue();
        if (scale instanceof Double d) {
            settings.put("scale", d);
        } else {
            settings.put("scale", scale.toString());
        }
        settings.put("scale_factor", trace.scaleFactor());
        settings.put("temperature", spec.temperature());
        settings.put("causal", spec.causal());
        if (spec.window() == null) {
            settings.putNull("window");
        } else {
            settings.put("window", spec.window());
        }
        settings.put("padding", spec.padding() != null);
        settings.put("normalization", spec.normalization().specValue());
        if (spec.dropout() == null) {
            settings.putNull("dropout");
        } else {
            settings.putObject("dropout").put("p", spec.dropout().p()).put("seed", spec.dropout().seed());
        }
        settings.put("output_projection", spec.outWeight() != null);
        settings.put("residual", spec.residual());
        if (spec.layerNorm() == null) {
            settings.putNull("layer_norm");
        } else {
            settings.putObject("layer_norm").put("eps", spec.layerNorm().eps())
                    .put("affine", spec.layerNorm().gamma() != null || spec.layerNorm().beta() != null);
        }
        if (spec.rope() == null) {
            settings.putNull("rope");
        } else {
            settings.putObject("rope").put("base", spec.rope().base()).put("style", spec.rope().style().specValue())
                    .put("offset", spec.rope().offset());
        }
        ObjectNode algorithm = settings.putObject("algorithm").put("kind", spec.algorithm().specValue());
        if (spec.algorithm().isTiled()) {
            algorithm.put("block_q", spec.algorithm().blockQ()).put("block_k", spec.algorithm().blockK())
                    .put("key_blocks", spec.algorithm().keyBlocks(trace.keyLength()));
        }
        ArrayNode tokens = root.putArray("tokens");
        trace.tokens().forEach(tokens::add);
        ArrayNode sourceTokens = root.putArray("source_tokens");
        trace.sourceTokens().forEach(sourceTokens::add);
        ObjectNode shapes = root.putObject("shapes");
        for (Map.Entry<String, Tensor> e : arrays(trace).entrySet()) {
            ArrayNode s = shapes.putArray(e.getKey());
            for (int d : e.getValue().shape()) {
                s.add(d);
            }
        }
        ArrayNode masked = root.putArray("fully_masked_rows");
        for (MaskedRow row : trace.fullyMaskedRows()) {
            masked.addObject().put("batch", row.batch()).put("query", row.query());
        }
        root.put("backend", trace.backend());
        root.put("seconds", seconds);
        return root;
    }
}
