/**
 * Trained transformers as the app shows them, and models opened from disk.
 * {@link org.attentionexplainer.engine.model.TransformerModel} is what the real-model screen and
 * the command line run: all-MiniLM-L6-v2 and every loaded model implement it.
 * {@link org.attentionexplainer.engine.model.ModelFolder#load} opens a folder in the Hugging Face
 * layout, reading {@link org.attentionexplainer.engine.model.ModelConfig config.json} and the
 * weights through {@link org.attentionexplainer.engine.model.SafeTensors} and
 * {@link org.attentionexplainer.engine.model.Checkpoint}; every problem is a one-line
 * {@link org.attentionexplainer.engine.bert.ModelLoadException} naming the file.
 */
package org.attentionexplainer.engine.model;
