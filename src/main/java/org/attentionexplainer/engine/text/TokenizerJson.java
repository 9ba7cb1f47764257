package org.attentionexplainer.engine.text;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.CharConversionException;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.attentionexplainer.engine.MessageText;

/** Reads the parts of a Hugging Face tokenizer.json that a BERT WordPiece tokenizer uses. */
final class TokenizerJson {
    private static final String FILE = "tokenizer.json";

    private TokenizerJson() {
    }

    static WordPieceTokenizer read(InputStream in, int maxLength) throws IOException {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(in);
        } catch (JsonProcessingException e) {
            throw new TokenizerFormatException("engine.model.notJson", FILE,
                    MessageText.oneLine(e.getOriginalMessage()));
        } catch (CharConversionException e) {
            // the bytes are no text in the encoding the parser detected (UTF-8, -16 or -32)
            throw new TokenizerFormatException("engine.tokenizer.notText", FILE, MessageText.oneLine(e.getMessage()));
        }
        if (root == null || !root.isObject()) {
            throw new TokenizerFormatException("engine.model.notObject", FILE);
        }
        JsonNode model = root.path("model");
        requireType(model, "WordPiece", "model");
        JsonNode vocabNode = model.path("vocab");
        if (!vocabNode.isObject() || vocabNode.isEmpty()) {
            throw new TokenizerFormatException("engine.tokenizer.noModelVocab");
        }
        Map<String, Integer> tokenToId = new HashMap<>(vocabNode.size() * 2);
        for (Iterator<Map.Entry<String, JsonNode>> it = vocabNode.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            tokenToId.put(e.getKey(), e.getValue().asInt(-1));
        }
        Vocabulary vocabulary = new Vocabulary(tokenToId);
        WordPiece wordPiece = new WordPiece(vocabulary, model.path("unk_token").asText("[UNK]"),
                model.path("continuing_subword_prefix").asText("##"),
                model.path("max_input_chars_per_word").asInt(100));

        JsonNode norm = root.path("normalizer");
        requireType(norm, "BertNormalizer", "normalizer");
        boolean lowercase = norm.path("lowercase").asBoolean(true);
        JsonNode strip = norm.path("strip_accents");
        BertNormalizer normalizer = new BertNormalizer(
                norm.path("clean_text").asBoolean(true),
                norm.path("handle_chinese_chars").asBoolean(true),
                strip.isBoolean() ? strip.asBoolean() : lowercase,
                lowercase);
        requireType(root.path("pre_tokenizer"), "BertPreTokenizer", "pre_tokenizer");

        Map<String, Integer> specials = new LinkedHashMap<>();
        for (JsonNode added : root.path("added_tokens")) {
            if (added.path("special").asBoolean(false)) {
                specials.put(added.path("content").asText(), added.path("id").asInt());
            }
        }
        String[] clsSep = clsAndSep(root.path("post_processor"));
        int padId = root.path("padding").path("pad_id").asInt(Math.max(vocabulary.id("[PAD]"), 0));
        // Hugging Face truncates every text to this length, so a model trained through this file saw no longer ones.
        JsonNode truncation = root.path("truncation").path("max_length");
        int trainedLength = truncation.canConvertToInt() && truncation.asInt() >= 2
                ? Math.min(truncation.asInt(), maxLength) : maxLength;
        return new WordPieceTokenizer(vocabulary, normalizer, wordPiece, specials, clsSep[0], clsSep[1], padId,
                maxLength, trainedLength);
    }

    /** The tokens a single text is wrapped in: BERT's [CLS] ... [SEP] unless the file says otherwise. */
    private static String[] clsAndSep(JsonNode post) {
        String type = post.path("type").asText("");
        if (type.equals("BertProcessing")) {
            return new String[] {post.path("cls").path(0).asText("[CLS]"), post.path("sep").path(0).asText("[SEP]")};
        }
        if (type.equals("TemplateProcessing")) {
            String before = null;
            String after = null;
            boolean seenSequence = false;
            for (JsonNode piece : post.path("single")) {
                if (piece.has("Sequence")) {
                    seenSequence = true;
                } else if (piece.has("SpecialToken")) {
                    String id = piece.path("SpecialToken").path("id").asText();
                    if (seenSequence) {
                        after = id;
                    } else {
                        before = id;
                    }
                }
            }
            if (before != null && after != null) {
                return new String[] {before, after};
            }
        }
        return new String[] {"[CLS]", "[SEP]"};
    }

    private static void requireType(JsonNode node, String expected, String part) {
        String type = node.path("type").asText("");
        if (!type.equals(expected)) {
            throw type.isEmpty() ? new TokenizerFormatException("engine.tokenizer.bertPartMissing", part, expected)
                    : new TokenizerFormatException("engine.tokenizer.bertPart", part, MessageText.quote(type), expected);
        }
    }
}
