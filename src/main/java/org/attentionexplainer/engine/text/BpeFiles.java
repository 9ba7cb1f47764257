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
import org.attentionexplainer.engine.Worded;

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
            throw type.isEmpty() ? new TokenizerFormatException("engine.tokenizer.bpeMissing")
                    : new TokenizerFormatException("engine.tokenizer.bpe", MessageText.quote(type));
        }
        if (!model.path("continuing_subword_prefix").asText("").isEmpty()
                || !model.path("end_of_word_suffix").asText("").isEmpty()) {
            throw new TokenizerFormatException("engine.tokenizer.affix");
        }
        JsonNode pre = root.path("pre_tokenizer");
        String preType = pre.path("type").asText("");
        if (!preType.equals("ByteLevel")) {
            throw preType.isEmpty() ? new TokenizerFormatException("engine.tokenizer.preMissing")
                    : new TokenizerFormatException("engine.tokenizer.pre", MessageText.quote(preType));
        }
        if (!pre.path("use_regex").asBoolean(true)) {
            throw new TokenizerFormatException("engine.tokenizer.noRegex");
        }
        JsonNode normalizer = root.path("normalizer");
        if (!normalizer.isNull() && !normalizer.isMissingNode()) {
            throw new TokenizerFormatException("engine.tokenizer.normalizer",
                    MessageText.quote(normalizer.path("type").asText("?")));
        }
        Map<String, Integer> ids = vocab(model.path("vocab"), new Worded.Phrase("engine.tokenizer.where.modelVocab"));
        List<String> specials = new ArrayList<>();
        for (JsonNode added : root.path("added_tokens")) {
            String content = added.path("content").asText("");
            if (content.isEmpty() || !added.path("id").canConvertToInt()) {
                continue;
            }
            Integer existing = ids.putIfAbsent(content, added.path("id").asInt());
            if (existing != null && existing != added.path("id").asInt()) {
                throw new TokenizerFormatException("engine.tokenizer.addedId", MessageText.quote(content),
                        String.valueOf(added.path("id").asInt()), String.valueOf(existing));
            }
            specials.add(content);
        }
        List<String[]> merges = new ArrayList<>();
        JsonNode list = model.path("merges");
        if (!list.isArray()) {
            throw new TokenizerFormatException("engine.tokenizer.noMerges");
        }
        for (JsonNode m : list) {
            if (m.isTextual()) {
                merges.add(mergeLine(m.asText(),
                        new Worded.Phrase("engine.tokenizer.where.merge", String.valueOf(merges.size() + 1))));
            } else if (m.isArray() && m.size() == 2 && m.get(0).isTextual() && m.get(1).isTextual()) {
                merges.add(new String[] {m.get(0).asText(), m.get(1).asText()});
            } else {
                throw new TokenizerFormatException("engine.tokenizer.mergeNotPair", String.valueOf(merges.size() + 1));
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
            merges.add(mergeLine(line, new Worded.Phrase("engine.tokenizer.where.mergesLine", String.valueOf(number))));
        }
        List<String> specials = ids.containsKey(END_OF_TEXT) ? List.of(END_OF_TEXT) : List.of();
        return new ByteLevelBpeTokenizer(new Vocabulary(ids), merges, specials, List.of(), List.of(), false, false,
                maxLength);
    }

    /** @param where the merge as a message names it */
    private static String[] mergeLine(String line, Worded.Phrase where) {
        String[] parts = line.split(" ", -1);
        if (parts.length != 2 || parts[0].isEmpty() || parts[1].isEmpty()) {
            throw new TokenizerFormatException("engine.tokenizer.mergeLine", where, MessageText.quote(line));
        }
        return parts;
    }

    private static JsonNode json(InputStream in, String file) throws IOException {
        JsonNode root;
        try {
            root = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).readTree(in);
        } catch (JsonProcessingException e) {
            throw new TokenizerFormatException("engine.model.notJson", file, MessageText.oneLine(e.getOriginalMessage()));
        } catch (java.io.CharConversionException e) {
            throw new TokenizerFormatException("engine.tokenizer.notText", file, MessageText.oneLine(e.getMessage()));
        }
        if (root == null || !root.isObject()) {
            throw new TokenizerFormatException("engine.model.notObject", file);
        }
        return root;
    }

    /** @param where the vocabulary as a message names it: a file's name, or a phrase */
    private static Map<String, Integer> vocab(JsonNode node, Object where) {
        if (!node.isObject() || node.isEmpty()) {
            throw new TokenizerFormatException("engine.tokenizer.noVocabulary", where);
        }
        Map<String, Integer> ids = new HashMap<>(node.size() * 2);
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().canConvertToInt() || !e.getValue().isIntegralNumber()) {
                throw new TokenizerFormatException("engine.tokenizer.idNotWhole", where, MessageText.quote(e.getKey()));
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
