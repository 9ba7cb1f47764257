package org.attentionexplainer.engine.model;

import java.util.List;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.bert.EncoderTrace;
import org.attentionexplainer.engine.bert.WhatIf;
import org.attentionexplainer.engine.text.Encoding;

/**
 * A trained transformer whose attention the app shows: its tokenizer and its layers, each
 * forward pass giving every layer's and head's attention weights. An encoder (all-MiniLM-L6-v2,
 * BERT) lets every token see every other; a decoder (GPT-2) is causal by construction, so its
 * causal mask is part of the model rather than a what-if.
 */
public interface TransformerModel {
    /** Its name for captions: "all-MiniLM-L6-v2", or the name of the folder it came from. */
    String name();

    /** Where it was loaded from, for messages. */
    String source();

    /** The layers a forward pass computes. */
    int layers();

    /**
     * The layers of the checkpoint: more than {@link #layers()} when only the first of them
     * fitted in memory (the attention of a layer depends on no layer after it).
     */
    default int modelLayers() {
        return layers();
    }

    /** Attention heads per layer. */
    int heads();

    /** True for a decoder: no token sees a later one, as it was trained. */
    boolean causal();

    /** The most tokens one text may make. */
    int maxTokens();

    /** The most tokens of the texts it was trained on; a longer text runs on positions training barely shaped. */
    default int trainedLength() {
        return maxTokens();
    }

    /** How its tokens are made, for the screen's legend. */
    default TokenizerKind tokenizerKind() {
        return TokenizerKind.OTHER;
    }

    /**
     * The tokens of one text as the model reads them.
     *
     * @throws org.attentionexplainer.engine.text.TextTooLongException beyond {@link #maxTokens()}
     */
    Encoding tokenize(String text);

    /** Each text as {@link #tokenize} makes it, in order. */
    default List<Encoding> tokenizeAll(List<String> texts) {
        List<Encoding> batch = new java.util.ArrayList<>(texts.size());
        for (String text : texts) {
            batch.add(tokenize(text));
        }
        return batch;
    }

    /** The piece the tokenizer writes for what its vocabulary cannot spell; null if it has none (byte-level BPE). */
    default String unknownToken() {
        return null;
    }

    /**
     * Tokenizes and runs a batch of texts, shorter ones padded at the end (padding hidden from
     * every query); a decoder keeps its causal mask whatever {@code whatIf} says.
     *
     * @throws IllegalArgumentException with one line for a text the model cannot read
     */
    EncoderTrace run(List<String> texts, WhatIf whatIf);

    /**
     * The attention block of one layer for one text of a trace, as a spec for the engine's
     * step-by-step tools: computing it gives the trace's weights of that layer.
     */
    AttentionSpec attentionSpec(EncoderTrace trace, int item, int layer);

    /** The tokenizers whose tokens the screen explains. */
    enum TokenizerKind {
        /** BERT's: ## marks a piece that continues a word; [CLS] and [SEP] around the text. */
        WORDPIECE,
        /** GPT-2's byte-level BPE: Ġ marks the space before a word. */
        BYTE_LEVEL_BPE,
        OTHER
    }
}
