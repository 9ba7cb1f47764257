package org.attentionexplainer.engine.bert;

import java.util.List;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.model.TraceMemory;
import org.attentionexplainer.engine.model.TransformerModel;
import org.attentionexplainer.engine.text.Encoding;
import org.attentionexplainer.engine.text.WordPieceTokenizer;

/** A BERT-style encoder opened from a folder: its WordPiece tokenizer and the engine's {@link BertEncoder}. */
public final class EncoderModel implements TransformerModel {
    private final String name;
    private final String source;
    private final WordPieceTokenizer tokenizer;
    private final BertEncoder encoder;
    private final int modelLayers;

    /** @param modelLayers the checkpoint's layers, of which the encoder computes the first */
    public EncoderModel(String name, String source, WordPieceTokenizer tokenizer, BertEncoder encoder,
            int modelLayers) {
        this.name = name;
        this.source = source;
        this.tokenizer = tokenizer;
        this.encoder = encoder;
        this.modelLayers = modelLayers;
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
        return encoder.config().layers();
    }

    @Override
    public int modelLayers() {
        return modelLayers;
    }

    @Override
    public int heads() {
        return encoder.config().heads();
    }

    @Override
    public boolean causal() {
        return false;
    }

    @Override
    public int maxTokens() {
        return tokenizer.maxLength();
    }

    @Override
    public int trainedLength() {
        return tokenizer.trainedLength();
    }

    @Override
    public TokenizerKind tokenizerKind() {
        return TokenizerKind.WORDPIECE;
    }

    @Override
    public Encoding tokenize(String text) {
        return tokenizer.encode(text);
    }

    @Override
    public EncoderTrace run(List<String> texts, WhatIf whatIf) {
        List<Encoding> batch = tokenizeAll(texts);
        int longest = PaddedBatch.longest(batch);
        BertConfig c = encoder.config();
        TraceMemory.require(batch.size(), longest, c.layers(), c.heads(), c.hidden(), c.intermediate());
        return encoder.forward(batch, whatIf);
    }

    @Override
    public AttentionSpec attentionSpec(EncoderTrace trace, int item, int layer) {
        return encoder.attentionSpec(trace, item, layer);
    }
}
