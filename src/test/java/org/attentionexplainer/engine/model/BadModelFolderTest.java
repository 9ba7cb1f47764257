package org.attentionexplainer.engine.model;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kind of bad model folder is refused with one line that names the file and says what
 * is wrong: a missing file, an unknown architecture, a truncated or lying safetensors file,
 * NaN weights, a tokenizer with more tokens than the embedding has rows.
 */
class BadModelFolderTest {
    @TempDir
    Path dir;

    private static String refusal(Path folder) {
        String m = TinyModels.refusal(folder).getMessage();
        assertFalse(m.contains("\n") || m.contains("\r"), "not one line: " + m);
        return m;
    }

    private static void assertMentions(String message, String... parts) {
        for (String p : parts) {
            assertTrue(message.contains(p), "'" + p + "' missing from: " + message);
        }
    }

    @Test
    void aFileIsNotAFolder() throws IOException {
        Path file = Files.writeString(dir.resolve("model.txt"), "x");
        assertMentions(refusal(file), "model.txt", "is not a folder");
        assertMentions(refusal(dir.resolve("nowhere")), "nowhere", "is not a folder");
    }

    @Test
    void missingFiles() throws IOException {
        Path noConfig = TinyModels.copy("tiny-gpt2", dir.resolve("a"));
        Files.delete(noConfig.resolve("config.json"));
        assertMentions(refusal(noConfig), "tiny-gpt2", "has no config.json");

        Path noWeights = TinyModels.copy("tiny-bert", dir.resolve("b"));
        Files.delete(noWeights.resolve("model.safetensors"));
        assertMentions(refusal(noWeights), "tiny-bert", "has no model.safetensors");
        Files.writeString(noWeights.resolve("pytorch_model.bin"), "pickle");
        assertMentions(refusal(noWeights), "pytorch_model.bin", "pickle");

        Path noTokenizer = TinyModels.copy("tiny-gpt2", dir.resolve("c"));
        Files.delete(noTokenizer.resolve("merges.txt"));
        assertMentions(refusal(noTokenizer), "tiny-gpt2", "has no tokenizer", "vocab.json and merges.txt");
    }

    @Test
    void anUnknownArchitecture() throws IOException {
        Path folder = TinyModels.copy("tiny-bert", dir);
        Path config = folder.resolve("config.json");
        Files.writeString(config, Files.readString(config).replace("\"bert\"", "\"llama\""));
        assertMentions(refusal(folder), "config.json", "llama", "bert", "gpt2");
        Files.writeString(config, "{\"hidden_size\": 32}");
        assertMentions(refusal(folder), "config.json", "no model_type");
        Files.writeString(config, "{\"model_type\": \"bert\", \"hidden_size\": 32");
        assertMentions(refusal(folder), "config.json", "not valid JSON");
    }

    @Test
    void configSizesThatDoNotMatchTheWeights() throws IOException {
        Path folder = TinyModels.copy("tiny-gpt2", dir);
        Path config = folder.resolve("config.json");
        String text = Files.readString(config);
        Files.writeString(config, text.replace("\"n_layer\": 2", "\"n_layer\": 3"));
        assertMentions(refusal(folder), "model.safetensors", "transformer.h.2.", "config.json");
        Files.writeString(config, text.replace("\"n_head\": 4", "\"n_head\": 5"));
        assertMentions(refusal(folder), "config.json", "n_head 5 does not divide n_embd 32");
        Files.writeString(config, text.replace("\"n_positions\": 24", "\"n_positions\": 20"));
        assertMentions(refusal(folder), "model.safetensors", "wpe.weight", "[24, 32]", "[20, 32]");
    }

    @Test
    void aTruncatedSafetensorsFile() throws IOException {
        Path folder = TinyModels.copy("tiny-gpt2-f16", dir);
        Path weights = folder.resolve("model.safetensors");
        byte[] all = Files.readAllBytes(weights);
        Files.write(weights, Arrays.copyOf(all, all.length - 100));
        assertMentions(refusal(folder), "model.safetensors", "truncated");
        Files.write(weights, Arrays.copyOf(all, 5));
        assertMentions(refusal(folder), "model.safetensors", "too short");
        Files.write(weights, Arrays.copyOf(all, 40));
        assertMentions(refusal(folder), "model.safetensors", "header length", "truncated");
    }

    @Test
    void aHeaderLyingAboutOffsetsSizesOrDtypes() throws IOException {
        Path folder = TinyModels.copy("tiny-bert", dir);
        Path weights = folder.resolve("model.safetensors");
        byte[] original = Files.readAllBytes(weights);
        String tensor = "encoder.layer.0.attention.self.query.weight";

        SafeTensorsFiles.editHeader(weights, h -> ((ArrayNode) h.get(tensor).get("shape")).set(0, 33));
        assertMentions(refusal(folder), "model.safetensors", tensor, "data_offsets span");

        Files.write(weights, original);
        SafeTensorsFiles.editHeader(weights, h -> ((ObjectNode) h.get(tensor)).put("dtype", "F16"));
        assertMentions(refusal(folder), "model.safetensors", tensor, "F16");

        Files.write(weights, original);
        SafeTensorsFiles.editHeader(weights, h -> {
            ArrayNode offsets = (ArrayNode) h.get(tensor).get("data_offsets");
            offsets.set(0, offsets.get(0).asLong() + 4);
            offsets.set(1, offsets.get(1).asLong() + 4);
        });
        assertMentions(refusal(folder), "model.safetensors", "overlapping", tensor);

        Files.write(weights, original);
        SafeTensorsFiles.editHeader(weights, h -> h.remove("encoder.layer.0.attention.self.key.bias"));
        assertMentions(refusal(folder), "model.safetensors", "unused");

        Files.write(weights, original);
        SafeTensorsFiles.editHeader(weights, h -> ((ObjectNode) h.get(tensor)).put("dtype", "I32"));
        assertMentions(refusal(folder), "model.safetensors", tensor, "stored as I32");

        Files.write(weights, original);
        SafeTensorsFiles.editHeader(weights, h -> ((ObjectNode) h.get(tensor)).put("dtype", "Q4"));
        assertMentions(refusal(folder), "model.safetensors", tensor, "Q4");

        Files.write(weights, original);
        SafeTensorsFiles.editHeader(weights, h -> h.set("encoder.layer.0.attention.self.query.weighs", h.remove(tensor)));
        assertMentions(refusal(folder), "model.safetensors", "no tensor", tensor);
    }

    @Test
    void nanOrHugeWeights() throws IOException {
        Path folder = TinyModels.copy("tiny-gpt2", dir);
        Path weights = folder.resolve("model.safetensors");
        byte[] original = Files.readAllBytes(weights);
        SafeTensorsFiles.putFloat(weights, "transformer.h.1.mlp.c_fc.weight", 7, Float.NaN);
        assertMentions(refusal(folder), "model.safetensors", "transformer.h.1.mlp.c_fc.weight", "NaN", "value 8 of");
        Files.write(weights, original);
        SafeTensorsFiles.putFloat(weights, "transformer.ln_f.bias", 0, 1e30f);
        assertMentions(refusal(folder), "model.safetensors", "transformer.ln_f.bias", "1.0E30");
    }

    @Test
    void aTokenizerWithIdsBeyondTheEmbeddingsRows() throws IOException {
        Path folder = TinyModels.copy("tiny-gpt2", dir);
        Path vocab = folder.resolve("vocab.json");
        String text = Files.readString(vocab, StandardCharsets.UTF_8).strip();
        int size = TinyModels.ids("tiny-gpt2").length >= 0 ? countTokens(text) : 0;
        Files.writeString(vocab, text.substring(0, text.length() - 1) + ", \"extra\": " + size + "}",
                StandardCharsets.UTF_8);
        assertMentions(refusal(folder), "vocab.json", "has " + (size + 1) + " tokens", "wte", "only " + size + " rows");
    }

    private static int countTokens(String vocabJson) {
        return vocabJson.split("\": ").length - 1;
    }

    @Test
    void aBrokenTokenizer() throws IOException {
        Path folder = TinyModels.copy("tiny-gpt2-f16", dir);
        Path tokenizer = folder.resolve("tokenizer.json");
        Files.writeString(tokenizer, Files.readString(tokenizer).replace("\"BPE\"", "\"Unigram\""));
        assertMentions(refusal(folder), "tokenizer.json", "Unigram");
        Path bert = TinyModels.copy("tiny-bert", dir.resolve("bert"));
        Files.writeString(bert.resolve("vocab.txt"), "[PAD]\nthe\n");
        assertMentions(refusal(bert), "vocab.txt", "[UNK]");
    }
}
