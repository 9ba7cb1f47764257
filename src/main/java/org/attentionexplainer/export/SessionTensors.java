package org.attentionexplainer.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.LayerNormParams;
import org.attentionexplainer.engine.MessageText;
import org.attentionexplainer.engine.Projection;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.lesson.explorer.LoadedData;
import org.attentionexplainer.lesson.explorer.Tokenizer;

/**
 * The tensors a learner loaded, inside the session file: each tensor is its shape and its
 * float32 values, little-endian, in Base64 ({@code {"shape": [6, 3], "float32": "..."}}),
 * so that the session reopens the very same bits on any machine without the original
 * files. A COMPUTE spec keeps what the explorer does not set itself: inputs, token labels,
 * projection with biases, output projection, residual and LayerNorm. Reading checks every
 * shape, size and value before anything is used.
 */
final class SessionTensors {
    /** The most values one session may carry: 64 Mi (256 MB of float32, more than any file below the size limit). */
    static final long MAX_VALUES = 64L << 20;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private SessionTensors() {
    }

    static JsonNode write(LoadedData d) {
        ObjectNode o = NODES.objectNode();
        o.put("name", d.name());
        if (d.spec() != null) {
            o.set("spec", spec(d.spec()));
        }
        if (d.input() != null) {
            o.set("input", tensor(d.input()));
        }
        if (d.weights() != null) {
            o.set("weights", projection(d.weights()));
        }
        return o;
    }

    private static ObjectNode spec(AttentionSpec s) {
        ObjectNode o = NODES.objectNode();
        o.set("input", tensor(s.input()));
        putTensor(o, "source", s.source());
        putStrings(o, "tokens", s.tokens());
        putStrings(o, "sourceTokens", s.sourceTokens());
        o.set("projection", projection(s.projection()));
        putTensor(o, "outWeight", s.outWeight());
        putTensor(o, "outBias", s.outBias());
        o.put("residual", s.residual());
        if (s.layerNorm() != null) {
            ObjectNode ln = o.putObject("layerNorm");
            putTensor(ln, "gamma", s.layerNorm().gamma());
            putTensor(ln, "beta", s.layerNorm().beta());
            ln.put("eps", s.layerNorm().eps());
        }
        return o;
    }

    private static ObjectNode projection(Projection p) {
        ObjectNode o = NODES.objectNode();
        o.put("kind", p.specValue());
        if (p instanceof Projection.Separate s) {
            o.set("query", tensor(s.query()));
            o.set("key", tensor(s.key()));
            o.set("value", tensor(s.value()));
            putTensor(o, "queryBias", s.queryBias());
            putTensor(o, "keyBias", s.keyBias());
            putTensor(o, "valueBias", s.valueBias());
        } else if (p instanceof Projection.Fused f) {
            o.set("qkv", tensor(f.qkv()));
            putTensor(o, "qkvBias", f.qkvBias());
        }
        return o;
    }

    private static void putTensor(ObjectNode o, String field, Tensor t) {
        if (t != null) {
            o.set(field, tensor(t));
        }
    }

    private static void putStrings(ObjectNode o, String field, List<String> values) {
        if (values != null) {
            ArrayNode a = o.putArray(field);
            values.forEach(a::add);
        }
    }

    static ObjectNode tensor(Tensor t) {
        ObjectNode o = NODES.objectNode();
        ArrayNode shape = o.putArray("shape");
        for (int d : t.shape()) {
            shape.add(d);
        }
        float[] v = t.toArray();
        ByteBuffer bytes = ByteBuffer.allocate(4 * v.length).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asFloatBuffer().put(v);
        o.put("float32", Base64.getEncoder().encodeToString(bytes.array()));
        return o;
    }

    /** The loaded data of a session's {@code loaded} field; absent or null is none. */
    static LoadedData read(JsonNode node) throws SpecException {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return LoadedData.NONE;
        }
        if (!node.isObject()) {
            throw new SpecException("loaded", "export.field.object");
        }
        String name = node.path("name").isTextual() ? node.get("name").asText() : "session";
        AttentionSpec spec = node.has("spec") ? spec(node.get("spec")) : null;
        Tensor input = node.has("input") ? input(node.get("input"), "loaded.input") : null;
        Projection weights = node.has("weights") ? projection(node.get("weights"), "loaded.weights") : null;
        if (spec != null && (input != null || weights != null)) {
            throw new SpecException("loaded", "export.session.specAlone");
        }
        LoadedData d = new LoadedData(name, spec, input, weights);
        if (d.isEmpty()) {
            throw new SpecException("loaded", "export.session.nothingLoaded");
        }
        return d;
    }

    private static AttentionSpec spec(JsonNode o) throws SpecException {
        object(o, "loaded.spec");
        AttentionSpec.Builder b = AttentionSpec.builder(input(required(o, "input", "loaded.spec"), "loaded.spec.input"))
                .projection(projection(required(o, "projection", "loaded.spec"), "loaded.spec.projection"))
                .residual(o.path("residual").asBoolean(false));
        if (o.has("source")) {
            b.source(input(o.get("source"), "loaded.spec.source"));
        }
        b.tokens(strings(o, "tokens")).sourceTokens(strings(o, "sourceTokens"));
        b.outProjection(optional(o, "outWeight", "loaded.spec", 2), optional(o, "outBias", "loaded.spec", 1));
        if (o.has("layerNorm")) {
            JsonNode ln = object(o.get("layerNorm"), "loaded.spec.layerNorm");
            double eps = ln.path("eps").asDouble(Double.NaN);
            if (!(eps > 0 && Double.isFinite(eps))) {
                throw new SpecException("loaded.spec.layerNorm.eps", "export.session.eps");
            }
            b.layerNorm(new LayerNormParams(optional(ln, "gamma", "loaded.spec.layerNorm", 1),
                    optional(ln, "beta", "loaded.spec.layerNorm", 1), eps));
        }
        return b.build();
    }

    private static Projection projection(JsonNode o, String field) throws SpecException {
        object(o, field);
        String kind = o.path("kind").asText("");
        return switch (kind) {
            case "identity" -> new Projection.Identity();
            case "separate" -> new Projection.Separate(matrix(o, "query", field), matrix(o, "key", field),
                    matrix(o, "value", field), optional(o, "queryBias", field, 1), optional(o, "keyBias", field, 1),
                    optional(o, "valueBias", field, 1));
            case "fused" -> new Projection.Fused(matrix(o, "qkv", field), optional(o, "qkvBias", field, 1));
            default -> throw new SpecException(field + ".kind", "export.spec.projection", MessageText.quote(kind));
        };
    }

    private static List<String> strings(JsonNode o, String field) throws SpecException {
        if (!o.has(field) || o.get(field).isNull()) {
            return null;
        }
        if (!o.get(field).isArray()) {
            throw new SpecException("loaded.spec." + field, "export.session.labels");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode n : o.get(field)) {
            out.add(n.asText());
        }
        return out;
    }

    /** Token vectors: (t, d) or (b, t, d), at most {@link Tokenizer#MAX_TOKENS} positions. */
    private static Tensor input(JsonNode node, String field) throws SpecException {
        Tensor x = tensor(node, field);
        if (x.rank() != 2 && x.rank() != 3) {
            throw new SpecException(field, "engine.spec.inputShape", x.shapeString());
        }
        if (x.dim(-2) < 1 || x.dim(-1) < 1 || x.dim(-2) > Tokenizer.MAX_TOKENS) {
            throw new SpecException(field, "export.session.positions", x.shapeString(),
                    String.valueOf(Tokenizer.MAX_TOKENS));
        }
        return x;
    }

    private static Tensor matrix(JsonNode o, String name, String field) throws SpecException {
        Tensor t = optional(o, name, field, 2);
        if (t == null) {
            throw new SpecException(field + "." + name, "export.session.missing");
        }
        return t;
    }

    /** The tensor {@code name} of {@code o} of the given rank, or null when absent. */
    private static Tensor optional(JsonNode o, String name, String field, int rank) throws SpecException {
        if (!o.has(name) || o.get(name).isNull()) {
            return null;
        }
        Tensor t = tensor(o.get(name), field + "." + name);
        if (t.rank() != rank) {
            throw new SpecException(field + "." + name, "export.session.rank", t.shapeString(), rank);
        }
        return t;
    }

    static Tensor tensor(JsonNode node, String field) throws SpecException {
        object(node, field);
        JsonNode shape = node.path("shape");
        if (!shape.isArray() || shape.size() == 0 || shape.size() > 4) {
            throw new SpecException(field + ".shape", "export.session.shape");
        }
        int[] dims = new int[shape.size()];
        long count = 1;
        for (int i = 0; i < dims.length; i++) {
            JsonNode d = shape.get(i);
            if (!d.canConvertToInt() || !d.isIntegralNumber() || d.asInt() < 0) {
                throw new SpecException(field + ".shape", "export.session.sizes", MessageText.quote(shape.toString()));
            }
            dims[i] = d.asInt();
            count *= dims[i];
            if (count > MAX_VALUES) {
                throw new SpecException(field, "export.session.tooManyValues", shape.toString(),
                        String.valueOf(MAX_VALUES));
            }
        }
        JsonNode data = node.path("float32");
        if (!data.isTextual()) {
            throw new SpecException(field + ".float32", "export.session.noValues");
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(data.asText());
        } catch (IllegalArgumentException e) {
            throw new SpecException(field + ".float32", "export.session.base64", String.valueOf(e.getMessage()));
        }
        if (bytes.length != 4 * count) {
            throw new SpecException(field, "export.session.valueCount", String.valueOf(bytes.length / 4),
                    shape.toString(), String.valueOf(count));
        }
        float[] v = new float[(int) count];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(v);
        for (int i = 0; i < v.length; i++) {
            if (!Float.isFinite(v[i])) {
                throw new SpecException(field, "export.session.notFinite", String.valueOf(i + 1),
                        String.valueOf(v.length), String.valueOf(v[i]));
            }
        }
        return Tensor.of(v, dims);
    }

    private static JsonNode required(JsonNode o, String name, String field) throws SpecException {
        if (!o.has(name) || o.get(name).isNull()) {
            throw new SpecException(field + "." + name, "export.session.missing");
        }
        return o.get(name);
    }

    private static JsonNode object(JsonNode node, String field) throws SpecException {
        if (node == null || !node.isObject()) {
            throw new SpecException(field, "export.field.object");
        }
        return node;
    }
}
