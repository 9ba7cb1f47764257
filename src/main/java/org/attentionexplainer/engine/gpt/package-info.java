/**
 * GPT-2-style decoders (GPT-2, DistilGPT-2) opened from a Hugging Face folder: their weights
 * under Hugging Face's names ({@link org.attentionexplainer.engine.gpt.GptCheckpoint}) and a
 * pre-norm, causal forward pass on ND4J that keeps every layer's steps in an
 * {@link org.attentionexplainer.engine.bert.EncoderTrace}, as the encoder's does.
 */
package org.attentionexplainer.engine.gpt;
