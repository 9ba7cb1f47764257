package org.attentionexplainer.engine.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.attentionexplainer.engine.TurkishWording;
import org.attentionexplainer.engine.bert.ModelLoadException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A model folder whose config.json or tokenizer files cannot be used is refused in the reader's
 * language: the Turkish names the same file and the same field, token or line as the English
 * (which stays as it was), and leaves no part in English.
 */
class ModelFolderFilesTurkishTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** Damages a copy of a tiny model's folder; gives the folder to load. */
    interface Damage {
        Path apply(Path dir) throws IOException;
    }

    /** A file of the tiny model {@code model} replaced by {@code text}. */
    static Damage write(String model, String file, String text) {
        return write(model, file, text.getBytes(StandardCharsets.UTF_8));
    }

    static Damage write(String model, String file, byte[] bytes) {
        return dir -> {
            Path folder = TinyModels.copy(model, dir);
            Files.write(folder.resolve(file), bytes);
            return folder;
        };
    }

    /** A JSON file of the tiny model {@code model} edited. */
    static Damage edit(String model, String file, Consumer<ObjectNode> change) {
        return dir -> {
            Path folder = TinyModels.copy(model, dir);
            ObjectNode root = (ObjectNode) JSON.readTree(folder.resolve(file).toFile());
            change.accept(root);
            JSON.writeValue(folder.resolve(file).toFile(), root);
            return folder;
        };
    }

    static Damage bertConfig(Consumer<ObjectNode> change) {
        return edit("tiny-bert", "config.json", change);
    }

    static Damage gptConfig(Consumer<ObjectNode> change) {
        return edit("tiny-gpt2", "config.json", change);
    }

    static Damage bertJson(Consumer<ObjectNode> change) {
        return edit("tiny-bert-bf16", "tokenizer.json", change);
    }

    static Damage gptJson(Consumer<ObjectNode> change) {
        return edit("tiny-gpt2-f16", "tokenizer.json", change);
    }

    private static ObjectNode model(ObjectNode root) {
        return (ObjectNode) root.get("model");
    }

    /** Bytes that name UTF-32 by their start and then are no UTF-32 character. */
    private static final byte[] NOT_TEXT = {0, 0, 0, '{', (byte) 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff};

    /** Bad folders by what is wrong, each with a part of the message both languages must keep. */
    static Stream<Arguments> badFolders() {
        return Stream.of(
                Arguments.of("config not JSON", "config.json", write("tiny-gpt2", "config.json", "{\"a\": ")),
                Arguments.of("config not text", "config.json", write("tiny-gpt2", "config.json", NOT_TEXT)),
                Arguments.of("config not an object", "config.json", write("tiny-gpt2", "config.json", "[1]")),
                Arguments.of("no model_type", "config.json", gptConfig(c -> c.remove("model_type"))),
                Arguments.of("architecture", "t5", gptConfig(c -> c.put("model_type", "t5"))),
                Arguments.of("hidden_act", "relu", bertConfig(c -> c.put("hidden_act", "relu"))),
                Arguments.of("positions", "relative_key",
                        bertConfig(c -> c.put("position_embedding_type", "relative_key"))),
                Arguments.of("activation", "swish", gptConfig(c -> c.put("activation_function", "swish"))),
                Arguments.of("n_embd too large", "1073741824",
                        gptConfig(c -> c.put("n_embd", 1 << 30).put("n_inner", 64))),
                Arguments.of("unscaled", "scale_attn_weights", gptConfig(c -> c.put("scale_attn_weights", false))),
                Arguments.of("missing size", "n_layer", gptConfig(c -> c.remove("n_layer"))),
                Arguments.of("bad size", "-2", gptConfig(c -> c.put("n_layer", -2))),
                Arguments.of("bad epsilon", "layer_norm_epsilon", gptConfig(c -> c.put("layer_norm_epsilon", "x"))),
                Arguments.of("heads", "5", gptConfig(c -> c.put("n_head", 5))),
                Arguments.of("tokenizer_config", "tokenizer_config.json",
                        write("tiny-bert", "tokenizer_config.json", "{")),
                Arguments.of("vocab.txt twice", "[MASK]", write("tiny-bert", "vocab.txt", "[UNK]\n[MASK]\n[MASK]\n")),
                Arguments.of("vocab.txt empty", "vocab.txt", write("tiny-bert", "vocab.txt", "")),
                Arguments.of("no [UNK]", "[UNK]", write("tiny-bert", "vocab.txt", "[CLS]\n[SEP]\na\n")),
                Arguments.of("no [SEP]", "[SEP]", write("tiny-bert", "vocab.txt", "[UNK]\n[CLS]\na\n")),
                Arguments.of("bert json not JSON", "tokenizer.json", write("tiny-bert-bf16", "tokenizer.json", "{")),
                Arguments.of("bert json not text", "tokenizer.json", write("tiny-bert-bf16", "tokenizer.json", NOT_TEXT)),
                Arguments.of("bert json no object", "tokenizer.json", write("tiny-bert-bf16", "tokenizer.json", "3")),
                Arguments.of("bert model missing", "WordPiece", bertJson(t -> t.remove("model"))),
                Arguments.of("bert model other", "Unigram", bertJson(t -> model(t).put("type", "Unigram"))),
                Arguments.of("bert no vocab", "model.vocab", bertJson(t -> model(t).remove("vocab"))),
                Arguments.of("bert normalizer", "BertNormalizer", bertJson(t -> t.remove("normalizer"))),
                Arguments.of("bert ids gap", "[UNK]", bertJson(t -> ((ObjectNode) model(t).get("vocab"))
                        .put("[UNK]", 9999))),
                Arguments.of("gpt model missing", "tokenizer.json", gptJson(t -> model(t).remove("type"))),
                Arguments.of("gpt model other", "WordPiece", gptJson(t -> model(t).put("type", "WordPiece"))),
                Arguments.of("gpt prefix", "tokenizer.json", gptJson(t -> model(t).put("end_of_word_suffix", "</w>"))),
                Arguments.of("gpt pre_tokenizer missing", "ByteLevel", gptJson(t -> t.remove("pre_tokenizer"))),
                Arguments.of("gpt pre_tokenizer other", "Whitespace",
                        gptJson(t -> ((ObjectNode) t.get("pre_tokenizer")).put("type", "Whitespace"))),
                Arguments.of("gpt no regex", "use_regex",
                        gptJson(t -> ((ObjectNode) t.get("pre_tokenizer")).put("use_regex", false))),
                Arguments.of("gpt normalizer", "NFC", gptJson(t -> t.putObject("normalizer").put("type", "NFC"))),
                Arguments.of("gpt no vocab", "model.vocab", gptJson(t -> model(t).remove("vocab"))),
                Arguments.of("gpt id not whole", "!", gptJson(t -> ((ObjectNode) model(t).get("vocab"))
                        .put("!", 1.5))),
                Arguments.of("gpt added id", "<|endoftext|>", gptJson(t -> ((ObjectNode) t.get("added_tokens").get(0))
                        .put("id", 3))),
                Arguments.of("gpt no merges", "model.merges", gptJson(t -> model(t).remove("merges"))),
                Arguments.of("gpt merge text", "a b c", gptJson(t -> ((ArrayNode) model(t).get("merges"))
                        .insert(0, "a b c"))),
                Arguments.of("gpt merge pair", "tokenizer.json", gptJson(t -> ((ArrayNode) model(t).get("merges"))
                        .insert(0, 7))),
                Arguments.of("gpt merge unknown", "\u0120z q", gptJson(t -> ((ArrayNode) model(t).get("merges"))
                        .insert(0, "\u0120z q"))),
                Arguments.of("gpt template", "<s>", gptJson(t -> t.putObject("post_processor")
                        .put("type", "TemplateProcessing").putArray("single")
                        .add(JSON.createObjectNode().set("SpecialToken", JSON.createObjectNode().put("id", "<s>"))))),
                Arguments.of("vocab.json not JSON", "vocab.json", write("tiny-gpt2", "vocab.json", "{")),
                Arguments.of("vocab.json not text", "vocab.json", write("tiny-gpt2", "vocab.json", NOT_TEXT)),
                Arguments.of("vocab.json array", "vocab.json", write("tiny-gpt2", "vocab.json", "[]")),
                Arguments.of("vocab.json empty", "vocab.json", write("tiny-gpt2", "vocab.json", "{}")),
                Arguments.of("vocab.json byte", "\u0100", write("tiny-gpt2", "vocab.json", "{\"a\": 0}")),
                Arguments.of("merges.txt line", "hat", (Damage) dir -> {
                    Path folder = TinyModels.copy("tiny-gpt2", dir);
                    Files.writeString(folder.resolve("merges.txt"), "#version: 0.2\nh e\nhat\n");
                    return folder;
                }));
    }


    @ParameterizedTest(name = "{0}")
    @MethodSource("badFolders")
    void everyRefusalIsWordedInTurkish(String what, String named, Damage damage) throws IOException {
        ModelLoadException e = TinyModels.refusal(damage.apply(dir));
        String turkish = TurkishWording.assertTurkish(e);
        assertTrue(e.getMessage().contains(named) && turkish.contains(named), e.getMessage() + " / " + turkish);
    }

    @Test
    void theTurkishKeepsTheFileTheFieldAndTheValue() throws IOException {
        Path folder = gptConfig(c -> c.put("n_head", 5)).apply(dir);
        ModelLoadException e = TinyModels.refusal(folder);
        String config = folder.resolve("config.json").toString();
        assertEquals(config + ": n_head 5 does not divide n_embd 32", e.getMessage());
        assertEquals(config + ": n_head 5, n_embd 32 değerini tam bölmüyor", e.wordedIn(TurkishWording.TR));
        folder = write("tiny-bert", "vocab.txt", "[UNK]\n[MASK]\n[MASK]\n").apply(dir.resolve("b"));
        e = TinyModels.refusal(folder);
        String vocab = folder.resolve("vocab.txt").toString();
        assertEquals(vocab + ": vocab.txt lists [MASK] twice (lines 2 and 3)", e.getMessage());
        assertEquals(vocab + ": vocab.txt, [MASK] tokenını iki kez listeliyor (2. ve 3. satırlar)",
                e.wordedIn(TurkishWording.TR));
    }
}
