package org.attentionexplainer.engine.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.attentionexplainer.engine.MessageText;

/**
 * What tokenizer_config.json says about a vocab.txt tokenizer: whether the model is uncased
 * (do_lower_case, true when absent, as BertTokenizer assumes) and the longest text it was
 * trained on (model_max_length). A missing file means the defaults.
 */
record TokenizerSettings(boolean lowercase, int modelMaxLength) {
    static TokenizerSettings read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return new TokenizerSettings(true, Integer.MAX_VALUE);
        }
        JsonNode root;
        try (InputStream in = Files.newInputStream(file)) {
            root = new ObjectMapper().readTree(in);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new ModelFormatException("engine.model.notJson", MessageText.name(file.toString()),
                    MessageText.oneLine(e.getOriginalMessage()));
        }
        if (root == null || !root.isObject()) {
            return new TokenizerSettings(true, Integer.MAX_VALUE);
        }
        JsonNode length = root.path("model_max_length");
        int max = length.canConvertToInt() && length.asInt() >= 2 ? length.asInt() : Integer.MAX_VALUE;
        return new TokenizerSettings(root.path("do_lower_case").asBoolean(true), max);
    }

    /** The trained length, at most the model's positions. */
    int maxLength(int positions) {
        return Math.min(modelMaxLength, positions);
    }
}
