package org.attentionexplainer.engine.model;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import org.attentionexplainer.engine.MessageText;

/**
 * The parts of a Hugging Face config.json that fix a model's shape and arithmetic, for the two
 * families the app runs: BERT-style encoders ({@code model_type} bert: post-norm, exact GELU)
 * and GPT-2-style decoders ({@code gpt2}: pre-norm, GELU's tanh approximation, causal).
 *
 * @param family       which forward pass the weights belong to
 * @param vocabSize    rows of the token embedding table
 * @param hidden       d_model
 * @param layers       transformer blocks
 * @param heads        attention heads per block; hd = hidden / heads
 * @param intermediate width of the feed-forward layer
 * @param maxPositions rows of the learned position table: the longest input
 * @param typeVocabSize rows of BERT's token type table (1 for GPT-2, which has none)
 * @param layerNormEps epsilon of every LayerNorm
 * @param padTokenId   the id that fills a shorter text's positions in a batch (hidden by the mask)
 * @param exactGelu    x/2 (1 + erf(x / sqrt 2)) when true, else GPT-2's tanh approximation
 * @param scaleByLayer GPT-2's scale_attn_by_inverse_layer_idx: layer l's scores also divided by l + 1
 */
public record ModelConfig(Family family, int vocabSize, int hidden, int layers, int heads, int intermediate,
        int maxPositions, int typeVocabSize, double layerNormEps, int padTokenId, boolean exactGelu,
        boolean scaleByLayer) {

    /** The architectures the app can run. */
    public enum Family {
        /** BERT and its small variants (all-MiniLM is one): {@code model_type} bert. */
        BERT,
        /** GPT-2 and DistilGPT-2: {@code model_type} gpt2. */
        GPT2
    }

    public static final String FILE = "config.json";

    public int headDim() {
        return hidden / heads;
    }

    /**
     * Reads config.json.
     *
     * @param fileName how messages name the file
     * @throws ModelFormatException naming the file and the field when it is not JSON, names an
     *     architecture the app does not run, or lacks or misstates a size
     */
    public static ModelConfig read(InputStream in, String fileName) throws IOException {
        JsonNode root;
        try {
            root = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).readTree(in);
        } catch (JsonProcessingException e) {
            throw new ModelFormatException("engine.model.notJson", fileName, MessageText.oneLine(e.getOriginalMessage()));
        } catch (java.io.CharConversionException e) {
            throw new ModelFormatException("engine.model.config.notText", fileName, MessageText.oneLine(e.getMessage()));
        }
        if (root == null || !root.isObject()) {
            throw new ModelFormatException("engine.model.notObject", fileName);
        }
        Fields f = new Fields(root, fileName);
        JsonNode type = root.path("model_type");
        if (!type.isTextual()) {
            throw new ModelFormatException("engine.model.config.noType", fileName);
        }
        return switch (type.asText().toLowerCase(Locale.ROOT)) {
            case "bert" -> bert(f);
            case "gpt2" -> gpt2(f);
            default -> throw new ModelFormatException("engine.model.config.type", fileName,
                    MessageText.quote(type.asText()));
        };
    }

    private static ModelConfig bert(Fields f) {
        String act = f.text("hidden_act", "gelu");
        if (!act.equals("gelu")) {
            throw f.problem("engine.model.config.hiddenAct", MessageText.quote(act));
        }
        String positions = f.text("position_embedding_type", "absolute");
        if (!positions.equals("absolute")) {
            throw f.problem("engine.model.config.positions", MessageText.quote(positions));
        }
        int hidden = f.size("hidden_size");
        int heads = f.size("num_attention_heads");
        f.requireDivides(heads, hidden, "num_attention_heads", "hidden_size");
        return new ModelConfig(Family.BERT, f.size("vocab_size"), hidden, f.size("num_hidden_layers"), heads,
                f.size("intermediate_size"), f.size("max_position_embeddings"), f.optionalSize("type_vocab_size", 2),
                f.epsilon("layer_norm_eps", 1e-12), f.id("pad_token_id", 0), true, false);
    }

    private static ModelConfig gpt2(Fields f) {
        String act = f.text("activation_function", "gelu_new");
        boolean exact;
        switch (act) {
            case "gelu_new", "gelu_pytorch_tanh" -> exact = false;
            case "gelu" -> exact = true;
            default -> throw f.problem("engine.model.config.activation", MessageText.quote(act));
        }
        int hidden = f.size("n_embd");
        int heads = f.size("n_head");
        f.requireDivides(heads, hidden, "n_head", "n_embd");
        int positions = f.root.has("n_positions") ? f.size("n_positions") : f.size("n_ctx");
        int intermediate = f.root.path("n_inner").isNull() || f.root.path("n_inner").isMissingNode()
                ? 4 * hidden : f.size("n_inner");
        if (4L * hidden > Integer.MAX_VALUE) {
            throw f.problem("engine.model.config.tooLarge", String.valueOf(hidden));
        }
        if (f.root.path("scale_attn_weights").isBoolean() && !f.root.path("scale_attn_weights").asBoolean()) {
            throw f.problem("engine.model.config.unscaled");
        }
        return new ModelConfig(Family.GPT2, f.size("vocab_size"), hidden, f.size("n_layer"), heads, intermediate,
                positions, 1, f.epsilon("layer_norm_epsilon", 1e-5), f.id("eos_token_id", 0), exact,
                f.root.path("scale_attn_by_inverse_layer_idx").asBoolean(false));
    }

    /** Reads fields of one file, each problem named after the file and the field. */
    private record Fields(JsonNode root, String fileName) {
        /** The problem {@code key} (its text starting "{0}: ", the file), with {@code args} after the file. */
        ModelFormatException problem(String key, Object... args) {
            Object[] all = new Object[args.length + 1];
            all[0] = fileName;
            System.arraycopy(args, 0, all, 1, args.length);
            return new ModelFormatException(key, all);
        }

        String text(String name, String fallback) {
            JsonNode n = root.path(name);
            return n.isTextual() ? n.asText() : fallback;
        }

        int size(String name) {
            JsonNode n = root.path(name);
            if (n.isMissingNode() || n.isNull()) {
                throw problem("engine.model.config.missing", name);
            }
            if (!n.isIntegralNumber() || !n.canConvertToInt() || n.asInt() < 1) {
                throw problem("engine.model.config.size", name, MessageText.quote(n.toString()));
            }
            return n.asInt();
        }

        int optionalSize(String name, int fallback) {
            return root.path(name).isMissingNode() || root.path(name).isNull() ? fallback : size(name);
        }

        int id(String name, int fallback) {
            JsonNode n = root.path(name);
            return n.isIntegralNumber() && n.canConvertToInt() && n.asInt() >= 0 ? n.asInt() : fallback;
        }

        double epsilon(String name, double fallback) {
            JsonNode n = root.path(name);
            if (n.isMissingNode() || n.isNull()) {
                return fallback;
            }
            // LayerNorm runs in float32, where a smaller epsilon is 0
            if (!n.isNumber() || !(n.asDouble() >= Float.MIN_NORMAL) || !(n.asDouble() < 1)) {
                throw problem("engine.model.config.epsilon", name, MessageText.quote(n.toString()));
            }
            return n.asDouble();
        }

        void requireDivides(int heads, int hidden, String headsName, String hiddenName) {
            if (hidden % heads != 0) {
                throw problem("engine.model.config.divides", headsName, String.valueOf(heads), hiddenName,
                        String.valueOf(hidden));
            }
        }
    }
}
