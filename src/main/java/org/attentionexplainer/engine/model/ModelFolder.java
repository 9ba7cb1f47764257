package org.attentionexplainer.engine.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleConsumer;
import org.attentionexplainer.engine.Backends;
import org.attentionexplainer.engine.Memory;
import org.attentionexplainer.engine.MessageText;
import org.attentionexplainer.engine.Worded;
import org.attentionexplainer.engine.bert.BertCheckpoint;
import org.attentionexplainer.engine.bert.EncoderModel;
import org.attentionexplainer.engine.bert.ModelLoadException;
import org.attentionexplainer.engine.gpt.GptCheckpoint;
import org.attentionexplainer.engine.gpt.GptModel;
import org.attentionexplainer.engine.text.ByteLevelBpeTokenizer;
import org.attentionexplainer.engine.text.TokenizerFormatException;
import org.attentionexplainer.engine.text.WordPieceTokenizer;

/**
 * Opens a model folder in the Hugging Face layout: config.json, the weights in
 * model.safetensors (or shards listed in model.safetensors.index.json; float32, float16 or
 * bfloat16) and the tokenizer files (tokenizer.json; or vocab.txt for BERT, vocab.json and
 * merges.txt for GPT-2). Everything is checked before the weights are read: the files, the
 * config, every tensor's name and shape, and the memory. Weights become float32 off the heap;
 * when they do not all fit, only the first layers that do are read, since a layer's attention
 * depends on no layer after it.
 */
public final class ModelFolder {
    static final String WEIGHTS = "model.safetensors";
    static final String SHARD_INDEX = "model.safetensors.index.json";
    /** Native memory kept free beside the weights, for ND4J's working arrays. */
    static final long MARGIN = 64L << 20;

    private ModelFolder() {
    }

    /**
     * Loads the model (slow: call it off the UI thread).
     *
     * @param progress  hears rising fractions from 0 to 1 on the calling thread
     * @param cancelled asked as reading goes on; true stops it with a {@link CancellationException}
     * @throws ModelLoadException with one line naming the file and what is wrong with it
     */
    public static TransformerModel load(Path folder, DoubleConsumer progress, BooleanSupplier cancelled)
            throws ModelLoadException {
        return load(folder, progress, cancelled, Memory.nativeAvailable());
    }

    static TransformerModel load(Path folder, DoubleConsumer progress, BooleanSupplier cancelled,
            long nativeAvailable) throws ModelLoadException {
        String shown = MessageText.name(folder.toString());
        try {
            if (!Files.isDirectory(folder)) {
                throw new ModelLoadException("engine.model.notFolder", shown);
            }
            Path configFile = folder.resolve(ModelConfig.FILE);
            if (!Files.isRegularFile(configFile)) {
                throw new ModelLoadException("engine.model.noConfig", shown);
            }
            ModelConfig config;
            try (InputStream in = Files.newInputStream(configFile)) {
                config = ModelConfig.read(in, MessageText.name(configFile.toString()));
            }
            boolean bert = config.family() == ModelConfig.Family.BERT;
            List<Path> tokenizerFiles = tokenizerFiles(folder, bert, shown);
            List<SafeTensors> files = openWeights(folder, shown);
            try (Checkpoint ck = new Checkpoint(files)) {
                ck.findPrefix(bert ? BertCheckpoint.anchor() : GptCheckpoint.anchor(),
                        new Worded.Phrase(bert ? "engine.model.family.bert" : "engine.model.family.gpt2"));
                if (bert) {
                    BertCheckpoint.verify(ck, config);
                } else {
                    GptCheckpoint.verify(ck, config);
                }
                long embedding = 4 * (bert ? BertCheckpoint.embeddingValues(config) : GptCheckpoint.embeddingValues(config));
                long layer = 4 * (bert ? BertCheckpoint.layerValues(config) : GptCheckpoint.layerValues(config));
                int layers = layersThatFit(embedding, layer, config.layers(), nativeAvailable - MARGIN);
                if (layers == 0) {
                    throw new ModelLoadException("engine.model.weightsMemory", shown,
                            String.valueOf(Memory.mib(embedding + config.layers() * layer)),
                            String.valueOf(Memory.mib(MARGIN)), String.valueOf(Memory.mib(embedding + layer + MARGIN)),
                            Memory.nativeFree());
                }
                requireHeapForTokenizer(tokenizerFiles, shown);
                progress.accept(0.02);
                String name = folder.getFileName() == null ? shown : MessageText.name(folder.getFileName().toString());
                Backends.start();
                ck.onCancel(cancelled);
                ck.planProgress((embedding + layers * layer) / 4, f -> progress.accept(0.05 + 0.95 * f));
                TransformerModel model;
                if (bert) {
                    WordPieceTokenizer tokenizer = wordPiece(tokenizerFiles, config, folder);
                    requireRows(tokenizer.vocabulary().size(), config, tokenizerFiles, "word_embeddings");
                    progress.accept(0.05);
                    model = new EncoderModel(name, shown, tokenizer, BertCheckpoint.encoder(ck, config, layers),
                            config.layers());
                } else {
                    ByteLevelBpeTokenizer tokenizer = bpe(tokenizerFiles, config);
                    requireRows(tokenizer.vocabulary().size(), config, tokenizerFiles, "wte");
                    progress.accept(0.05);
                    model = GptModel.load(name, shown, tokenizer, ck, config, layers);
                }
                progress.accept(1.0);
                return model;
            }
        } catch (ModelFormatException e) {
            throw new ModelLoadException(e, e.messageKey(), e.messageArgs().toArray());
        } catch (NoSuchFileException e) {
            throw new ModelLoadException(e, "engine.model.notExist", MessageText.name(e.getFile()));
        } catch (AccessDeniedException e) {
            throw new ModelLoadException(e, "engine.model.denied", MessageText.name(e.getFile()));
        } catch (IOException e) {
            throw new ModelLoadException(e, "engine.model.cannotRead", shown, e instanceof Worded w
                    ? new Worded.Phrase(w.messageKey(), w.messageArgs()) : MessageText.oneLine(e.getMessage()));
        } catch (OutOfMemoryError e) {
            throw new ModelLoadException(e, "engine.model.outOfMemory", shown, MessageText.oneLine(e.getMessage()));
        }
    }

    /** How many layers fit beside the embeddings in {@code available} bytes: all, some, or 0. */
    static int layersThatFit(long embedding, long perLayer, int layers, long available) {
        if (embedding + (long) layers * perLayer <= available) {
            return layers;
        }
        long room = available - embedding;
        return room < perLayer ? 0 : (int) Math.min(layers, room / perLayer);
    }

    /** The weights: model.safetensors, or the shards its index names. */
    private static List<SafeTensors> openWeights(Path folder, String shown) throws IOException, ModelLoadException {
        Path single = folder.resolve(WEIGHTS);
        Path index = folder.resolve(SHARD_INDEX);
        List<Path> paths = new ArrayList<>();
        if (Files.isRegularFile(single)) {
            paths.add(single);
        } else if (Files.isRegularFile(index)) {
            paths.addAll(shards(index, folder));
        } else {
            boolean pickle = Files.exists(folder.resolve("pytorch_model.bin"));
            throw new ModelLoadException(pickle ? "engine.model.pickle" : "engine.model.noWeights", shown);
        }
        List<SafeTensors> files = new ArrayList<>();
        try {
            for (Path p : paths) {
                files.add(SafeTensors.open(p));
            }
        } catch (IOException | RuntimeException e) {
            for (SafeTensors f : files) {
                f.close();
            }
            throw e;
        }
        return files;
    }

    private static List<Path> shards(Path index, Path folder) throws IOException {
        String shown = MessageText.name(index.toString());
        JsonNode root;
        try (InputStream in = Files.newInputStream(index)) {
            root = new ObjectMapper().readTree(in);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new ModelFormatException("engine.model.shardsJson", shown, MessageText.oneLine(e.getOriginalMessage()));
        }
        JsonNode map = root == null ? null : root.path("weight_map");
        if (map == null || !map.isObject() || map.isEmpty()) {
            throw new ModelFormatException("engine.model.shardsMap", shown);
        }
        Set<Path> out = new LinkedHashSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = map.fields(); it.hasNext(); ) {
            String file = it.next().getValue().asText("");
            Path p = folder.resolve(file).normalize();
            if (file.isEmpty() || !folder.normalize().equals(p.getParent())) {
                throw new ModelFormatException("engine.model.shardName", shown, MessageText.quote(file));
            }
            out.add(p);
        }
        return new ArrayList<>(out);
    }

    private static List<Path> tokenizerFiles(Path folder, boolean bert, String shown) throws ModelLoadException {
        Path json = folder.resolve("tokenizer.json");
        if (Files.isRegularFile(json)) {
            return List.of(json);
        }
        if (bert && Files.isRegularFile(folder.resolve("vocab.txt"))) {
            return List.of(folder.resolve("vocab.txt"));
        }
        if (!bert && Files.isRegularFile(folder.resolve("vocab.json")) && Files.isRegularFile(folder.resolve("merges.txt"))) {
            return List.of(folder.resolve("vocab.json"), folder.resolve("merges.txt"));
        }
        throw new ModelLoadException(bert ? "engine.model.noTokenizerBert" : "engine.model.noTokenizerGpt", shown);
    }

    /** The tokenizer's JSON tree and maps take a few times the files' size on the heap. */
    private static void requireHeapForTokenizer(List<Path> files, String shown) throws IOException, ModelLoadException {
        long bytes = 0;
        for (Path p : files) {
            bytes += Files.size(p);
        }
        long need = 16 * bytes;
        if (!Memory.fits(need)) {
            throw new ModelLoadException("engine.model.tokenizerMemory", shown, String.valueOf(Memory.mib(need)),
                    Memory.heapFree());
        }
    }

    private static WordPieceTokenizer wordPiece(List<Path> files, ModelConfig config, Path folder) throws IOException {
        Path file = files.get(0);
        try (InputStream in = Files.newInputStream(file)) {
            if (file.getFileName().toString().equals("tokenizer.json")) {
                return WordPieceTokenizer.fromJson(in, config.maxPositions());
            }
            TokenizerSettings settings = TokenizerSettings.read(folder.resolve("tokenizer_config.json"));
            return WordPieceTokenizer.fromVocabTxt(in, settings.lowercase(), config.maxPositions(),
                    settings.maxLength(config.maxPositions()));
        } catch (TokenizerFormatException e) {
            throw new ModelFormatException("engine.model.fileSays", MessageText.name(file.toString()), problem(e));
        }
    }

    private static ByteLevelBpeTokenizer bpe(List<Path> files, ModelConfig config) throws IOException {
        try {
            if (files.size() == 1) {
                try (InputStream in = Files.newInputStream(files.get(0))) {
                    return ByteLevelBpeTokenizer.fromJson(in, config.maxPositions());
                }
            }
            try (InputStream vocab = Files.newInputStream(files.get(0));
                 InputStream merges = Files.newInputStream(files.get(1))) {
                return ByteLevelBpeTokenizer.fromVocabAndMerges(vocab, merges, config.maxPositions());
            }
        } catch (TokenizerFormatException e) {
            throw new ModelFormatException("engine.model.fileSays", MessageText.name(files.get(0).getParent().resolve(
                    files.size() == 1 ? "tokenizer.json" : "vocab.json, merges.txt").toString()), problem(e));
        }
    }

    private static Worded.Phrase problem(TokenizerFormatException e) {
        return new Worded.Phrase(e.messageKey(), e.messageArgs());
    }

    /** Token ids beyond the embedding's rows would read no embedding. */
    private static void requireRows(int vocabulary, ModelConfig config, List<Path> files, String table) {
        if (vocabulary > config.vocabSize()) {
            throw new ModelFormatException("engine.model.rows", MessageText.name(files.get(0).toString()),
                    String.valueOf(vocabulary), table, String.valueOf(config.vocabSize()));
        }
    }
}
