package org.attentionexplainer.engine.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.attentionexplainer.engine.TurkishWording;
import org.attentionexplainer.engine.bert.ModelLoadException;
import org.attentionexplainer.i18n.Localization;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A model folder that cannot be loaded for want of a file, or for weights that are not what
 * config.json calls for, is refused in the reader's language: the Turkish names the same file
 * and tensor, reads differently from the English (which stays as it was) and leaves no pattern
 * unformatted.
 */
class BadModelFolderTurkishTest {
    private static final Localization TR = TurkishWording.TR;
    private static final String QUERY = "encoder.layer.0.attention.self.query.weight";

    @TempDir
    Path dir;

    /** Damages a copy of a tiny model's folder; gives the folder to load. */
    interface Damage {
        Path apply(Path dir) throws IOException;
    }

    private static Damage bert(Consumer<ObjectNode> edit) {
        return dir -> {
            Path folder = TinyModels.copy("tiny-bert", dir);
            SafeTensorsFiles.editHeader(folder.resolve("model.safetensors"), edit);
            return folder;
        };
    }

    private static Damage cut(int keep) {
        return dir -> {
            Path folder = TinyModels.copy("tiny-gpt2-f16", dir);
            Path weights = folder.resolve("model.safetensors");
            byte[] all = Files.readAllBytes(weights);
            Files.write(weights, Arrays.copyOf(all, keep < 0 ? all.length + keep : keep));
            return folder;
        };
    }

    private static Damage gptConfig(String from, String to) {
        return dir -> {
            Path folder = TinyModels.copy("tiny-gpt2", dir);
            Path config = folder.resolve("config.json");
            Files.writeString(config, Files.readString(config).replace(from, to));
            return folder;
        };
    }

    /** Bad folders by what is wrong, each with a part of the message that names what is at fault. */
    static Stream<Arguments> badFolders() {
        return Stream.of(
                Arguments.of("a file", "model.txt", (Damage) dir -> Files.writeString(dir.resolve("model.txt"), "x")),
                Arguments.of("nowhere", "nowhere", (Damage) dir -> dir.resolve("nowhere")),
                Arguments.of("no config.json", "tiny-gpt2", (Damage) dir -> {
                    Path folder = TinyModels.copy("tiny-gpt2", dir);
                    Files.delete(folder.resolve("config.json"));
                    return folder;
                }),
                Arguments.of("no weights", "tiny-bert", (Damage) dir -> {
                    Path folder = TinyModels.copy("tiny-bert", dir);
                    Files.delete(folder.resolve("model.safetensors"));
                    return folder;
                }),
                Arguments.of("pickle", "tiny-bert", (Damage) dir -> {
                    Path folder = TinyModels.copy("tiny-bert", dir);
                    Files.delete(folder.resolve("model.safetensors"));
                    Files.writeString(folder.resolve("pytorch_model.bin"), "pickle");
                    return folder;
                }),
                Arguments.of("no tokenizer", "tiny-gpt2", (Damage) dir -> {
                    Path folder = TinyModels.copy("tiny-gpt2", dir);
                    Files.delete(folder.resolve("merges.txt"));
                    return folder;
                }),
                Arguments.of("cut short", "model.safetensors", cut(-100)),
                Arguments.of("too short", "model.safetensors", cut(5)),
                Arguments.of("header length", "model.safetensors", cut(40)),
                Arguments.of("span", QUERY, bert(h -> ((ArrayNode) h.get(QUERY).get("shape")).set(0, 33))),
                Arguments.of("overlap", QUERY, bert(h -> {
                    ArrayNode offsets = (ArrayNode) h.get(QUERY).get("data_offsets");
                    offsets.set(0, offsets.get(0).asLong() + 4);
                    offsets.set(1, offsets.get(1).asLong() + 4);
                })),
                Arguments.of("unused", "model.safetensors",
                        bert(h -> h.remove("encoder.layer.0.attention.self.key.bias"))),
                Arguments.of("stored as", QUERY, bert(h -> ((ObjectNode) h.get(QUERY)).put("dtype", "I32"))),
                Arguments.of("unknown dtype", QUERY, bert(h -> ((ObjectNode) h.get(QUERY)).put("dtype", "Q4"))),
                Arguments.of("no dtype", QUERY, bert(h -> ((ObjectNode) h.get(QUERY)).remove("dtype"))),
                Arguments.of("no shape", QUERY, bert(h -> ((ObjectNode) h.get(QUERY)).remove("shape"))),
                Arguments.of("bad offsets", QUERY, bert(h -> ((ObjectNode) h.get(QUERY)).remove("data_offsets"))),
                Arguments.of("missing tensor", QUERY, bert(h -> h.set(QUERY + "s", h.remove(QUERY)))),
                Arguments.of("no anchor", "model.safetensors",
                        bert(h -> h.set("x", h.remove("embeddings.word_embeddings.weight")))),
                Arguments.of("more layers", "transformer.h.2.", gptConfig("\"n_layer\": 2", "\"n_layer\": 3")),
                Arguments.of("other shape", "wpe.weight", gptConfig("\"n_positions\": 24", "\"n_positions\": 20")),
                Arguments.of("NaN", "transformer.h.1.mlp.c_fc.weight", (Damage) dir -> {
                    Path folder = TinyModels.copy("tiny-gpt2", dir);
                    SafeTensorsFiles.putFloat(folder.resolve("model.safetensors"), "transformer.h.1.mlp.c_fc.weight",
                            7, Float.NaN);
                    return folder;
                }),
                Arguments.of("rows", "vocab.json", (Damage) dir -> {
                    Path folder = TinyModels.copy("tiny-gpt2", dir);
                    Path vocab = folder.resolve("vocab.json");
                    String text = Files.readString(vocab, StandardCharsets.UTF_8).strip();
                    int size = text.split("\": ").length - 1;                 // the ids run from 0 to size - 1
                    Files.writeString(vocab, text.substring(0, text.length() - 1) + ", \"extra\": " + size + "}",
                            StandardCharsets.UTF_8);
                    return folder;
                }));
    }


    @ParameterizedTest(name = "{0}")
    @MethodSource("badFolders")
    void everyRefusalIsWordedInTurkish(String what, String named, Damage damage) throws IOException {
        ModelLoadException e = TinyModels.refusal(damage.apply(dir));
        String turkish = TurkishWording.assertTurkish(e);
        assertTrue(e.getMessage().contains(named) && turkish.contains(named), turkish);
    }

    @Test
    void theTurkishKeepsTheFileTheTensorAndTheShapes() throws IOException {
        Path folder = TinyModels.copy("tiny-gpt2", dir);
        Files.delete(folder.resolve("config.json"));
        ModelLoadException e = TinyModels.refusal(folder);
        assertEquals(folder + " has no config.json: a model folder in the Hugging Face layout holds config.json, "
                + "model.safetensors and the tokenizer files", e.getMessage());
        assertEquals(folder + " içinde config.json yok: Hugging Face düzenindeki bir model klasörü config.json, "
                + "model.safetensors ve tokenlayıcı dosyalarını içerir", e.wordedIn(TR));
        e = TinyModels.refusal(gptConfig("\"n_positions\": 24", "\"n_positions\": 20").apply(dir.resolve("b")));
        String weights = dir.resolve("b").resolve("tiny-gpt2").resolve("model.safetensors").toString();
        assertEquals(weights + ": tensor transformer.wpe.weight has shape [24, 32], but config.json calls for [20, 32]",
                e.getMessage());
        assertEquals(weights + ": transformer.wpe.weight tensörünün biçimi [24, 32], ama config.json [20, 32] istiyor",
                e.wordedIn(TR));
    }
}
