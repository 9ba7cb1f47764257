/**
 * Turning text into model tokens: BERT's WordPiece tokenizer configured from a Hugging Face
 * tokenizer.json. {@link org.attentionexplainer.engine.text.WordPieceTokenizer#encode} gives an
 * {@link org.attentionexplainer.engine.text.Encoding}: the sub-word tokens with their ids and,
 * for each, the word of the typed text it came from. No ND4J here.
 */
package org.attentionexplainer.engine.text;
