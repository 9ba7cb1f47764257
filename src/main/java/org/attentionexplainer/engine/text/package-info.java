/**
 * Turning text into model tokens: BERT's WordPiece tokenizer configured from a Hugging Face
 * tokenizer.json or a vocab.txt, and GPT-2's byte-level BPE
 * ({@link org.attentionexplainer.engine.text.ByteLevelBpeTokenizer}) from a tokenizer.json or
 * vocab.json with merges.txt. {@link org.attentionexplainer.engine.text.WordPieceTokenizer#encode} gives an
 * {@link org.attentionexplainer.engine.text.Encoding}: the sub-word tokens with their ids and,
 * for each, the word of the typed text it came from. No ND4J here.
 */
package org.attentionexplainer.engine.text;
