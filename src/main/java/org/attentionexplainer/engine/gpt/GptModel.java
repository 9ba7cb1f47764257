package org.attentionexplainer.engine.gpt;

import java.io.IOException;
import java.util.List;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.bert.EncoderTrace;
import org.attentionexplainer.engine.bert.PaddedBatch;
import org.attentionexplainer.engine.bert.WhatIf;
import org.attentionexplainer.engine.model.Checkpoint;
import org.attentionexplainer.engine.model.ModelConfig;
import org.attentionexplainer.engine.model.TraceMemory;
import org.attentionexplainer.engine.model.TransformerModel;
import org.attentionexplainer.engine.text.ByteLevelBpeTokenizer;
import org.attentionexplainer.engine.text.Encoding;

/** A GPT-2-style decoder opened from a folder: its byte-level BPE tokenizer and the engine's decoder. */
public final class GptModel implements TransformerModel {
    private final String name;
    private final String source;
    private final ByteLevelBpeTokenizer tokenizer;
    private final GptDecoder decoder;
    private final ModelConfig config;

    private GptModel(String name, String source, ByteLevelBpeTokenizer tokenizer, GptDecoder decoder,
            ModelConfig config) {
        this.name = name;
        this.source = source;
        this.tokenizer = tokenizer;
        this.decoder = decoder;
        this.config = config;
    }

    /** Reads the first {@code layers} blocks of a checkpoint that {@link GptCheckpoint#verify} accepted. */
    public static GptModel load(String name, String source, ByteLevelBpeTokenizer tokenizer, Checkpoint ck,
            ModelConfig config, int layers) throws IOException {
        return new GptModel(name, source, tokenizer, GptCheckpoint.decoder(ck, config, layers), config);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String source() {
        return source;
    }

    @Override
    public int layers() {
        return decoder.layers();
    }

    @Override
    public int modelLayers() {
        return config.layers();
    }

    @Override
    public int heads() {
        return config.heads();
    }

    @Override
    public boolean causal() {
        return true;
    }

    @Override
    public int maxTokens() {
        return tokenizer.maxLength();
    }

    @Override
    public TokenizerKind tokenizerKind() {
        return TokenizerKind.BYTE_LEVEL_BPE;
    }

    @Override
    public Encoding tokenize(String text) {
        return tokenizer.encode(text);
    }

    @Override
    public EncoderTrace run(List<String> texts, WhatIf whatIf) {
        List<Encoding> batch = tokenizeAll(texts);
        int longest = PaddedBatch.longest(batch);
        TraceMemory.require(batch.size(), longest, layers(), config.heads(), config.hidden(), config.intermediate());
        return decoder.forward(batch, whatIf);
    }

    @Override
    public AttentionSpec attentionSpec(EncoderTrace trace, int item, int layer) {
        return decoder.attentionSpec(trace, item, layer);
    }
}
