package org.attentionexplainer.export;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.CharConversionException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.AccessDeniedException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.Dropout;
import org.attentionexplainer.engine.InvalidSpecException;
import org.attentionexplainer.engine.LayerNormParams;
import org.attentionexplainer.engine.Memory;
import org.attentionexplainer.engine.MessageText;
import org.attentionexplainer.engine.Normalization;
import org.attentionexplainer.engine.Npy;
import org.attentionexplainer.engine.UnusableFile;
import org.attentionexplainer.engine.Projection;
import org.attentionexplainer.engine.Scale;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.engine.TorchRandom;
import org.attentionexplainer.engine.Worded;

/**
 * Reads a COMPUTE spec (see the README's "compute" section): JSON with arrays given inline or
 * as {@code .npy} paths relative to the spec file, into an engine {@link AttentionSpec}.
 */
public final class ComputeSpecReader {
    /** Spec files larger than this are refused before parsing. */
    public static final long MAX_SPEC_BYTES = 64L << 20;
    private static final Set<String> FIELDS = Set.of("tokens", "input", "source", "source_tokens", "projection",
            "weights", "init", "heads", "scale", "temperature", "causal", "window", "padding", "normalization",
            "dropout", "residual", "layer_norm", "kv_heads", "rope", "algorithm");
    private static final Set<String> WEIGHT_FIELDS = Set.of("query", "key", "value", "query_bias", "key_bias",
            "value_bias", "qkv", "qkv_bias", "out", "out_bias");
    /** The longest .npy path a spec may give; file systems allow 255 bytes a name. */
    static final int MAX_PATH_TEXT = 200;
    /** The most weights an init draws: 64 Mi values, 256 MB of float32, as a session holds at most. */
    static final long MAX_INIT_VALUES = SessionTensors.MAX_VALUES;
    private static final Set<String> INIT_FIELDS = Set.of("seed", "scheme", "d_out", "qkv_bias", "out", "out_bias");

    private final JsonMapper mapper = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();
    private final List<Path> inputFiles = new ArrayList<>();

    public AttentionSpec read(Path specFile) throws SpecException {
        inputFiles.clear();
        inputFiles.add(specFile);
        JsonNode root;
        try {
            if (Files.isDirectory(specFile)) {
                throw new SpecException(specFile.toString(), "export.spec.folder");
            }
            long size = Files.size(specFile);
            if (size > MAX_SPEC_BYTES) {
                throw new SpecException(specFile.toString(), "export.spec.tooLarge", String.valueOf(size),
                        String.valueOf(MAX_SPEC_BYTES));
            }
            root = readOneValue(specFile);
        } catch (NoSuchFileException e) {
            throw new SpecException(specFile.toString(), "export.file.noSuchFile");
        } catch (AccessDeniedException e) {
            throw new SpecException(specFile.toString(), "export.file.denied");
        } catch (JsonProcessingException e) {
            throw new SpecException(specFile.toString(), e instanceof StreamConstraintsException ? jsonProblem(e)
                    : JsonFieldErrors.syntax(e));
        } catch (CharConversionException e) {
            throw new SpecException(specFile.toString(), "export.json.encoding", MessageText.oneLine(e.getMessage()));
        } catch (IOException e) {
            throw new SpecException(specFile.toString(), "export.file.cannotRead", String.valueOf(e.getMessage()));
        }
        Path base = specFile.toAbsolutePath().getParent();
        try {
            return parse(root, base);
        } catch (InvalidSpecException e) {
            throw SpecException.of(e);
        }
    }

    /** The spec file and the .npy files it named, as read by the last {@link #read}. */
    public List<Path> inputFiles() {
        return List.copyOf(inputFiles);
    }

    /** The JSON value of the file; text after it (a second object, a stray brace) is an error, not ignored. */
    private JsonNode readOneValue(Path specFile) throws IOException, SpecException {
        try (JsonParser p = mapper.createParser(specFile.toFile())) {
            JsonNode root = mapper.readTree(p);
            JsonLocation after;
            try {
                if (p.nextToken() == null) {
                    return root;
                }
                after = p.currentTokenLocation();
            } catch (JsonProcessingException e) {
                after = e.getLocation();
            }
            Worded.Phrase textAfter = new Worded.Phrase("export.spec.textAfterEnd");
            throw new SpecException(specFile.toString(), after == null
                    ? new Worded.Phrase("export.json.syntax", textAfter)
                    : new Worded.Phrase("export.json.syntaxAt", String.valueOf(after.getLineNr()),
                    String.valueOf(after.getColumnNr()), textAfter));
        }
    }

    /**
     * Jackson's problem in one line. Its reader limits (nesting over 1000 deep, a number of over
     * 1000 digits) come without a location and name the setting that sets them.
     */
    public static Worded jsonProblem(JsonProcessingException e) {
        if (e instanceof StreamConstraintsException) {
            return new Worded.Phrase("export.json.limit", e.getOriginalMessage().replaceAll(", from `[^`]*`", ""));
        }
        JsonLocation at = e.getLocation();
        return at == null ? new Worded.Phrase("export.json.syntax", e.getOriginalMessage())
                : new Worded.Phrase("export.json.syntaxAt", String.valueOf(at.getLineNr()),
                String.valueOf(at.getColumnNr()), e.getOriginalMessage());
    }

    /** Parses a spec tree; relative paths resolve against {@code base}. */
    public AttentionSpec parse(JsonNode root, Path base) throws SpecException {
        if (root == null || !root.isObject()) {
            throw new SpecException("spec", "export.spec.jsonObject");
        }
        checkKeys(root, FIELDS, "");
        Tensor input = array(root, "input", base, true);
        Tensor source = array(root, "source", base, false);
        AttentionSpec.Builder b = AttentionSpec.builder(input).source(source)
                .tokens(strings(root, "tokens"))
                .sourceTokens(strings(root, "source_tokens"));

        JsonNode weights = root.path("weights");
        if (!weights.isMissingNode() && !weights.isObject()) {
            throw new SpecException("weights", "export.field.object");
        }
        checkKeys(weights, WEIGHT_FIELDS, "weights.");
        int heads = integer(root, "heads", 1);
        Integer kvHeads = null;
        if (root.hasNonNull("kv_heads")) {
            kvHeads = integer(root, "kv_heads", 0);
            if (kvHeads < 1) {
                throw new SpecException("kv_heads", "engine.spec.atLeastOne", String.valueOf(kvHeads));
            }
        }
        JsonNode init = root.path("init");
        String projection = text(root, "projection", null);
        if (projection == null) {
            projection = weights.has("query") || init.isObject() ? "separate"
                    : weights.has("qkv") ? "fused" : "identity";
        }
        if (init.isObject()) {
            checkKeys(init, INIT_FIELDS, "init.");
            if (weights.size() > 0) {
                throw new SpecException("init", "export.spec.initOrWeights");
            }
            applyInit(b, init, projection, input, source, heads, kvHeads);
        } else if (!init.isMissingNode()) {
            throw new SpecException("init", "export.field.object");
        } else {
            b.projection(switch (projection) {
                case "identity" -> new Projection.Identity();
                case "separate" -> new Projection.Separate(
                        array(weights, "weights.query", "query", base, true),
                        array(weights, "weights.key", "key", base, true),
                        array(weights, "weights.value", "value", base, true),
                        vector(weights, "weights.query_bias", "query_bias", base),
                        vector(weights, "weights.key_bias", "key_bias", base),
                        vector(weights, "weights.value_bias", "value_bias", base));
                case "fused" -> new Projection.Fused(
                        array(weights, "weights.qkv", "qkv", base, true),
                        vector(weights, "weights.qkv_bias", "qkv_bias", base));
                default -> throw new SpecException("projection", "export.spec.projection",
                        MessageText.quote(projection));
            });
            b.outProjection(array(weights, "weights.out", "out", base, false),
                    vector(weights, "weights.out_bias", "out_bias", base));
        }

        b.heads(heads).kvHeads(kvHeads);
        b.rope(SpecExtensions.rope(root.path("rope")));
        b.algorithm(SpecExtensions.algorithm(root.path("algorithm")));
        b.scale(scale(root.path("scale")));
        b.temperature(number(root, "temperature", 1.0));
        b.causal(bool(root, "causal", false));
        if (root.hasNonNull("window")) {
            b.window(integer(root, "window", 0));
        }
        b.padding(array(root, "padding", base, false));
        String norm = text(root, "normalization", "softmax");
        b.normalization(switch (norm) {
            case "softmax" -> Normalization.SOFTMAX;
            case "hardmax" -> Normalization.HARDMAX;
            default -> throw new SpecException("normalization", "export.spec.normalization", MessageText.quote(norm));
        });
        JsonNode dropout = root.path("dropout");
        if (dropout.isObject()) {
            checkKeys(dropout, Set.of("p", "seed"), "dropout.");
            b.dropout(new Dropout(number(dropout, "p", "dropout.p", Double.NaN),
                    (long) number(dropout, "seed", "dropout.seed", 0)));
        } else if (!dropout.isMissingNode() && !dropout.isNull()) {
            throw new SpecException("dropout", "export.spec.dropoutObject");
        }
        b.residual(bool(root, "residual", false));
        JsonNode ln = root.path("layer_norm");
        if (ln.isObject()) {
            checkKeys(ln, Set.of("gamma", "beta", "eps"), "layer_norm.");
            b.layerNorm(new LayerNormParams(vector(ln, "layer_norm.gamma", "gamma", base),
                    vector(ln, "layer_norm.beta", "beta", base), number(ln, "eps", "layer_norm.eps", 1e-5)));
        } else if (ln.isBoolean() && ln.booleanValue()) {
            b.layerNorm(LayerNormParams.defaults());
        } else if (!ln.isMissingNode() && !ln.isNull() && !(ln.isBoolean())) {
            throw new SpecException("layer_norm", "export.spec.layerNormObject");
        }
        try {
            return b.build();
        } catch (InvalidSpecException e) {
            throw SpecException.of(e);
        }
    }

    private static void applyInit(AttentionSpec.Builder b, JsonNode init, String projection, Tensor input,
                                  Tensor source, int heads, Integer kvHeads) throws SpecException {
        if (!init.has("seed")) {
            throw new SpecException("init.seed", "engine.spec.missing");
        }
        long seed = init.get("seed").asLong();
        String scheme = init.path("scheme").asText("torch_linear");
        double dOutValue = number(init, "d_out", "init.d_out", Double.NaN);
        String written = MessageText.quote(init.get("d_out").asText());
        if (dOutValue < 1 || dOutValue != Math.rint(dOutValue)) {
            throw new SpecException("init.d_out", "export.spec.dOut", written);
        }
        int dIn = input.dim(-1);
        int dSrc = source == null ? dIn : source.dim(-1);
        // the values the init draws: Q from the input, K and V from the source, and the output projection
        double values = dOutValue * (dIn + 2.0 * dSrc) + (bool(init, "out", false) ? dOutValue * dOutValue : 0);
        if (values > MAX_INIT_VALUES) {
            throw new SpecException("init.d_out", "export.spec.initValues", written, String.valueOf(MAX_INIT_VALUES));
        }
        int dOut = (int) dOutValue;
        boolean qkvBias = bool(init, "qkv_bias", false);
        requireInitRoom(dOutValue, dIn, dSrc, projection.equals("fused"), bool(init, "out", false));
        int dKv = SpecExtensions.keyValueWidth(dOut, heads, kvHeads);
        TorchRandom rng = new TorchRandom(seed);
        switch (scheme) {
            case "torch_rand" -> {
                if (!projection.equals("separate")) {
                    throw new SpecException("init.scheme", "export.spec.torchRand", MessageText.quote(projection));
                }
                b.projection(new Projection.Separate(rng.rand(dIn, dOut), rng.rand(dSrc, dKv), rng.rand(dSrc, dKv)));
            }
            case "torch_linear" -> {
                if (projection.equals("fused")) {
                    TorchRandom.Linear qkv = rng.linear(dIn, dOut + 2 * dKv, qkvBias);
                    b.projection(new Projection.Fused(qkv.weight(), qkv.bias()));
                } else if (projection.equals("separate")) {
                    TorchRandom.Linear q = rng.linear(dIn, dOut, qkvBias);
                    TorchRandom.Linear k = rng.linear(dSrc, dKv, qkvBias);
                    TorchRandom.Linear v = rng.linear(dSrc, dKv, qkvBias);
                    b.projection(new Projection.Separate(q.weight(), k.weight(), v.weight(),
                            q.bias(), k.bias(), v.bias()));
                } else {
                    throw new SpecException("projection", "export.spec.initProjection", MessageText.quote(projection));
                }
            }
            default -> throw new SpecException("init.scheme", "export.spec.scheme", MessageText.quote(scheme));
        }
        if (bool(init, "out", false)) {
            TorchRandom.Linear out = rng.linear(dOut, dOut, bool(init, "out_bias", true));
            b.outProjection(out.weight(), out.bias());
        }
    }

    /**
     * Refuses, before drawing them, seeded weights that cannot be Java arrays or do not fit in
     * the heap: every weight and bias, and the largest weight once more, which PyTorch's layout
     * holds while it is turned into x @ W form.
     */
    private static void requireInitRoom(double dOut, int dIn, int dSrc, boolean fused, boolean out)
            throws SpecException {
        // in doubles: a d_out of 2^31 or more would overflow long products of the widths
        double[] weights = fused ? new double[] {3.0 * dIn * dOut} : new double[] {dIn * dOut, dSrc * dOut, dSrc * dOut};
        double largest = out ? dOut * dOut : 0;
        double values = 4 * dOut + largest;
        for (double w : weights) {
            values += w;
            largest = Math.max(largest, w);
        }
        String d = String.valueOf((long) dOut);
        if (largest > Memory.MAX_ARRAY) {
            throw new SpecException("init.d_out", "export.spec.initArray", d, String.format(Locale.ROOT, "%.0f",
                    largest));
        }
        long bytes = (long) (4 * (values + largest));
        if (!Memory.fits(bytes)) {
            throw new SpecException("init.d_out", "export.spec.initMemory", d, String.valueOf(Memory.mib(bytes)),
                    String.valueOf(Memory.usable() >> 20), String.valueOf(Runtime.getRuntime().maxMemory() >> 20));
        }
    }

    private static Scale scale(JsonNode node) throws SpecException {
        if (node.isMissingNode() || node.isNull()) {
            return Scale.inverseSqrtDk();
        }
        if (node.isNumber()) {
            double f = node.asDouble();
            if (!(f > 0 && Double.isFinite(f))) {
                throw new SpecException("scale", "engine.spec.positive", MessageText.quote(node.asText()));
            }
            return Scale.of(f);
        }
        return switch (node.asText()) {
            case "inverse_sqrt_dk" -> Scale.inverseSqrtDk();
            case "none" -> Scale.none();
            default -> throw new SpecException("scale", "export.spec.scale", MessageText.quote(node.toString()));
        };
    }

    private Tensor array(JsonNode parent, String key, Path base, boolean required) throws SpecException {
        return array(parent, key, key, base, required);
    }

    private Tensor vector(JsonNode parent, String field, String key, Path base) throws SpecException {
        Tensor t = array(parent, field, key, base, false);
        if (t != null && t.rank() != 1) {
            throw new SpecException(field, "export.spec.vector", t.shapeString());
        }
        return t;
    }

    private Tensor array(JsonNode parent, String field, String key, Path base, boolean required) throws SpecException {
        JsonNode node = parent.path(key);
        if (node.isMissingNode() || node.isNull()) {
            if (required) {
                throw new SpecException(field, "engine.spec.missing");
            }
            return null;
        }
        if (node.isTextual()) {
            String written = node.asText();
            if (written.length() > MAX_PATH_TEXT) {
                throw new SpecException(field, "export.spec.pathLength", String.valueOf(written.length()),
                        MessageText.quote(written), String.valueOf(MAX_PATH_TEXT));
            }
            Path file;
            try {
                file = base.resolve(written);
            } catch (InvalidPathException e) {
                throw new SpecException(field, "export.spec.notPath", MessageText.quote(written));
            }
            inputFiles.add(file);
            try {
                return Npy.read(file);
            } catch (UnusableFile e) {
                // worded as an argument, so that the file's name stays in the message in every language
                throw new SpecException(field, "engine.spec.plain", e);
            } catch (IOException e) {
                throw new SpecException(field, "engine.spec.plain", String.valueOf(e.getMessage()));
            }
        }
        if (node.isArray()) {
            return InlineArrays.toTensor(node, field);
        }
        throw new SpecException(field, "export.spec.array");
    }

    private static List<String> strings(JsonNode root, String key) throws SpecException {
        JsonNode node = root.path(key);
        if (node.isMissingNode() || node.isNull()) {
            return null;
        }
        if (!node.isArray()) {
            throw new SpecException(key, "export.spec.strings");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode n : node) {
            out.add(n.asText());
        }
        return out;
    }

    private static String text(JsonNode root, String key, String dflt) throws SpecException {
        return text(root, key, key, dflt);
    }

    static String text(JsonNode parent, String key, String field, String dflt) throws SpecException {
        JsonNode node = parent.path(key);
        if (node.isMissingNode() || node.isNull()) {
            return dflt;
        }
        if (!node.isTextual()) {
            throw new SpecException(field, "export.spec.string", MessageText.quote(node.toString()));
        }
        return node.asText();
    }

    private static int integer(JsonNode root, String key, int dflt) throws SpecException {
        return integer(root, key, key, dflt);
    }

    /** A whole number; {@code dflt} NaN makes it required. */
    static int integer(JsonNode parent, String key, String field, double dflt) throws SpecException {
        double d = number(parent, key, field, dflt);
        if (d != Math.rint(d) || Math.abs(d) > Integer.MAX_VALUE) {
            throw new SpecException(field, "export.spec.whole", MessageText.quote(parent.path(key).toString()));
        }
        return (int) d;
    }

    private static double number(JsonNode root, String key, double dflt) throws SpecException {
        return number(root, key, key, dflt);
    }

    static double number(JsonNode parent, String key, String field, double dflt) throws SpecException {
        JsonNode node = parent.path(key);
        if (node.isMissingNode() || node.isNull()) {
            if (Double.isNaN(dflt)) {
                throw new SpecException(field, "engine.spec.missing");
            }
            return dflt;
        }
        if (!node.isNumber()) {
            throw new SpecException(field, "export.spec.number", MessageText.quote(node.toString()));
        }
        double d = node.asDouble();
        if (!Double.isFinite(d)) {
            throw new SpecException(field, "export.spec.finite", MessageText.quote(node.asText()));
        }
        return d;
    }

    private static boolean bool(JsonNode root, String key, boolean dflt) throws SpecException {
        JsonNode node = root.path(key);
        if (node.isMissingNode() || node.isNull()) {
            return dflt;
        }
        if (!node.isBoolean()) {
            throw new SpecException(key, "export.spec.bool", MessageText.quote(node.toString()));
        }
        return node.asBoolean();
    }

    static void checkKeys(JsonNode node, Set<String> allowed, String prefix) throws SpecException {
        if (!node.isObject()) {
            return;
        }
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            boolean ignorable = prefix.isEmpty() && (name.startsWith("expect") || name.startsWith("_")
                    || name.equals("description") || name.equals("comment"));
            if (!allowed.contains(name) && !ignorable) {
                throw new SpecException(prefix + MessageText.quote(name), "export.spec.unknownField",
                        String.join(", ", new java.util.TreeSet<>(allowed)));
            }
        }
    }
}
