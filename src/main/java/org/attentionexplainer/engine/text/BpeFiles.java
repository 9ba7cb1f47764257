package org.attentionexplainer.engine.text;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.attentionexplainer.engine.MessageText;

/**
 * Reads a byte-level BPE tokenizer from Hugging Face's files: a tokenizer.json whose model is
 * BPE and whose pre-tokenizer is ByteLevel, or GPT-2's own pair vocab.json + merges.txt.
 */
final class BpeFiles {
    /** GPT-2's one special token, kept whole when typed. */
    static final String END_OF_TEXT = "<|endoftext|>";

    private BpeFiles() {
    }

    static ByteLevelBpeTokenizer fromJson(InputStream in, int maxLength) throws IOException {
        JsonNode root = json(in, "tokenizer.json");
        JsonNode model = root.path("model");
        String type = model.path("type").asText("");
        if (!type.equals("BPE")) {
            throw new TokenizerFormatException("tokenizer.json's model is "
                    + (type.isEmpty() ? "missing" : MessageText.quote(type)) + "; a GPT-2 model needs BPE");
        }
        if (!model.path("continuing_subword_prefix").asText("").isEmpty()
                || !model.path("end_of_word_suffix").asText("").isEmpty()) {
            throw new TokenizerFormatException("tokenizer.json's BPE marks word pieces with a prefix or suffix;"
                    + " only GPT-2's byte-level BPE is supported");
        }
        JsonNode pre = root.path("pre_tokenizer");
        if (!pre.path("type").asText("").equals("ByteLevel")) {
            throw new TokenizerFormatException("tokenizer.json's pre_tokenizer is "
                    + (pre.path("type").asText("").isEmpty() ? "missing" : MessageText.quote(pre.path("type").asText()))
                    + "; only GPT-2's ByteLevel is supported");
        }
        if (!pre.path("use_regex").asBoolean(true)) {
            throw new TokenizerFormatException("tokenizer.json's ByteLevel pre_tokenizer does not split words"
                    + " (use_regex false); only GPT-2's split is supported");
        }
        JsonNode normalizer = root.path("normalizer");
        if (!normalizer.isNull() && !normalizer.isMissingNode()) {
            throw new TokenizerFormatException("tokenizer.json has a normalizer of type "
                    + MessageText.quote(normalizer.path("type").asText("?")) + "; GPT-2's BPE has none");
        }
        Map<String, Integer> ids = vocab(model.path("vocab"), "tokenizer.json's model.vocab");
        List<String> specials = new ArrayList<>();
        for (JsonNode added : root.path("added_tokens")) {
            String content = added.path("content").asText("");
            if (content.isEmpty() || !added.path("id").canConvertToInt()) {
                continue;
            }
            Integer existing = ids.putIfAbsent(content, added.path("id").asInt());
            if (existing != null && existing != added.path("id").asInt()) {
                throw new TokenizerFormatException("tokenizer.json gives the added token "
                        + MessageText.quote(content) + " the id " + added.path("id").asInt() + ", but the vocabulary "
                        + existing);
            }
            specials.add(content);
        }
        List<String[]> merges = new ArrayList<>();
        JsonNode list = model.path("merges");
        if (!list.isArray()) {
            throw new TokenizerFormatException("tokenizer.json has no model.merges");
        }
        for (JsonNode m : list) {
            if (m.isTextual()) {
                merges.add(mergeLine(m.asText(), "tokenizer.json's merge " + (merges.size() + 1)));
            } else if (m.isArray() && m.size() == 2 && m.get(0).isTextual() && m.get(1).isTextual()) {
                merges.add(new String[] {m.get(0).asText(), m.get(1).asText()});
            } else {
                throw new TokenizerFormatException("tokenizer.json's merge " + (merges.size() + 1)
                        + " is not a pair of tokens");
            }
        }
        List<String> before = new ArrayList<>();
        List<String> after = new ArrayList<>();
        template(root.path("post_processor"), before, after);
        return new ByteLevelBpeTokenizer(new Vocabulary(ids), merges, specials, before, after,
                pre.path("add_prefix_space").asBoolean(false), model.path("ignore_merges").asBoolean(false), maxLength);
    }

    static ByteLevelBpeTokenizer fromVocabAndMerges(InputStream vocabJson, InputStream mergesTxt, int maxLength)
            throws IOException {
        Map<String, Integer> ids = vocab(json(vocabJson, "vocab.json"), "vocab.json");
        List<String[]> merges = new ArrayList<>();
        BufferedReader lines = new BufferedReader(new InputStreamReader(mergesTxt, StandardCharsets.UTF_8));
        int number = 0;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            number++;
            if ((number == 1 && line.startsWith("#version")) || line.isEmpty()) {
                continue;
            }
            merges.add(mergeLine(line, "merges.txt line " + number));
        }
        List<String> specials = ids.containsKey(END_OF_TEXT) ? List.of(END_OF_TEXT) : List.of();
        return new ByteLevelBpeTokenizer(new Vocabulary(ids), merges, specials, List.of(), List.of(), false, false,
                maxLength);
    }

    private static String[] mergeLine(String line, String where) {
        String[] parts = line.split(" ", -1);
        if (parts.length != 2 || parts[0].isEmpty() || parts[1].isEmpty()) {
            throw new TokenizerFormatException(where + " is " + MessageText.quote(line)
                    + ", not two tokens separated by one space");
        }
        return parts;
    }

    private static JsonNode json(InputStream in, String file) throws IOException {
        JsonNode root;
        try {
            root = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).readTree(in);
        } catch (JsonProcessingException e) {
            throw new TokenizerFormatException(file + " is not valid JSON: " + MessageText.oneLine(e.getOriginalMessage()));
        } catch (java.io.CharConversionException e) {
            throw new TokenizerFormatException(file + " is not valid JSON text: " + MessageText.oneLine(e.getMessage()));
        }
        if (root == null || !root.isObject()) {
            throw new TokenizerFormatException(file + " should hold a JSON object");
        }
        return root;
    }

    private static Map<String, Integer> vocab(JsonNode node, String where) {
        if (!node.isObject() || node.isEmpty()) {
            throw new TokenizerFormatException(where + " has no vocabulary (an object of token: id)");
        }
        Map<String, Integer> ids = new HashMap<>(node.size() * 2);
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().canConvertToInt() || !e.getValue().isIntegralNumber()) {
                throw new TokenizerFormatException(where + " gives the token " + MessageText.quote(e.getKey())
                        + " an id that is not a whole number");
            }
            ids.put(e.getKey(), e.getValue().asInt());
        }
        return ids;
    }

    /** The special tokens a TemplateProcessing puts around a single text; ByteLevel or none adds nothing. */
    private static void template(JsonNode post, List<String> before, List<String> after) {
        if (!post.path("type").asText("").equals("TemplateProcessing")) {
            return;
        }
        boolean seenSequence = false;
        for (JsonNode piece : post.path("single")) {
            if (piece.has("Sequence")) {
                seenSequence = true;
            } else if (piece.has("SpecialToken")) {
                (seenSequence ? after : before).add(piece.path("SpecialToken").path("id").asText());
            }
        }
    }
}
